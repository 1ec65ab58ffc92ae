import { useEffect, useRef, useState, type FormEvent } from 'react';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import type { SummaryError } from '../../components/error-summary.tsx';
import { pageTitle } from '../../config/brand.ts';
import { issueErrors, noFormErrors, serverErrors as fieldServerErrors, type FormErrors } from './form-errors.ts';

export interface AccountFormOptions<F extends string, S extends $ZodType, R = unknown> {
  /**
   * The page's title when the form is the page's main content; "Error: " goes before it while
   * errors show (GOV.UK: it is the first thing read out). Without it the page sets its own.
   */
  title?: string | undefined;
  /** The contract schema the typed values (through `toInput`) must pass before anything is sent. */
  schema: S;
  /** The fields in the order they appear, with their input ids (the summary links to them). */
  ids: Record<F, string>;
  initial: Record<F, string>;
  /** What the schema checks: the typed values, with anything the page adds (a link's uid and token). */
  toInput?: (values: Record<F, string>) => unknown;
  /** Sends the parsed values and goes on; a rejection shows its errors and keeps what was typed. */
  send: (body: output<S>) => Promise<R>;
  /** A refusal as messages on the fields (and one for the form); by default the fields the server names. */
  serverErrors?: (error: unknown) => FormErrors<F>;
  /** After a successful send: the values the form shows next (e.g. emptied password fields); by default it keeps them. */
  onSaved?: (result: R) => Record<F, string>;
}

/**
 * The state of the sign-in, account and profile forms, as the login form does it (GOV.UK
 * style): errors show on submit, beside each field and in a summary above the form that takes
 * focus (`summaryRef`; a page with one summary for several forms watches `attempt` instead);
 * the contract's schema checks the values first, then the server's refusal is mapped to the
 * fields it names; the typed values survive a failure; nothing is sent twice at once.
 */
export function useAccountForm<F extends string, S extends $ZodType, R = unknown>(options: AccountFormOptions<F, S, R>) {
  const { title, schema, ids, initial, toInput, send, onSaved } = options;
  const fields = Object.keys(ids) as F[];
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<FormErrors<F>>(noFormErrors);
  const [pending, setPending] = useState(false);
  // Bumped on each failed submit so the summary takes focus again, even with the same errors.
  const [attempt, setAttempt] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);

  const summary: SummaryError[] = [
    ...fields.flatMap((field) => {
      const message = errors.fieldErrors[field];
      return message ? [{ message, fieldId: ids[field] }] : [];
    }),
    ...(errors.formError ? [{ message: errors.formError }] : []),
  ];
  const hasErrors = summary.length > 0;
  useEffect(() => {
    if (title !== undefined) document.title = pageTitle(hasErrors ? `Error: ${title}` : title);
  }, [title, hasErrors]);

  useEffect(() => {
    if (attempt > 0) summaryRef.current?.focus();
  }, [attempt]);

  const fail = (next: FormErrors<F>) => {
    setErrors(next);
    setAttempt((n) => n + 1);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const parsed = safeParse(schema, toInput ? toInput(values) : values);
    if (!parsed.success) {
      fail(issueErrors(parsed.error.issues, fields));
      return;
    }
    setErrors(noFormErrors);
    setPending(true);
    send(parsed.data as output<S>).then(
      (result) => {
        setPending(false);
        if (onSaved) setValues(onSaved(result));
      },
      (error: unknown) => {
        setPending(false);
        fail(options.serverErrors ? options.serverErrors(error) : fieldServerErrors(error, fields));
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

  return { values, field, summary, summaryRef, attempt, pending, submit, formError: errors.formError };
}
