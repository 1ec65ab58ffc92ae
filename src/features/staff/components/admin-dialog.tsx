import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { StaffEmailRequest } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import * as paths from '../../../config/paths.ts';
import { resendVerificationEmail } from '../api/resend-verification-email.ts';
import { goHomeAndReload, resendErrorText, scheduleReload, switchErrorText, switchUser } from '../switch-session.ts';

export const adminDialogText = {
  title: "Manage customers' accounts",
  switchLabel: 'Switch User',
  switchButton: 'Switch',
  resendLabel: 'Resend verification email',
  resendButton: 'Send',
  resent: 'Verification email has been resent successfully',
  auditLog: 'Staff audit log',
  gettingStartedTitle: 'Show getting started for a customer',
  gettingStartedText:
    "Getting started sets up one of a customer's cloud phones, and you have none of your own. Enter the customer's email address: you switch to their account, and getting started opens for their cloud phone.",
  gettingStartedLabel: "Customer's email address",
  gettingStartedButton: 'Show getting started',
} as const;

type Pending = 'switch' | 'resend' | null;

interface EmailFormProps {
  id: string;
  label: string;
  button: string;
  pendingText: string;
  /** The other form is being sent: this one waits. */
  disabled: boolean;
  /** Runs the action; it settles once the dialog has shown the outcome. */
  onSubmit: (email: string) => Promise<void>;
}

/** One e-mail field with its button: Enter submits; the message shows once the field is touched (left, or submitted). */
function EmailForm({ id, label, button, pendingText, disabled, onSubmit }: EmailFormProps) {
  const form = useForm({
    schema: StaffEmailRequest,
    ids: { email: id },
    initial: { email: '' },
    validate: 'touched',
    focus: 'field',
    send: async ({ email }) => {
      if (!disabled) await onSubmit(email);
    },
  });

  return (
    <form noValidate onSubmit={form.submit} aria-label={label}>
      <Flex direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'flex-end' }}>
        <Box flex="1">
          <TextField {...form.field('email')} label={label} type="email" autoComplete="off" spellCheck={false} />
        </Box>
        <SubmitButton pending={form.pending} pendingText={pendingText} disabled={disabled} align="start">
          {button}
        </SubmitButton>
      </Flex>
    </form>
  );
}

/**
 * "Manage customers' accounts" (spec 000, admin dialog): switch to a customer by e-mail, or
 * resend a verification e-mail. Loaded on demand from the profile menu's Admin item.
 */
export function AdminDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const running = useMutation({
    mutationFn: ({ action }: { which: Exclude<Pending, null>; action: () => Promise<void> }) => action(),
  });
  const pending: Pending = running.isPending ? running.variables.which : null;
  const run = async (
    which: Exclude<Pending, null>,
    action: () => Promise<void>,
    errorText: (error: unknown) => string,
  ) => {
    setAlert(null);
    await running.mutateAsync({ which, action }).catch((error: unknown) => setAlert(errorText(error)));
  };

  const switchTo = (email: string) =>
    run(
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
    run(
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
          disabled={pending === 'resend'}
          onSubmit={switchTo}
        />
        <EmailForm
          id="admin-resend-verification-email"
          label={adminDialogText.resendLabel}
          button={adminDialogText.resendButton}
          pendingText="Sending"
          disabled={pending === 'switch'}
          onSubmit={resend}
        />
        <Text>
          <RouterLink
            to={paths.staffAuditLog.build()}
            style={{ textDecoration: 'underline' }}
            onClick={(event) => {
              // Navigate first: closing the dialog unmounts this link.
              event.preventDefault();
              void navigate(paths.staffAuditLog.build());
              onClose();
            }}
          >
            {adminDialogText.auditLog}
          </RouterLink>
          : what staff did and looked at while viewing customers.
        </Text>
      </Flex>
    </Dialog>
  );
}

/**
 * Show getting started for staff with no cloud phone of their own (profile menu): getting started is for a
 * customer's phone, so it switches to the customer first (as the admin dialog's Switch User does), then opens
 * getting started, which finds the customer's cloud phone, reloaded after 500 ms as after any switch.
 */
export function GettingStartedSwitchDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const switching = useMutation({
    mutationFn: async (email: string) => {
      await switchUser(email);
      // The customer's products, before getting started looks for their cloud phone (the reload then clears the rest).
      await queryClient.invalidateQueries();
      // The reload only once the page is there (its code may take a moment to load): a reload before would be of home.
      await navigate(paths.gettingStartedPage.build({ page: 'welcome' }), { replace: true });
    },
    onSuccess: () => {
      scheduleReload();
      onClose();
    },
  });
  const pending = switching.isPending;
  const alert = switching.error ? switchErrorText(switching.error) : null;
  const switchTo = (email: string) => switching.mutateAsync(email).catch(() => undefined);
  return (
    <Dialog
      open
      onClose={onClose}
      title={adminDialogText.gettingStartedTitle}
      busy={pending}
      width="36rem"
      footer={
        <Button variant="outline" size="lg" onClick={onClose} disabled={pending}>
          Close
        </Button>
      }
    >
      {alert && <ErrorAlert message={alert} onDismiss={() => switching.reset()} />}
      <Text mb="5">{adminDialogText.gettingStartedText}</Text>
      <EmailForm
        id="getting-started-switch-email"
        label={adminDialogText.gettingStartedLabel}
        button={adminDialogText.gettingStartedButton}
        pendingText="Switching"
        disabled={false}
        onSubmit={switchTo}
      />
    </Dialog>
  );
}
