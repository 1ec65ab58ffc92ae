import { Box, Flex, Heading, Text } from '@chakra-ui/react';

import { accountMessages, type Me } from '@portal/contract';

import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { useSaveProfile } from '../api/patch-me.ts';
import {
  detailsFieldIds,
  DetailsForm,
  detailsServerErrors,
  detailsValuesOf,
  emailChanges,
  patchBodyOf,
} from '../forms.ts';

export const detailsText = {
  heading: 'Your details',
  fullName: 'Full name',
  email: 'Email address',
  emailHint: 'If you change it, we will email a link to the new address. It changes when you open the link.',
  phone: 'Phone number (optional)',
  phoneHint: 'For example, 01632 960001 or 07700 900982',
  currentPassword: 'Current password',
  currentPasswordHint: 'To change your email address, enter your password.',
  save: 'Save changes',
  saving: 'Saving',
} as const;

/** The "Your details" form's state: saves through PATCH /api/v3/me/, then shows what was saved. */
export function useDetailsForm(me: Me) {
  const save = useSaveProfile();
  return useForm({
    schema: DetailsForm,
    ids: detailsFieldIds,
    initial: detailsValuesOf(me),
    send: async (form) => {
      const body = patchBodyOf(form, me);
      const saved = await save.mutateAsync(body);
      toaster.create({
        type: 'success',
        title: accountMessages.profileSaved,
        ...(body.email !== undefined && {
          description: accountMessages.emailChangeSent(saved.user_profile.pending_email ?? body.email),
        }),
      });
      return saved;
    },
    serverErrors: detailsServerErrors,
    // The saved values, as the server has them (a new e-mail address shows as pending until confirmed).
    onSaved: detailsValuesOf,
  });
}

type DetailsFormState = ReturnType<typeof useDetailsForm>;

/**
 * "Your details" (spec 000: Profile and preferences): full name (the spec's two-word rule),
 * e-mail address and an optional phone number. A new e-mail address waits for the link sent to
 * it; staff viewing a customer cannot change it.
 */
export function DetailsSection({ me, form }: { me: Me; form: DetailsFormState }) {
  const viewing = me.logged_in_as !== null;
  const pendingEmail = me.user_profile.pending_email;
  return (
    <Box
      as="section"
      aria-labelledby="profile-details-heading"
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      p={{ base: '4', lg: '8' }}
    >
      <Heading as="h2" id="profile-details-heading" size="xl" mb="6">
        {detailsText.heading}
      </Heading>
      <form noValidate onSubmit={form.submit} aria-labelledby="profile-details-heading" aria-busy={form.pending}>
        <Flex direction="column" gap="6">
          <TextField {...form.field('full_name')} label={detailsText.fullName} autoComplete="name" spellCheck={false} />
          <div>
            <TextField
              {...form.field('email')}
              label={detailsText.email}
              hint={viewing ? accountMessages.notWhileViewing : detailsText.emailHint}
              type="email"
              autoComplete="email"
              spellCheck={false}
              readOnly={viewing}
            />
            {/* Always in the page, so the sentence is announced when it appears. */}
            <Box role="status" aria-live="polite">
              {pendingEmail && (
                <Box
                  mt="4"
                  borderInlineStartWidth="4px"
                  borderInlineStartColor="brand.solid"
                  bg="bg.subtle"
                  px="4"
                  py="3"
                >
                  <Text overflowWrap="anywhere">{accountMessages.emailChangeSent(pendingEmail)}</Text>
                </Box>
              )}
            </Box>
          </div>
          <TextField
            {...form.field('phone')}
            label={detailsText.phone}
            hint={detailsText.phoneHint}
            type="tel"
            autoComplete="tel"
          />
          {!viewing && emailChanges(form.values.email, me) && (
            <TextField
              {...form.field('current_password')}
              label={detailsText.currentPassword}
              hint={detailsText.currentPasswordHint}
              type="password"
              autoComplete="current-password"
            />
          )}
          <SubmitButton pending={form.pending} pendingText={detailsText.saving} align="start">
            {detailsText.save}
          </SubmitButton>
        </Flex>
      </form>
    </Box>
  );
}
