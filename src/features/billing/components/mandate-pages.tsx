import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';

import { BILLING_DAY_LABELS, mandateMessages, type MandateEntry } from '@portal/contract';

import { ErrorSummary } from '../../../components/error-summary.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { LoadError, Loading } from '../../../components/states.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { extractErrorText } from '../../../lib/error-text.ts';
import { postMandateEntry, useMandateEntry } from '../api/billing.ts';
import { directDebitFieldIds, DirectDebitForm, withExtraData } from '../logic/forms.ts';
import { BankFields } from './bank-fields.tsx';

const SIGN_IN_ROUTE = '/auth/login/';

/**
 * /mandate-entry/{token} (spec 000 section 2, spec 001 section 7 "direct-debit tokens"): the
 * account holder sets up the account's direct debit from an e-mailed link, signed out, with the
 * four bank fields and the billing page's rules and modulus check. A link not valid, used or
 * expired says so and offers to sign in.
 */
export function MandateEntryPage() {
  const { token = '' } = useParams();
  const entry = useMandateEntry(token);
  const refused =
    entry.isError && isApiError(entry.error) && (entry.error.status === 401 || entry.error.status === 400);
  return (
    <Stack gap="6" maxW="2xl">
      <Heading as="h1" size="2xl">
        Set up a Direct Debit
      </Heading>
      {entry.isPending ? (
        <Loading label="Loading your account" />
      ) : refused ? (
        <LinkRefused
          text={(isApiError(entry.error) && extractErrorText(entry.error.data)) || mandateMessages.linkInvalid}
        />
      ) : entry.isError ? (
        <LoadError
          title="Your account could not be loaded"
          error={entry.error}
          onRetry={() => void entry.refetch()}
          retrying={entry.isFetching}
        />
      ) : (
        <MandateForm token={token} entry={entry.data} />
      )}
    </Stack>
  );
}

function MandateForm({ token, entry }: { token: string; entry: MandateEntry }) {
  const navigate = useNavigate();
  const { summary, summaryRef, submit, field, pending, setValues } = useForm({
    schema: DirectDebitForm,
    ids: directDebitFieldIds,
    initial: {
      sort_code: '',
      bank_acc_no: '',
      payee_account_name: entry.business_name,
      payee_account_type: 'business',
    },
    send: async (body) => {
      try {
        const saved = await postMandateEntry(token, body);
        void navigate(`/mandate-entry/${encodeURIComponent(token)}/success`, {
          state: { businessName: saved.business_name },
        });
        return saved;
      } catch (error) {
        // A refusal's extra_data overwrites the matching fields (spec 001 section 3).
        setValues((current) => withExtraData(current, error));
        throw error;
      }
    },
  });
  return (
    <Stack gap="5">
      <Text>
        For <strong>{entry.business_name}</strong>, collected on the {BILLING_DAY_LABELS[entry.bill_cycle]} of each
        month, your billing day. Enter the details of the bank account the Direct Debit is paid from.
      </Text>
      <form noValidate onSubmit={submit} aria-label="Bank details" aria-busy={pending}>
        <ErrorSummary ref={summaryRef} errors={summary} />
        <Stack gap="5" maxW="md">
          <BankFields field={field} />
          <SubmitButton pending={pending} pendingText="Setting up" align="start">
            Set up the Direct Debit
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}

function LinkRefused({ text }: { text: string }) {
  return (
    <Stack gap="4">
      <Box role="alert" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="4">
        <Text>{text}</Text>
      </Box>
      <Button asChild colorPalette="brand" alignSelf="flex-start">
        <RouterLink to={SIGN_IN_ROUTE}>Sign in</RouterLink>
      </Button>
    </Stack>
  );
}

/** /mandate-entry/{token}/success: the direct debit is set up (the link is spent, so nothing is fetched). */
export function MandateSuccessPage() {
  const location = useLocation();
  const businessName = (location.state as { businessName?: unknown } | null)?.businessName;
  return (
    <Stack gap="4" maxW="2xl">
      <Heading as="h1" size="2xl">
        Direct Debit set up
      </Heading>
      <Box role="status" borderInlineStartWidth="4px" borderInlineStartColor="green.600" bg="green.50" px="4" py="3">
        <Text fontWeight="semibold">
          {mandateMessages.saved}
          {typeof businessName === 'string' ? ` for ${businessName}` : ''}. Your bills will be collected from this
          account on your billing day.
        </Text>
      </Box>
      <Text>Sign in to see your direct debit and your bills.</Text>
      <Button asChild colorPalette="brand" alignSelf="flex-start">
        <RouterLink to={SIGN_IN_ROUTE}>Sign in</RouterLink>
      </Button>
    </Stack>
  );
}
