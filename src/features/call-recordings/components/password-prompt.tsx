import { Button, chakra, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { callLogMessages } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';

/** Asks for the call-recording admin password before a recording plays or downloads; says when the one typed was wrong. */
export function PasswordPrompt({
  wrong,
  onSubmit,
  onClose,
}: {
  wrong: boolean;
  onSubmit: (password: string) => void;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  return (
    <Dialog
      open
      onClose={onClose}
      title="Call-recording admin password"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="brand" type="submit" form="recording-password-form" disabled={password === ''}>
            Continue
          </Button>
        </>
      }
    >
      <chakra.form
        id="recording-password-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (password) onSubmit(password);
        }}
      >
        <Text mb="3">
          Recordings of this phone are protected. Enter the call-recording admin password to listen to or download them.
        </Text>
        <TextField
          id="recording-password"
          label="Admin password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={wrong ? callLogMessages.passwordWrong : undefined}
          autoFocus
        />
      </chakra.form>
    </Dialog>
  );
}
