import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { BILLING_DAY_LABELS, recurringCardMessages, type RecurringCardPayment, type SavedCard } from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import * as journeyPaths from '../../../config/journey-paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { extractErrorText, userErrorText } from '../../../lib/error-text.ts';
import { useAuth } from '../../auth/index.ts';
import { postRecurringCardPayment, useRecurringCardPayment } from '../api/payments.ts';
import { newAttemptKey, storeCheckoutConfig } from '../logic/checkout-config.ts';

const SIGN_IN_ROUTE = '/auth/login/';

/** What /invalid-link and /setup-complete are handed by the page that sends the browser there. */
interface InvalidLinkState {
  detail?: unknown;
}
interface SetupCompleteState {
  card?: SavedCard;
  businessName?: string;
}

/** Leaves the portal for the provider's page (its hosted page, or a 3-D Secure step). */
const goToProvider = (href: string) => window.location.assign(href);

/** Whether an error is the link being refused: 401 on the token's data (spec 001 section 8), or a token the contract refuses. */
const linkRefused = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 400);
const refusalDetail = (error: unknown) =>
  (isApiError(error) && extractErrorText(error.data)) || recurringCardMessages.linkInvalid;

const cardText = (card: SavedCard) => `${card.brand} ending ${card.last4}`;

/**
 * /recurring-card-payment/{token} (spec 000 section 2; spec 001 section 7 "recurring-card-payment
 * tokens"): the account holder saves a card for the account's bills from an e-mailed link, signed
 * out, on the payment provider's hosted page in card set-up mode (nothing charged). The provider
 * sends the browser back through /checkout-redirect with cko-session-id, which is checked here
 * with the server; a saved card goes on to /setup-complete. A 401 on the link's data (not valid,
 * used or expired) goes to /invalid-link.
 */
export function RecurringCardPaymentPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const sessionId = params.get('cko-session-id');
  return (
    <Stack gap="6" maxW="2xl">
      <Heading as="h1" size="2xl">
        Set up card payments
      </Heading>
      {sessionId === null ? (
        <SetupEntry token={token} declined={false} />
      ) : (
        <SetupReturn token={token} sessionId={sessionId} />
      )}
    </Stack>
  );
}

/**
 * A 401 on the link's data: on to /invalid-link, saying why. (An effect rather than react-router's <Navigate>, which
 * would put its code in the first load's chunk, past the home page's bundle budget.)
 */
function ToInvalidLink({ detail }: { detail: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(journeyPaths.recurringCardPaymentInvalidLink.build(), {
      replace: true,
      state: { detail } satisfies InvalidLinkState,
    });
  }, [navigate, detail]);
  return <Loading label="Checking your link" />;
}

function SetupEntry({ token, declined }: { token: string; declined: boolean }) {
  const entry = useRecurringCardPayment(token);
  if (entry.isPending) return <Loading label="Loading your account" />;
  if (entry.isError) {
    if (linkRefused(entry.error)) return <ToInvalidLink detail={refusalDetail(entry.error)} />;
    return (
      <LoadError
        title="Your account could not be loaded"
        error={entry.error}
        onRetry={() => void entry.refetch()}
        retrying={entry.isFetching}
      />
    );
  }
  return <SetupForm token={token} entry={entry.data} declined={declined} />;
}

function SetupForm({ token, entry, declined }: { token: string; entry: RecurringCardPayment; declined: boolean }) {
  const navigate = useNavigate();
  // One key per visit: pressing the button twice asks for the same hosted page.
  const attemptKey = useRef(newAttemptKey());
  const start = useMutation({
    mutationFn: async () => {
      storeCheckoutConfig({ route: journeyPaths.recurringCardPayment.build({ token }) });
      const started = await postRecurringCardPayment(token, { idempotency_key: attemptKey.current });
      if (started._links.redirect) {
        goToProvider(started._links.redirect.href);
        // The browser is leaving: the button stays busy until it has gone.
        await new Promise(() => undefined);
      }
      return started;
    },
    onError: (error) => {
      if (linkRefused(error))
        void navigate(journeyPaths.recurringCardPaymentInvalidLink.build(), {
          replace: true,
          state: { detail: refusalDetail(error) } satisfies InvalidLinkState,
        });
    },
  });
  const { account_details: account, rcp_details: rcp } = entry;
  return (
    <Stack gap="5">
      {declined && (
        <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4">
          <Text>{recurringCardMessages.declined}</Text>
        </Box>
      )}
      <Text>
        For <strong>{account.business_name}</strong>: save a card and your bills are paid from it on your billing day,
        the {BILLING_DAY_LABELS[account.bill_cycle]} of each month. Nothing is charged now.
      </Text>
      {rcp.card && <Text>The card on file now is a {cardText(rcp.card)}; a new card replaces it.</Text>}
      <Text color="fg.muted">
        You type the card on our payment provider&apos;s secure page, then come back here. We keep only the
        provider&apos;s reference to it.
      </Text>
      {start.isError && !linkRefused(start.error) && (
        <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4">
          <Text>{userErrorText(start.error)}</Text>
        </Box>
      )}
      <Button
        colorPalette="brand"
        alignSelf="flex-start"
        loading={start.isPending}
        loadingText="Going to the card page"
        onClick={() => start.mutate()}
      >
        {declined ? 'Try another card' : 'Continue to add a card'}
      </Button>
    </Stack>
  );
}

/** Back from the provider: the server asks it how the set-up ended. */
function SetupReturn({ token, sessionId }: { token: string; sessionId: string }) {
  const navigate = useNavigate();
  const outcome = useQuery({
    queryKey: ['payment', 'recurring-card', token, 'return', sessionId],
    queryFn: ({ signal }) => postRecurringCardPayment(token, { session_id: sessionId }, signal),
    retry: false,
    staleTime: Infinity,
  });
  const data = outcome.data;
  useEffect(() => {
    if (data?.status === 'approved') {
      void navigate(journeyPaths.recurringCardPaymentSetupComplete.build(), {
        replace: true,
        state: { ...(data.card && { card: data.card }) } satisfies SetupCompleteState,
      });
    } else if (data?.status === 'pending' && data._links.redirect) {
      goToProvider(data._links.redirect.href);
    }
  }, [data, navigate]);
  if (outcome.isError) {
    if (linkRefused(outcome.error)) return <ToInvalidLink detail={refusalDetail(outcome.error)} />;
    return (
      <LoadError
        title="Your card set-up could not be checked"
        error={outcome.error}
        onRetry={() => void outcome.refetch()}
        retrying={outcome.isFetching}
      />
    );
  }
  if (outcome.isPending || data?.status === 'approved') return <Loading label="Checking your card" />;
  if (data?.status === 'pending') return <Loading label="Taking you to your bank" />;
  // Declined: the link still works; the form again, saying so.
  return <SetupEntry token={token} declined />;
}

function SignInOrAccount() {
  const { loggedIn } = useAuth();
  return (
    <Button asChild colorPalette="brand" alignSelf="flex-start">
      {loggedIn ? (
        <RouterLink to="/billing">See your billing</RouterLink>
      ) : (
        <RouterLink to={SIGN_IN_ROUTE}>Sign in</RouterLink>
      )}
    </Button>
  );
}

/** /recurring-card-payment/invalid-link: the link is not valid, used or expired (a 401 on its data), with the way in by signing in. */
export function InvalidLinkPage() {
  const detail = (useLocation().state as InvalidLinkState | null)?.detail;
  return (
    <Stack gap="4" maxW="2xl">
      <Heading as="h1" size="2xl">
        This link cannot be used
      </Heading>
      <Box role="alert" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="4">
        <Text>{typeof detail === 'string' && detail ? detail : recurringCardMessages.linkInvalid}</Text>
      </Box>
      <Text>Ask for a new link from Billing, or sign in to see how you pay.</Text>
      <SignInOrAccount />
    </Stack>
  );
}

/** /recurring-card-payment/setup-complete: the card is saved (the link is spent, so nothing is fetched). */
export function SetupCompletePage() {
  const card = (useLocation().state as SetupCompleteState | null)?.card;
  return (
    <Stack gap="4" maxW="2xl">
      <Heading as="h1" size="2xl">
        Card payments set up
      </Heading>
      <Box role="status" borderInlineStartWidth="4px" borderInlineStartColor="green.600" bg="green.50" px="4" py="3">
        <Text fontWeight="semibold">
          {recurringCardMessages.saved}
          {card && typeof card.brand === 'string' && typeof card.last4 === 'string' ? `: ${cardText(card)}` : ''}. Your
          bills will be paid from it on your billing day.
        </Text>
      </Box>
      <Text>Sign in to see your bills and how you pay.</Text>
      <SignInOrAccount />
    </Stack>
  );
}
