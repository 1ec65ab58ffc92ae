import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { PutVoicemailConfiguration, VOICEMAIL_RING_SECONDS, type VoicemailConfiguration } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Checkbox } from '../../../components/checkbox.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { useAction } from '../../../lib/use-action.ts';
import { phoneSetupKeys, putVoicemailConfiguration } from '../api/phone-setup-api.ts';

interface Props {
  productId: number;
  configuration: VoicemailConfiguration;
}

/** Voicemail delay (applies at once) and voicemail to e-mail (a small form with its own Save). */
export function VoicemailSettings({ productId, configuration }: Props) {
  const queryClient = useQueryClient();
  const save = useAction(async (body: PutVoicemailConfiguration) => {
    const result = await putVoicemailConfiguration(productId, body);
    queryClient.setQueryData(phoneSetupKeys.voicemail(productId), result);
    return result;
  });

  const [toEmail, setToEmail] = useState(configuration.voicemail_to_email);
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailChanged = toEmail.enabled !== configuration.voicemail_to_email.enabled || (toEmail.enabled && toEmail.email.trim() !== configuration.voicemail_to_email.email);

  // The box shows the choice at once; it goes back if the server refuses it.
  const [delayShown, setDelayShown] = useState<boolean | null>(null);
  const changeDelay = async (delay: boolean) => {
    setDelayShown(delay);
    try {
      await save.run({ voicemail_delay: delay });
      setDelayShown(null);
      toaster.create({ type: 'success', title: delay ? `Calls now ring for ${VOICEMAIL_RING_SECONDS.delayed} seconds before voicemail answers` : `Calls now ring for ${VOICEMAIL_RING_SECONDS.standard} seconds before voicemail answers` });
    } catch (error) {
      setDelayShown(null);
      toaster.create({ type: 'error', title: 'The setting was not changed', description: userErrorText(error) });
    }
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's own rule, before anything is sent.
    const parsed = PutVoicemailConfiguration.safeParse({ voicemail_to_email: toEmail });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Check the e-mail address.');
      document.getElementById('voicemail-email')?.focus();
      return;
    }
    setEmailError(null);
    try {
      const result = await save.run(parsed.data);
      setToEmail(result.voicemail_to_email);
      toaster.create({ type: 'success', title: result.voicemail_to_email.enabled ? `Voicemail messages will be sent to ${result.voicemail_to_email.email}` : 'Voicemail messages will no longer be sent by e-mail' });
    } catch (error) {
      // Field errors from the server show at the field; the form keeps what was typed.
      setEmailError(userErrorText(error));
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
      <chakra.form aria-labelledby="voicemail-email-heading" onSubmit={(event: FormEvent) => void submitEmail(event)} noValidate>
        <Heading as="h3" id="voicemail-email-heading" size="md" mb="3">
          Voicemail to e-mail
        </Heading>
        <Flex direction="column" gap="4" maxW="md">
          <Checkbox
            id="voicemail-email-enabled"
            label="Send each voicemail message to an e-mail address"
            hint="The message arrives as an audio file attached to the e-mail."
            checked={toEmail.enabled}
            onChange={(enabled) => {
              setToEmail((current) => ({ ...current, enabled }));
              setEmailError(null);
            }}
          />
          {toEmail.enabled && (
            <TextField
              id="voicemail-email"
              label="E-mail address"
              type="email"
              autoComplete="email"
              spellCheck={false}
              value={toEmail.email}
              error={emailError ?? undefined}
              onChange={(event) => setToEmail((current) => ({ ...current, email: event.target.value }))}
            />
          )}
          {!toEmail.enabled && emailError && (
            <Text role="alert" color="fg.error" fontWeight="semibold">
              {emailError}
            </Text>
          )}
          <Box>
            <Button type="submit" colorPalette="brand" loading={save.isPending} disabled={!emailChanged}>
              Save e-mail setting
            </Button>
          </Box>
        </Flex>
      </chakra.form>
    </Flex>
  );
}
