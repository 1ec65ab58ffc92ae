import { Box, Button, Flex, Grid, Heading, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { billingMessages, displayPhone, type BillingAccount } from '@portal/contract';

import { ErrorSummary } from '../../../components/error-summary.tsx';
import { Facts } from '../../../components/facts.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { saveAccountDetails } from '../api/billing.ts';
import { accountBodyOf, accountFieldIds, AccountForm, accountServerErrors, accountValuesOf } from '../logic/forms.ts';

const orDash = (text: string) => text || '-';

/** The account's details (spec 001 section 3 "Account"): shown, and changed with a form in place. */
export function AccountDetailsSection({ account }: { account: BillingAccount }) {
  const [editing, setEditing] = useState(false);
  const address = [
    account.address_line_one,
    account.address_line_two,
    account.address_city,
    account.address_county,
    account.address_post_code,
  ]
    .filter(Boolean)
    .join(', ');
  const contact = account.authorised_contact;
  return (
    <Box
      as="section"
      aria-labelledby="account-details-heading"
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      p={{ base: '4', lg: '8' }}
    >
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
            ['Phone number', account.phone_number ? displayPhone(account.phone_number) : '-'],
            ['Mobile number', account.mobile_number ? displayPhone(account.mobile_number) : '-'],
            ['Billing address', orDash(address)],
            [
              'Authorised contact',
              [
                contact.full_name,
                contact.email_address,
                contact.phone_number && displayPhone(contact.phone_number),
                contact.mobile_number && displayPhone(contact.mobile_number),
              ]
                .filter(Boolean)
                .join(', '),
            ],
          ]}
        />
      )}
    </Box>
  );
}

/** The details form's state: saves through PATCH .../accounts/{id}/, then closes. */
function useAccountDetailsForm(account: BillingAccount, onDone: () => void) {
  const queryClient = useQueryClient();
  return useForm({
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
}

function AccountDetailsForm({ account, onDone }: { account: BillingAccount; onDone: () => void }) {
  const { summary, summaryRef, submit, field, pending } = useAccountDetailsForm(account, onDone);
  return (
    <form noValidate onSubmit={submit} aria-label="Account details" aria-busy={pending}>
      <Stack gap="6" mt="6">
        <ErrorSummary ref={summaryRef} errors={summary} />
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="5">
          <TextField {...field('business_name')} label="Business name" autoComplete="organization" />
          <span />
          <TextField {...field('first_name')} label="First name" autoComplete="given-name" />
          <TextField {...field('last_name')} label="Last name" autoComplete="family-name" />
          <TextField
            {...field('email_address')}
            label="Email address"
            type="email"
            autoComplete="email"
            spellCheck={false}
          />
          <TextField {...field('phone_number')} label="Phone number (optional)" type="tel" autoComplete="tel" />
          <TextField {...field('mobile_number')} label="Mobile number (optional)" type="tel" />
        </Grid>
        <Heading as="h3" size="md">
          Billing address
        </Heading>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="5">
          <TextField {...field('address_line_one')} label="Address line 1" autoComplete="address-line1" />
          <TextField {...field('address_line_two')} label="Address line 2 (optional)" autoComplete="address-line2" />
          <TextField {...field('address_city')} label="Town/City" autoComplete="address-level2" />
          <TextField {...field('address_county')} label="County (optional)" />
          <TextField {...field('address_post_code')} label="Postcode" autoComplete="postal-code" maxW="12rem" />
        </Grid>
        <Heading as="h3" size="md">
          Authorised contact
        </Heading>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="5">
          <TextField {...field('contact_full_name')} label="Full name" />
          <TextField {...field('contact_email_address')} label="Email address" type="email" spellCheck={false} />
          <TextField {...field('contact_phone_number')} label="Phone number (optional)" type="tel" />
          <TextField {...field('contact_mobile_number')} label="Mobile number (optional)" type="tel" />
        </Grid>
        <Flex gap="3" wrap="wrap">
          <SubmitButton pending={pending} pendingText="Saving" align="row">
            Save details
          </SubmitButton>
          <Button variant="outline" size="lg" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
