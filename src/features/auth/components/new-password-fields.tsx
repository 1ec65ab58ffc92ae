import type { ComponentProps } from 'react';

import { TextField } from '../../../components/text-field.tsx';
import { newPasswordHint } from './password-hint.ts';

/** A field's props from the form's state (`field(name)` of useForm). */
type FieldProps = Omit<ComponentProps<typeof TextField>, 'label'>;

interface NewPasswordFieldsProps {
  password: FieldProps;
  confirm: FieldProps;
  passwordLabel: string;
  confirmLabel: string;
}

/**
 * A new password and the same again: the password rule as the first field's hint, both
 * offered to password managers as a new password.
 */
export function NewPasswordFields({ password, confirm, passwordLabel, confirmLabel }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        {...password}
        label={passwordLabel}
        hint={newPasswordHint}
        type="password"
        autoComplete="new-password"
      />
      <TextField {...confirm} label={confirmLabel} type="password" autoComplete="new-password" />
    </>
  );
}
