import { useState, type FormEvent } from 'react';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import type { SummaryError } from '../../components/error-summary.tsx';
import { issueErrors, noFormErrors, type FormErrors } from '../auth/form-errors.ts';

export interface ProfileFormOptions<F extends string, S extends $ZodType, R> {
  /** The contract schema the typed values must pass before anything is sent. */
  schema: S;
  /** The fields in the order they appear, with their input ids (the summary links to them). */
  ids: Record<F, string>;
  initial: Record<F, string>;
  /** Sends the parsed values; a rejection shows its errors and keeps what was typed. */
  send: (body: output<S>) => Promise<R>;
  /** A refusal as messages on the fields (and one for the form). */
  serverErrors: (error: unknown) => FormErrors<F>;
  /** After a successful send: the values the form shows next (e.g. emptied password fields). */
  onSaved: (result: R) => Record<F, string>;
}

/**
 * One form of the profile page (GOV.UK style): the contract's schema checks the values first,
 * a refusal from the server is mapped to the fields it names, the typed values survive a
 * failure, and nothing is sent twice at once. The page shows one error summary for both forms
 * (`summary`), and takes it into view when `attempt` grows.
 */
export function useProfileForm<F extends string, S extends $ZodType, R>(options: ProfileFormOptions<F, S, R>) {
  const { schema, ids, initial, send, serverErrors, onSaved } = options;
  const fields = Object.keys(ids) as F[];
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<FormErrors<F>>(noFormErrors);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const summary: SummaryError[] = [
    ...fields.flatMap((field) => {
      const message = errors.fieldErrors[field];
      return message ? [{ message, fieldId: ids[field] }] : [];
    }),
    ...(errors.formError ? [{ message: errors.formError }] : []),
  ];

  const fail = (next: FormErrors<F>) => {
    setErrors(next);
    setAttempt((n) => n + 1);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const parsed = safeParse(schema, values);
    if (!parsed.success) {
      fail(issueErrors(parsed.error.issues, fields));
      return;
    }
    setErrors(noFormErrors);
    setPending(true);
    send(parsed.data as output<S>).then(
      (result) => {
        setPending(false);
        setValues(onSaved(result));
      },
      (error: unknown) => {
        setPending(false);
        fail(serverErrors(error));
      },
    );
  };

  /** The props of a field's TextField: id, name, value, change handler and message. */
  const field = (name: F) => ({
    id: ids[name],
    name,
    value: values[name],
    error: errors.fieldErrors[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return { values, field, summary, attempt, pending, submit };
}
