import { Box, chakra, Flex, Heading } from '@chakra-ui/react';
import { useState } from 'react';

import { PutVoicemailConfiguration, VOICEMAIL_RING_SECONDS, type VoicemailConfiguration } from '@portal/contract';

import { Checkbox } from '../../../components/checkbox.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePutVoicemailConfiguration } from '../api/put-voicemail-configuration.ts';

interface Props {
  productId: number;
  configuration: VoicemailConfiguration;
}

/** Voicemail delay (applies at once) and voicemail to e-mail (a small form with its own Save). */
export function VoicemailSettings({ productId, configuration }: Props) {
  const save = usePutVoicemailConfiguration(productId);

  const [enabled, setEnabled] = useState(configuration.voicemail_to_email.enabled);
  // The field is named for the API's voicemail_to_email, so the contract's issue (and the server's) lands on it.
  const { values, errors, formError, summaryRef, submit, field, pending, clearErrors } = useForm({
    schema: PutVoicemailConfiguration,
    ids: { voicemail_to_email: 'voicemail-email' },
    initial: { voicemail_to_email: configuration.voicemail_to_email.email },
    toInput: (values) => ({ voicemail_to_email: { enabled, email: values.voicemail_to_email } }),
    focus: 'field',
    send: async (body) => {
      const result = await save.mutateAsync(body);
      setEnabled(result.voicemail_to_email.enabled);
      toaster.create({
        type: 'success',
        title: result.voicemail_to_email.enabled
          ? `Voicemail messages will be sent to ${result.voicemail_to_email.email}`
          : 'Voicemail messages will no longer be sent by e-mail',
      });
      return result;
    },
    onSaved: (result) => ({ voicemail_to_email: result.voicemail_to_email.email }),
  });
  const typed = values.voicemail_to_email;
  const emailChanged =
    enabled !== configuration.voicemail_to_email.enabled ||
    (enabled && typed.trim() !== configuration.voicemail_to_email.email);

  // The box shows the choice at once; it goes back if the server refuses it.
  const [delayShown, setDelayShown] = useState<boolean | null>(null);
  const changeDelay = async (delay: boolean) => {
    setDelayShown(delay);
    try {
      await save.mutateAsync({ voicemail_delay: delay });
      setDelayShown(null);
      toaster.create({
        type: 'success',
        title: delay
          ? `Calls now ring for ${VOICEMAIL_RING_SECONDS.delayed} seconds before voicemail answers`
          : `Calls now ring for ${VOICEMAIL_RING_SECONDS.standard} seconds before voicemail answers`,
      });
    } catch (error) {
      setDelayShown(null);
      toaster.create({ type: 'error', title: 'The setting was not changed', description: userErrorText(error) });
    }
  };

  return (
    <Flex direction="column" gap="6">
      <Box as="section" aria-labelledby="voicemail-ringing">
        <Heading as="h3" id="voicemail-ringing" size="md" mb="3">
          Ringing before voicemail
        </Heading>
        <Checkbox
          id="voicemail-delay"
          label="Ring for longer before voicemail answers"
          hint={`Calls ring for ${VOICEMAIL_RING_SECONDS.delayed} seconds instead of ${VOICEMAIL_RING_SECONDS.standard} before they go to voicemail.`}
          checked={delayShown ?? configuration.voicemail_delay}
          disabled={save.isPending}
          onChange={(checked) => void changeDelay(checked)}
        />
      </Box>
      <chakra.form aria-labelledby="voicemail-email-heading" onSubmit={submit} noValidate>
        <Heading as="h3" id="voicemail-email-heading" size="md" mb="3">
          Voicemail to e-mail
        </Heading>
        <Flex direction="column" gap="4" maxW="md">
          <Checkbox
            id="voicemail-email-enabled"
            label="Send each voicemail message to an e-mail address"
            hint="The message arrives as an audio file attached to the e-mail."
            checked={enabled}
            onChange={(next) => {
              setEnabled(next);
              clearErrors();
            }}
          />
          {enabled && (
            <TextField
              {...field('voicemail_to_email')}
              label="E-mail address"
              type="email"
              autoComplete="email"
              spellCheck={false}
            />
          )}
          <FormAlert
            ref={summaryRef}
            message={enabled ? formError : (formError ?? errors.voicemail_to_email ?? null)}
          />
          <SubmitButton pending={pending} disabled={!emailChanged} size="md" align="start">
            Save e-mail setting
          </SubmitButton>
        </Flex>
      </chakra.form>
    </Flex>
  );
}
