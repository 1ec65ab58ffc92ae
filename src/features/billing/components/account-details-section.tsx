import { Box, Button, Flex, Grid, Heading, Stack } from '@chakra-ui/react';
import { billingMessages, type BillingAccount } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { Facts } from '../../../components/facts.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { saveAccountDetails } from '../api/billing.ts';
import { AccountForm, accountBodyOf, accountFieldIds, accountServerErrors, accountValuesOf } from '../logic/forms.ts';

const orDash = (text: string) => text || '-';

/** The account's details (spec 001 section 3 "Account"): shown, and changed with a form in place. */
export function AccountDetailsSection({ account }: { account: BillingAccount }) {
  const [editing, setEditing] = useState(false);
  const address = [account.address_line_one, account.address_line_two, account.address_city, account.address_county, account.address_post_code].filter(Boolean).join(', ');
  const contact = account.authorised_contact;
  return (
    <Box as="section" aria-labelledby="account-details-heading" borderWidth="1px" rounded="lg" bg="bg" p={{ base: '4', lg: '8' }}>
      <Flex gap="3" align="center" justify="space-between" wrap="wrap">
        <Heading as="h2" id="account-details-heading" size="xl">
          Account details
        </Heading>
        {!editing && (
          <Button variant="outline" colorPalette="brand" onClick={() => setEditing(true)}>
            Edit details
          </Button>
        )}
      </Flex>
      {editing ? (
        <AccountDetailsForm account={account} onDone={() => setEditing(false)} />
      ) : (
        <Facts
          rows={[
            ['Business name', account.business_name],
            ['Account holder', `${account.first_name} ${account.last_name}`.trim()],
            ['Email address', account.email_address],
            ['Phone number', orDash(account.phone_number)],
            ['Mobile number', orDash(account.mobile_number)],
            ['Billing address', orDash(address)],
            ['Authorised contact', [contact.full_name, contact.email_address, contact.phone_number, contact.mobile_number].filter(Boolean).join(', ')],
          ]}
        />
      )}
    </Box>
  );
}

function AccountDetailsForm({ account, onDone }: { account: BillingAccount; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    schema: AccountForm,
    ids: accountFieldIds,
    initial: accountValuesOf(account),
    send: async (body) => {
      const saved = await saveAccountDetails(queryClient, account.account_id, accountBodyOf(body));
      toaster.create({ type: 'success', title: billingMessages.accountUpdated });
      onDone();
      return saved;
    },
    serverErrors: accountServerErrors,
  });
  const text = (name: Parameters<typeof form.field>[0], label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField {...form.field(name)} label={label} {...extra} />
  );
  return (
    <form noValidate onSubmit={form.submit} aria-label="Account details" aria-busy={form.pending}>
      <Box mt="6">
        <ErrorSummary ref={form.summaryRef} errors={form.summary} />
      </Box>
      <Stack gap="6">
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="5">
          {text('business_name', 'Business name', { autoComplete: 'organization' })}
          <span />
          {text('first_name', 'First name', { autoComplete: 'given-name' })}
          {text('last_name', 'Last name', { autoComplete: 'family-name' })}
          {text('email_address', 'Email address', { type: 'email', autoComplete: 'email', spellCheck: false })}
          {text('phone_number', 'Phone number (optional)', { type: 'tel', autoComplete: 'tel' })}
          {text('mobile_number', 'Mobile number (optional)', { type: 'tel' })}
        </Grid>
        <Heading as="h3" size="md">
          Billing address
        </Heading>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="5">
          {text('address_line_one', 'Address line 1', { autoComplete: 'address-line1' })}
          {text('address_line_two', 'Address line 2 (optional)', { autoComplete: 'address-line2' })}
          {text('address_city', 'Town/City', { autoComplete: 'address-level2' })}
          {text('address_county', 'County (optional)')}
          {text('address_post_code', 'Postcode', { autoComplete: 'postal-code', maxW: '12rem' })}
        </Grid>
        <Heading as="h3" size="md">
          Authorised contact
        </Heading>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="5">
          {text('contact_full_name', 'Full name')}
          {text('contact_email_address', 'Email address', { type: 'email', spellCheck: false })}
          {text('contact_phone_number', 'Phone number (optional)', { type: 'tel' })}
          {text('contact_mobile_number', 'Mobile number (optional)', { type: 'tel' })}
        </Grid>
        <Flex gap="3" wrap="wrap">
          <SubmitButton pending={form.pending} pendingText="Saving" align="row">
            Save details
          </SubmitButton>
          <Button variant="outline" size="lg" onClick={onDone} disabled={form.pending}>
            Cancel
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
