import { Button, chakra, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { callLogMessages, MIN_RECORDING_PASSWORD_LENGTH, type SetRecordingAdminPassword } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { recordingsKey, setAdminPassword } from '../api/call-recordings-api.ts';

/** Sets or changes the call-recording admin password (the current one is asked for to change it). */
export function SetPasswordDialog({
  productId,
  isSet,
  onClose,
}: {
  productId: number;
  isSet: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: SetRecordingAdminPassword) => setAdminPassword(productId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [...recordingsKey(productId), 'admin-password'] });
      toaster.create({ type: 'success', title: callLogMessages.passwordSet });
      onClose();
    },
    onError: (caught) => setError(userErrorText(caught)),
  });
  const busy = save.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_RECORDING_PASSWORD_LENGTH) return setError(callLogMessages.passwordTooShort);
    save.mutate({ password, ...(isSet && { current_password: current }) });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      title={isSet ? 'Change the admin password' : 'Set an admin password'}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button colorPalette="brand" type="submit" form="set-recording-password-form" loading={busy}>
            Save password
          </Button>
        </>
      }
    >
      <chakra.form id="set-recording-password-form" onSubmit={submit}>
        <Stack gap="4">
          <Text>
            With an admin password set, anyone listening to or downloading a recording of this phone is asked for it.
          </Text>
          {isSet && (
            <TextField
              id="recording-current-password"
              label="Current admin password"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
            />
          )}
          <TextField
            id="recording-new-password"
            label="New admin password"
            hint={`At least ${MIN_RECORDING_PASSWORD_LENGTH} characters`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error ?? undefined}
          />
        </Stack>
      </chakra.form>
    </Dialog>
  );
}
