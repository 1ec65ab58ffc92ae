import { Box, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { billingMessages, PAYEE_ACCOUNT_TYPES, PAYMENT_METHOD_LABELS, UK_BANKS, type DirectDebitSettings, type DisplayChip } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { Facts } from '../../../components/facts.tsx';
import { FieldShell, fieldDescription } from '../../../components/form/field-shell.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { LoadError, Loading } from '../../../components/states.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { saveDirectDebit, useDirectDebitSettings, useDirectDebitStatus } from '../api/billing.ts';
import { DirectDebitForm, directDebitFieldIds, directDebitValuesOf, withExtraData } from '../logic/forms.ts';

const CONFIRM_LABELS: Record<DirectDebitSettings['payee_confirm_status'], string> = {
  not_set_up: 'Not set up',
  pending: 'Waiting for the bank',
  confirmed: 'Confirmed',
  failed: 'Not confirmed',
};

const ACCOUNT_TYPE_LABELS = { personal: 'Personal account', business: 'Business account' } as const;

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
          <StatusChip chip={status.data.successful ? ({ type: 'success', text: 'Successful' } satisfies DisplayChip) : { type: 'neutral', text: 'Not collecting' }} label="Direct-debit status" />
        )}
      </Flex>
      {settings.isPending ? (
        <Loading label="Loading your direct-debit details" />
      ) : settings.isError ? (
        <LoadError title="Your direct-debit details could not be loaded" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      ) : (
        <BankDetailsForm accountId={accountId} settings={settings.data} />
      )}
    </Box>
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
  const typeField = field('payee_account_type');
  const typeDescription = fieldDescription(typeField.id, { error: typeField.error });
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
          <TextField {...field('sort_code')} label="Sort code" hint="6 digits, like 12-34-56 or 123456" inputMode="numeric" autoComplete="off" maxW="12rem" />
          <TextField {...field('bank_acc_no')} label="Account number" hint="8 digits" inputMode="numeric" autoComplete="off" maxW="14rem" />
          <TextField {...field('payee_account_name')} label="Name on the account" autoComplete="off" />
          <FieldShell id={typeField.id} label="Type of account" error={typeField.error}>
            <chakra.select
              id={typeField.id}
              name={typeField.name}
              value={typeField.value}
              onChange={typeField.onChange}
              aria-invalid={typeField.error ? true : undefined}
              aria-describedby={typeDescription.describedBy}
              borderWidth="2px"
              borderColor="gray.700"
              rounded="md"
              px="3"
              py="2"
              bg="bg"
              maxW="16rem"
            >
              {PAYEE_ACCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ACCOUNT_TYPE_LABELS[type]}
                </option>
              ))}
            </chakra.select>
          </FieldShell>
          <Text fontSize="sm" color="fg.muted">
            We check the sort code and account number with the banks' own modulus check. Banks we name: {UK_BANKS.join(', ')}.
          </Text>
          <SubmitButton pending={pending} pendingText="Saving" align="start">
            Save bank details
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
