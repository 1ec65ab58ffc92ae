import { Box, Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import {
  billingMessages,
  mandateMessages,
  PAYMENT_METHOD_LABELS,
  type DirectDebitSettings,
  type DisplayChip,
} from '@portal/contract';

import { ErrorSummary } from '../../../components/error-summary.tsx';
import { Facts } from '../../../components/facts.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { LoadError, Loading } from '../../../components/states.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { saveDirectDebit, sendMandateLink, useDirectDebitSettings, useDirectDebitStatus } from '../api/billing.ts';
import { directDebitFieldIds, DirectDebitForm, directDebitValuesOf, withExtraData } from '../logic/forms.ts';
import { BankFields } from './bank-fields.tsx';

const CONFIRM_LABELS: Record<DirectDebitSettings['payee_confirm_status'], string> = {
  not_set_up: 'Not set up',
  pending: 'Waiting for the bank',
  confirmed: 'Confirmed',
  failed: 'Not confirmed',
};

/** Direct debit: whether it is collecting, the mandate's details, and a form to change the bank details. */
export function DirectDebitSection({ accountId }: { accountId: number }) {
  const status = useDirectDebitStatus(accountId);
  const settings = useDirectDebitSettings(accountId);
  return (
    <Box as="section" aria-labelledby="dd-heading" borderWidth="1px" rounded="lg" bg="bg" p={{ base: '4', lg: '8' }}>
      <Flex gap="3" align="center" wrap="wrap" mb="4">
        <Heading as="h2" id="dd-heading" size="xl">
          Direct debit
        </Heading>
        {status.data && (
          <StatusChip
            chip={
              status.data.successful
                ? ({ type: 'success', text: 'Successful' } satisfies DisplayChip)
                : { type: 'neutral', text: 'Not collecting' }
            }
            label="Direct-debit status"
          />
        )}
      </Flex>
      {settings.isPending ? (
        <Loading label="Loading your direct-debit details" />
      ) : settings.isError ? (
        <LoadError
          title="Your direct-debit details could not be loaded"
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <BankDetailsForm accountId={accountId} settings={settings.data} />
      )}
      <MandateLinkButton accountId={accountId} />
    </Box>
  );
}

/**
 * "Email a direct-debit form": the server e-mails the account holder a link (/mandate-entry/{token})
 * where they type the bank details themselves, without signing in.
 */
function MandateLinkButton({ accountId }: { accountId: number }) {
  const send = useMutation({
    mutationFn: () => sendMandateLink(accountId),
    onSuccess: ({ sent_to }) =>
      toaster.create({ type: 'success', title: mandateMessages.linkSent, description: sent_to }),
    onError: (error) =>
      toaster.create({ type: 'error', title: 'The direct-debit form was not sent', description: userErrorText(error) }),
  });
  return (
    <Button
      mt="6"
      size="sm"
      variant="outline"
      loading={send.isPending}
      loadingText="Sending"
      onClick={() => send.mutate()}
    >
      Email a direct-debit form to the account holder
    </Button>
  );
}

function BankDetailsForm({ accountId, settings }: { accountId: number; settings: DirectDebitSettings }) {
  const queryClient = useQueryClient();
  // The mandate's status as the last answer gave it: a refusal's extra_data writes over it.
  const [shown, setShown] = useState(settings);
  const { summary, summaryRef, submit, field, pending, setValues } = useForm({
    schema: DirectDebitForm,
    ids: directDebitFieldIds,
    initial: directDebitValuesOf(settings),
    send: async (body) => {
      try {
        const saved = await saveDirectDebit(queryClient, accountId, body);
        setShown(saved);
        toaster.create({ type: 'success', title: billingMessages.directDebitUpdated });
        return saved;
      } catch (error) {
        setShown((current) => withExtraData(current, error));
        setValues((current) => withExtraData(current, error));
        throw error;
      }
    },
    onSaved: directDebitValuesOf,
  });
  const bank = shown.bank_name;
  return (
    <Stack gap="6">
      <Facts
        rows={[
          ['Payment method', PAYMENT_METHOD_LABELS[shown.payment_method]],
          ['Mandate', CONFIRM_LABELS[shown.payee_confirm_status]],
          ['Attempts', String(shown.payee_confirm_attempt)],
          ['Bank', bank ?? (shown.sort_code ? 'Not one we can name' : '-')],
        ]}
      />
      <form noValidate onSubmit={submit} aria-labelledby="dd-form-heading" aria-busy={pending}>
        <Heading as="h3" id="dd-form-heading" size="md" mb="4">
          {shown.payee_confirm_status === 'confirmed' ? 'Change your bank details' : 'Set up a direct debit'}
        </Heading>
        <ErrorSummary ref={summaryRef} errors={summary} />
        <Stack gap="5" maxW="md">
          <BankFields field={field} />
          <SubmitButton pending={pending} pendingText="Saving" align="start">
            Save bank details
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
