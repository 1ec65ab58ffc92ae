import { Box, Button, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import {
  balanceText,
  BILLING_DAY_LABELS,
  displayPrice,
  isDecimalId,
  PAYMENT_METHOD_LABELS,
  paymentMessages,
  recurringCardMessages,
  type BillingAccount,
} from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  sendPaymentLink,
  sendRecurringCardLink,
  useBillingAccount,
  useBillingAccounts,
  useNextInvoice,
} from '../api/billing.ts';
import { AccountDetailsSection } from './account-details-section.tsx';
import { DirectDebitSection } from './direct-debit-section.tsx';
import { HistorySection } from './history-section.tsx';

/**
 * Billing (/billing?id={account_id}; spec 001 sections 2, 3 and 7): the account's balance, next
 * invoice, payment method and billing day; its details with edit; direct debit; and the history
 * of invoices and payments with each invoice viewable and downloadable. Without an id it goes to
 * the customer's own account.
 */
export function BillingPage() {
  const [params, setParams] = useSearchParams();
  const idText = params.get('id');
  const id = idText !== null && isDecimalId(idText) ? Number(idText) : null;
  const accounts = useBillingAccounts(id === null);
  const first = accounts.data?.results[0];
  useEffect(() => {
    if (id === null && first) setParams({ id: String(first.account_id) }, { replace: true });
  }, [id, first, setParams]);

  return (
    <Stack gap="6" maxW="5xl">
      <Heading as="h1" size="3xl">
        Billing
      </Heading>
      {id !== null ? (
        <AccountBilling id={id} />
      ) : accounts.isError ? (
        <LoadError
          title="Your billing account could not be loaded"
          error={accounts.error}
          onRetry={() => void accounts.refetch()}
          retrying={accounts.isFetching}
        />
      ) : accounts.data && !first ? (
        <Text>There is no billing account on your sign-in.</Text>
      ) : (
        <Loading label="Loading your billing account" />
      )}
    </Stack>
  );
}

function AccountBilling({ id }: { id: number }) {
  const account = useBillingAccount(id);
  if (account.isPending) return <Loading label="Loading your billing account" />;
  if (account.isError) {
    const missing = isApiError(account.error) && account.error.status === 404;
    return missing ? (
      <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4">
        <Text fontWeight="semibold">There is no billing account {id} on your sign-in.</Text>
        <Text>Choose Billing in the menu to see your own.</Text>
      </Box>
    ) : (
      <LoadError
        title="Your billing account could not be loaded"
        error={account.error}
        onRetry={() => void account.refetch()}
        retrying={account.isFetching}
      />
    );
  }
  return (
    <Stack gap="8">
      <Text color="fg.muted" mt="-4">
        {account.data.business_name} · Account {account.data.account_id}
      </Text>
      <Summary account={account.data} />
      <HistorySection accountId={id} />
      <DirectDebitSection accountId={id} />
      <AccountDetailsSection account={account.data} />
    </Stack>
  );
}

/**
 * "Email a payment link": the server e-mails the account holder a link that pays the balance
 * without signing in (spec 000 section 2's guest /make-a-payment), for whoever pays the bills,
 * or for staff acting as the customer to send one.
 */
function PaymentLinkButton({ accountId }: { accountId: number }) {
  const send = useMutation({
    mutationFn: () => sendPaymentLink(accountId),
    onSuccess: ({ sent_to }) =>
      toaster.create({ type: 'success', title: paymentMessages.linkSent, description: sent_to }),
    onError: (error) =>
      toaster.create({ type: 'error', title: 'The payment link was not sent', description: userErrorText(error) }),
  });
  return (
    <Button size="sm" variant="outline" loading={send.isPending} loadingText="Sending" onClick={() => send.mutate()}>
      Email a payment link
    </Button>
  );
}

/**
 * "Email a card payment link": the server e-mails the account holder a link
 * (/recurring-card-payment/{token}) where they save a card for the bills themselves, without
 * signing in, on the payment provider's page.
 */
function RecurringCardLinkButton({ accountId }: { accountId: number }) {
  const send = useMutation({
    mutationFn: () => sendRecurringCardLink(accountId),
    onSuccess: ({ sent_to }) =>
      toaster.create({ type: 'success', title: recurringCardMessages.linkSent, description: sent_to }),
    onError: (error) =>
      toaster.create({ type: 'error', title: 'The card payment link was not sent', description: userErrorText(error) }),
  });
  return (
    <Button
      size="sm"
      variant="outline"
      mt="2"
      loading={send.isPending}
      loadingText="Sending"
      onClick={() => send.mutate()}
    >
      Email a card payment set-up link
    </Button>
  );
}

function Tile({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={label} borderWidth="1px" rounded="lg" bg="bg" p="4">
      <Heading as="h2" fontSize="sm" fontWeight="semibold" color="fg.muted" mb="1">
        {label}
      </Heading>
      {children}
    </Box>
  );
}

/** Balance, next invoice, payment method and billing day, side by side (one under the other on a phone). */
function Summary({ account }: { account: BillingAccount }) {
  const next = useNextInvoice(account.account_id);
  const owed = Number(account.balance) > 0;
  const shown = balanceText(account.balance);
  return (
    <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }} gap="4">
      <Tile label="Balance">
        <Text fontSize="2xl" fontWeight="bold">
          {shown.amount}
        </Text>
        <Text color="fg.muted">{shown.label}</Text>
        {owed && (
          <Stack direction="row" wrap="wrap" gap="2" mt="2">
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/make-a-payment">Pay now</RouterLink>
            </Button>
            <PaymentLinkButton accountId={account.account_id} />
          </Stack>
        )}
      </Tile>
      <Tile label="Next invoice">
        {next.isError ? (
          <Text>Not known just now</Text>
        ) : next.data ? (
          <>
            <Text fontSize="2xl" fontWeight="bold">
              {displayPrice(next.data.amount)}
            </Text>
            <Text color="fg.muted">on {formatDate(next.data.date)}</Text>
            {next.data.one_off_charges !== '0.00' && (
              <Text color="fg.muted">
                Includes {displayPrice(next.data.one_off_charges)} of one-off charges (shop orders)
              </Text>
            )}
          </>
        ) : (
          <Loading label="Loading" />
        )}
      </Tile>
      <Tile label="Payment method">
        <Text fontSize="xl" fontWeight="bold">
          {PAYMENT_METHOD_LABELS[account.payment_method]}
        </Text>
        {/* The saved card as the payment provider describes it: brand and last four digits, nothing more. */}
        {account.payment_method === 'card' && (
          <Text color="fg.muted">
            {account.card ? `${account.card.brand} ending ${account.card.last4}` : 'No card saved for your bills'}
          </Text>
        )}
        <RecurringCardLinkButton accountId={account.account_id} />
      </Tile>
      <Tile label="Billing day">
        <Text fontSize="xl" fontWeight="bold">
          {BILLING_DAY_LABELS[account.bill_cycle]} of each month
        </Text>
        <Text color="fg.muted">Billing cycle {account.bill_cycle}</Text>
      </Tile>
    </Grid>
  );
}
