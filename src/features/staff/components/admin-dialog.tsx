import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { resendVerificationEmail } from '../api/resend-verification-email.ts';
import { goHomeAndReload, resendErrorText, switchErrorText, switchUser } from '../switch-session.ts';
import { staffEmailError } from '../validation.ts';

export const adminDialogText = {
  title: "Manage customers' accounts",
  switchLabel: 'Switch User',
  switchButton: 'Switch',
  resendLabel: 'Resend verification email',
  resendButton: 'Send',
  resent: 'Verification email has been resent successfully',
} as const;

type Pending = 'switch' | 'resend' | null;

interface EmailFormProps {
  id: string;
  label: string;
  button: string;
  pendingText: string;
  pending: boolean;
  disabled: boolean;
  onSubmit: (email: string) => void;
}

/** One e-mail field with its button: Enter submits; the message shows once the field is touched (left, or submitted). */
function EmailForm({ id, label, button, pendingText, pending, disabled, onSubmit }: EmailFormProps) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const error = touched ? staffEmailError(value) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled) return;
    setTouched(true);
    if (staffEmailError(value) !== undefined) {
      inputRef.current?.focus();
      return;
    }
    onSubmit(value.trim());
  };

  return (
    <form noValidate onSubmit={submit} aria-label={label}>
      <Flex direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'flex-end' }}>
        <Box flex="1">
          <TextField
            ref={inputRef}
            id={id}
            label={label}
            error={error}
            name="email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onBlur={() => setTouched(true)}
          />
        </Box>
        <Button type="submit" colorPalette="brand" size="lg" loading={pending} loadingText={pendingText} disabled={disabled && !pending}>
          {button}
        </Button>
      </Flex>
    </form>
  );
}

/** The dismissible error alert of the dialog: the server's error (switch) or detail (resend). */
function ErrorAlert({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <Flex role="alert" align="flex-start" gap="3" mb="5" p="4" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md">
      <Text flex="1" color="fg.error" fontWeight="semibold" overflowWrap="anywhere">
        {message}
      </Text>
      <Button size="sm" variant="ghost" onClick={onDismiss} aria-label="Dismiss error">
        Dismiss
      </Button>
    </Flex>
  );
}

/**
 * "Manage customers' accounts" (spec 000, admin dialog): switch to a customer by e-mail, or
 * resend a verification e-mail. Loaded on demand from the profile menu's Admin item.
 */
export function AdminDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const [alert, setAlert] = useState<string | null>(null);

  const run = async (which: Exclude<Pending, null>, action: () => Promise<void>, errorText: (error: unknown) => string) => {
    setAlert(null);
    setPending(which);
    try {
      await action();
    } catch (error) {
      setAlert(errorText(error));
    } finally {
      setPending(null);
    }
  };

  const switchTo = (email: string) =>
    void run(
      'switch',
      async () => {
        await switchUser(email);
        // Spec: the dialog closes, the app goes home and the page reloads after 500 ms.
        goHomeAndReload(navigate);
        onClose();
      },
      switchErrorText,
    );

  const resend = (email: string) =>
    void run(
      'resend',
      async () => {
        await resendVerificationEmail(email);
        toaster.create({ type: 'success', title: 'Success', description: adminDialogText.resent });
        onClose();
      },
      resendErrorText,
    );

  return (
    <Dialog
      open
      onClose={onClose}
      title={adminDialogText.title}
      busy={pending !== null}
      width="36rem"
      footer={
        <Button variant="outline" size="lg" onClick={onClose} disabled={pending !== null}>
          Close
        </Button>
      }
    >
      {alert && <ErrorAlert message={alert} onDismiss={() => setAlert(null)} />}
      <Flex direction="column" gap="6">
        <EmailForm
          id="admin-switch-user-email"
          label={adminDialogText.switchLabel}
          button={adminDialogText.switchButton}
          pendingText="Switching"
          pending={pending === 'switch'}
          disabled={pending !== null}
          onSubmit={switchTo}
        />
        <EmailForm
          id="admin-resend-verification-email"
          label={adminDialogText.resendLabel}
          button={adminDialogText.resendButton}
          pendingText="Sending"
          pending={pending === 'resend'}
          disabled={pending !== null}
          onSubmit={resend}
        />
      </Flex>
    </Dialog>
  );
}
