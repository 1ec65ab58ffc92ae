import { Box, Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';

import {
  amountProblem,
  balanceText,
  displayPrice,
  MIN_PART_PAYMENT_PENCE,
  PaymentAmount,
  paymentMessages,
  penceOf,
  poundsOf,
  type PaymentResult,
} from '@portal/contract';

import { ErrorSummary } from '../../../components/error-summary.tsx';
import { serverErrors } from '../../../components/form/form-errors.ts';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { LoadError, Loading } from '../../../components/states.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { extractErrorText } from '../../../lib/error-text.ts';
import { useAuth } from '../../auth/index.ts';
import { processPayment, usePaymentBalance, usePaymentsByToken, verifyPayment } from '../api/payments.ts';
import { newAttemptKey, storeCheckoutConfig, takeCheckoutRedirect } from '../logic/checkout-config.ts';

const PROCESS_ROUTE = '/make-a-payment/process';
const SIGN_IN_ROUTE = '/auth/login/';

/** A route of the payment pages, keeping the payment link's token when there is one. */
const withLink = (route: string, tkn: string | null) =>
  tkn === null ? route : `${route}?tkn=${encodeURIComponent(tkn)}`;

/** What a balance with nothing owed says: a credit (an overpayment) is named as one, never shown as an amount due. */
function nothingToPay(balance: string): string {
  const shown = balanceText(balance);
  return shown.label === 'In credit'
    ? `${paymentMessages.nothingToPay}: you have ${shown.amount} in credit.`
    : `${paymentMessages.nothingToPay}.`;
}

/** Leaves the portal for the provider's page (its hosted checkout, or a 3-D Secure step). */
const goToProvider = (href: string) => window.location.assign(href);

/** The amount form's schema for a balance: the contract's amount rule, then the part-payment rule. */
const amountForm = (balancePence: number) =>
  z.object({
    amount: z.pipe(
      PaymentAmount,
      z.int().check(
        z.refine((pence: number) => amountProblem(pence, balancePence) === null, {
          error: (issue) => amountProblem(issue.input as number, balancePence) ?? '',
        }),
      ),
    ),
  });

/**
 * Make a payment (/make-a-payment; spec 000 section 2, spec 001 section 7): the balance, an amount
 * (the balance, or part of it from £5.00), then the provider's hosted checkout. One idempotency
 * key per visit: pressing Continue twice, or again after a failed send, asks for the same checkout.
 */
export function MakeAPaymentPage() {
  const { loggedIn } = useAuth();
  const [params] = useSearchParams();
  const tkn = params.get('tkn');
  // A payment link (e-mailed to the account holder): the link's account, signed in or not.
  if (tkn !== null) return <LinkPayment tkn={tkn} />;
  if (!loggedIn) {
    return (
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Make a payment
        </Heading>
        <Text>Sign in to pay your balance.</Text>
        <Link asChild colorPalette="brand" fontWeight="semibold">
          <RouterLink to="/auth/login/">Sign in</RouterLink>
        </Link>
      </Stack>
    );
  }
  return <SignedInPayment />;
}

function SignedInPayment() {
  const balance = usePaymentBalance();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Make a payment
      </Heading>
      {balance.isPending ? (
        <Loading label="Loading your balance" />
      ) : balance.isError ? (
        <LoadError
          title="Your balance could not be loaded"
          error={balance.error}
          onRetry={() => void balance.refetch()}
          retrying={balance.isFetching}
        />
      ) : (penceOf(balance.data.balance) ?? 0) <= 0 ? (
        <Stack gap="3">
          <Text>{nothingToPay(balance.data.balance)}</Text>
          <Link asChild colorPalette="brand" fontWeight="semibold">
            <RouterLink to="/billing">See your billing</RouterLink>
          </Link>
        </Stack>
      ) : (
        <AmountForm balance={balance.data.balance} tkn={null} />
      )}
    </Stack>
  );
}

/**
 * /make-a-payment?tkn=: paying from a payment link, without signing in (spec 000 section 2). The
 * link works until a payment made with it goes through, for PAYMENT_LINK_TTL_DAYS days; one that
 * was used, has expired or is not a link says so, and offers to sign in.
 */
function LinkPayment({ tkn }: { tkn: string }) {
  const link = usePaymentsByToken(tkn);
  const refused = link.isError && isApiError(link.error) && (link.error.status === 401 || link.error.status === 400);
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Make a payment
      </Heading>
      {link.isPending ? (
        <Loading label="Loading your balance" />
      ) : refused ? (
        <SignInInstead
          text={(isApiError(link.error) && extractErrorText(link.error.data)) || paymentMessages.linkInvalid}
        />
      ) : link.isError ? (
        <LoadError
          title="Your balance could not be loaded"
          error={link.error}
          onRetry={() => void link.refetch()}
          retrying={link.isFetching}
        />
      ) : (
        <>
          <Text color="fg.muted" mt="-3">
            {link.data.business_name}
          </Text>
          {(penceOf(link.data.balance) ?? 0) <= 0 ? (
            <SignInInstead text={nothingToPay(link.data.balance)} />
          ) : (
            <AmountForm balance={link.data.balance} tkn={tkn} />
          )}
        </>
      )}
    </Stack>
  );
}

/** A payment link that cannot be used (or has nothing to pay): why, and the way in by signing in. */
function SignInInstead({ text }: { text: string }) {
  const { loggedIn } = useAuth();
  return (
    <Stack gap="4">
      <Box role="alert" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="4">
        <Text>{text}</Text>
      </Box>
      <Button asChild colorPalette="brand" alignSelf="flex-start">
        {loggedIn ? (
          <RouterLink to="/billing">See your billing</RouterLink>
        ) : (
          <RouterLink to={SIGN_IN_ROUTE}>Sign in</RouterLink>
        )}
      </Button>
    </Stack>
  );
}

function AmountForm({ balance, tkn }: { balance: string; tkn: string | null }) {
  const balancePence = penceOf(balance) ?? 0;
  const attemptKey = useRef(newAttemptKey());
  const { summary, summaryRef, submit, field, pending } = useForm({
    schema: amountForm(balancePence),
    ids: { amount: 'payment-amount' },
    initial: { amount: balance },
    send: async ({ amount }) => {
      storeCheckoutConfig({ route: withLink(PROCESS_ROUTE, tkn) });
      const started = await processPayment(
        { data: { amount: poundsOf(amount), idempotency_key: attemptKey.current } },
        tkn,
      );
      goToProvider(
        started._links.redirect?.href ?? `/checkout-redirect?cko-session-id=${encodeURIComponent(started.session_id)}`,
      );
      // The browser is leaving: the form stays busy until it has gone.
      await new Promise(() => undefined);
    },
    serverErrors: (error) => {
      const { fieldErrors, formError } = serverErrors(error, ['data.amount']);
      return { fieldErrors: { amount: fieldErrors['data.amount'] }, formError };
    },
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Make a payment" aria-busy={pending}>
      <ErrorSummary ref={summaryRef} errors={summary} />
      <Stack gap="5">
        <Box borderWidth="1px" rounded="lg" p="4" bg="bg.subtle">
          <Text color="fg.muted">Your balance</Text>
          <Text fontSize="2xl" fontWeight="bold">
            {displayPrice(balance)}
          </Text>
        </Box>
        <TextField
          {...field('amount')}
          label="Amount to pay (£)"
          hint={`Your balance, or part of it from ${displayPrice(poundsOf(Math.min(MIN_PART_PAYMENT_PENCE, balancePence)))}`}
          inputMode="decimal"
          autoComplete="off"
          maxW="12rem"
        />
        <Text color="fg.muted">
          You will pay by card on our payment provider&apos;s secure page, then come back here.
        </Text>
        <SubmitButton pending={pending} pendingText="Going to the payment page" align="start">
          Continue to payment
        </SubmitButton>
      </Stack>
    </form>
  );
}

/**
 * /make-a-payment/process?cko-session-id=: the outcome, verified by the server with the provider
 * before success shows. Pending with a redirect (3-D Secure) goes there; a decline says so with a
 * way to try again. After success the balance, history and home's credit-control card refresh.
 */
export function PaymentProcessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('cko-session-id');
  const tkn = params.get('tkn');
  const { loggedIn } = useAuth();
  const queryClient = useQueryClient();
  const outcome = useQuery({
    queryKey: ['payment', 'process', sessionId, tkn],
    queryFn: ({ signal }) => verifyPayment(sessionId!, tkn, signal),
    enabled: sessionId !== null,
    retry: false,
    staleTime: Infinity,
  });
  const data: PaymentResult | undefined = outcome.data;
  useEffect(() => {
    if (!data) return;
    if (data.approved) {
      // Everything the account shows may have changed: the balance, the history, home's
      // credit-control card. (Naming the status feature's key here would split its module out
      // of the home page's chunk, past the bundle budget.)
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] !== 'process' });
    } else if (data._links.redirect) {
      goToProvider(data._links.redirect.href);
    }
  }, [data, queryClient]);

  if (sessionId === null) return <NotPaid text="There is no payment to check here." tkn={tkn} />;
  if (outcome.isPending) return <Loading label="Checking your payment" />;
  if (outcome.isError)
    return (
      <LoadError
        title="Your payment could not be checked"
        error={outcome.error}
        onRetry={() => void outcome.refetch()}
        retrying={outcome.isFetching}
      />
    );
  if (outcome.data.approved) {
    return (
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Payment received
        </Heading>
        <Box role="status" borderInlineStartWidth="4px" borderInlineStartColor="green.600" bg="green.50" px="4" py="3">
          <Text fontWeight="semibold">
            {paymentMessages.approved}: {displayPrice(outcome.data.amount)}.
          </Text>
        </Box>
        {loggedIn ? (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button asChild colorPalette="brand">
              <RouterLink to="/billing">Back to billing</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to="/">Go to home</RouterLink>
            </Button>
          </Stack>
        ) : (
          <Stack gap="3">
            <Text>A receipt is in your billing history. Sign in to see it.</Text>
            <Button asChild colorPalette="brand" alignSelf="flex-start">
              <RouterLink to={SIGN_IN_ROUTE}>Sign in</RouterLink>
            </Button>
          </Stack>
        )}
      </Stack>
    );
  }
  if (outcome.data._links.redirect) return <Loading label="Taking you to your bank" />;
  return <NotPaid text={paymentMessages.declined} tkn={tkn} />;
}

function NotPaid({ text, tkn }: { text: string; tkn: string | null }) {
  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl">
        Your payment did not go through
      </Heading>
      <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4">
        <Text>{text}</Text>
      </Box>
      <Button asChild colorPalette="brand" alignSelf="flex-start">
        <RouterLink to={withLink('/make-a-payment', tkn)}>Try again</RouterLink>
      </Button>
    </Stack>
  );
}

/** /checkout-redirect: back from the provider; reads and removes the stored checkout configuration and goes on. */
export function CheckoutRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('cko-session-id');
  useEffect(() => {
    void navigate(takeCheckoutRedirect(sessionId), { replace: true });
  }, [navigate, sessionId]);
  return <Loading label="Checking your payment" />;
}
