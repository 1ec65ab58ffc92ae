import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';

import { checkContact, CONTACT_COLUMNS, type Contact, type ContactColumn, type ContactRow } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { contactsText } from './contacts-text.ts';

const labels: Record<ContactColumn, string> = {
  firstname: 'First name',
  lastname: 'Last name',
  number: 'Phone number',
  email: 'Email address (optional)',
  enterprise: 'Company (optional)',
};
const hints: Partial<Record<ContactColumn, string>> = { number: 'A UK number, like 01632 960001 or 07700 900982' };

interface ContactDialogProps {
  /** The contact to edit; null to add one. */
  contact: Contact | null;
  onClose: () => void;
  /** Sends the contact; answers an error text for the form when the server refused it as a whole. */
  onSave: (row: ContactRow) => Promise<void>;
}

/**
 * A refusal as the form shows it: the server's field arrays ({ number: ['...'] }) beside their
 * fields, anything else as the form's message. (The forms' serverErrors does the same; importing
 * it here would split it into a chunk of its own, named in the home page's route table.)
 */
function refusal(error: unknown): { fields: Partial<Record<ContactColumn, string>>; form: string | null } {
  if (isApiError(error) && error.isClientError && typeof error.data === 'object' && error.data !== null) {
    const data = error.data as Record<string, unknown>;
    const fields: Partial<Record<ContactColumn, string>> = {};
    for (const column of CONTACT_COLUMNS) {
      const value = data[column];
      const text = Array.isArray(value) ? value[0] : value;
      if (typeof text === 'string' && text !== '') fields[column] = text;
    }
    if (Object.keys(fields).length > 0) return { fields, form: null };
  }
  return { fields: {}, form: userErrorText(error) };
}

/** Add or edit a contact: the contract's rules checked on submit, the server's answer beside its field. */
export function ContactDialog({ contact, onClose, onSave }: ContactDialogProps) {
  const [values, setValues] = useState<Record<ContactColumn, string>>(() => ({
    firstname: contact?.firstname ?? '',
    lastname: contact?.lastname ?? '',
    number: contact?.number ?? '',
    email: contact?.email ?? '',
    enterprise: contact?.enterprise ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<ContactColumn, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formId = contact ? `contact-edit-${contact.id}` : 'contact-add';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkContact(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      await onSave(values);
    } catch (error) {
      const refused = refusal(error);
      setErrors(refused.fields);
      setFormError(refused.form);
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      busy={pending}
      title={contact ? contactsText.editTitle : contactsText.addTitle}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <SubmitButton form={formId} pending={pending} size="md" align="row">
            {contact ? 'Save changes' : 'Add contact'}
          </SubmitButton>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <FormAlert message={formError} />
          {CONTACT_COLUMNS.map((column, index) => (
            <TextField
              key={column}
              id={`${formId}-${column}`}
              label={labels[column]}
              hint={hints[column]}
              error={errors[column]}
              value={values[column]}
              autoFocus={index === 0}
              type={column === 'email' ? 'email' : column === 'number' ? 'tel' : 'text'}
              autoComplete="off"
              onChange={(event) => setValues({ ...values, [column]: event.target.value })}
            />
          ))}
        </Stack>
      </form>
    </Dialog>
  );
}
