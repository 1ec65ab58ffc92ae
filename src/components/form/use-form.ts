import { useEffect, useRef, useState, type FormEvent } from 'react';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { pageTitle } from '../../config/brand.ts';
import type { SummaryError } from '../error-summary.tsx';
import { issueErrors, noFormErrors, serverErrors as fieldServerErrors, type FormErrors } from './form-errors.ts';

export interface FormOptions<F extends string, S extends $ZodType, R = unknown> {
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
  /** What the schema checks: the typed values, with anything the page adds (a link's uid and token, a checkbox). */
  toInput?: (values: Record<F, string>) => unknown;
  /** Sends the parsed values and goes on; a rejection shows its errors and keeps what was typed. */
  send: (body: output<S>) => Promise<R>;
  /** A refusal as messages on the fields (and one for the form); by default the fields the server names. */
  serverErrors?: (error: unknown) => FormErrors<F>;
  /** After a successful send: the values the form shows next (e.g. emptied password fields); by default it keeps them. */
  onSaved?: (result: R) => Record<F, string>;
}

/**
 * The state of every form of the portal (GOV.UK style): errors show on submit, beside each
 * field (`field(name)` wires a TextField) and in a summary above the form that takes focus
 * (`summaryRef`; a page with one summary for several forms watches `attempt` instead); the
 * contract's schema checks the values first, then the server's refusal is mapped to the fields
 * it names; the typed values survive a failure; a second submit while one is pending is refused.
 * @example const form = useForm({ schema: LoginRequest, ids: { email: 'email', password: 'password' }, initial, send: login });
 */
export function useForm<F extends string, S extends $ZodType, R = unknown>(options: FormOptions<F, S, R>) {
  const { title, schema, ids, initial, toInput, send, onSaved } = options;
  const fields = Object.keys(ids) as F[];
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<FormErrors<F>>(noFormErrors);
  const [pending, setPending] = useState(false);
  // A ref as well as state: two submits in one frame (a double click, Enter twice) see it at once.
  const sending = useRef(false);
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

  /** Shows errors as a failed submit does (the summary takes focus). */
  const fail = (next: FormErrors<F>) => {
    setErrors(next);
    setAttempt((n) => n + 1);
  };

  /** Checks the values with the schema: the parsed body, or null after showing the errors. */
  const check = (): output<S> | null => {
    const parsed = safeParse(schema, toInput ? toInput(values) : values);
    if (parsed.success) return parsed.data as output<S>;
    fail(issueErrors(parsed.error.issues, fields));
    return null;
  };

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (sending.current) return;
    const body = check();
    if (body === null) return;
    setErrors(noFormErrors);
    sending.current = true;
    setPending(true);
    send(body).then(
      (result) => {
        sending.current = false;
        setPending(false);
        if (onSaved) setValues(onSaved(result));
      },
      (error: unknown) => {
        sending.current = false;
        setPending(false);
        fail(options.serverErrors ? options.serverErrors(error) : fieldServerErrors(error, fields));
      },
    );
  };

  const setValue = (name: F, value: string) => setValues((current) => ({ ...current, [name]: value }));

  /** The props of a field's TextField: id, name, value, change handler and message. */
  const field = (name: F) => ({
    id: ids[name],
    name,
    value: values[name],
    error: errors.fieldErrors[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
  });

  /** Forgets the errors shown (a field that leaves the form, a dialog that starts again). */
  const clearErrors = () => setErrors(noFormErrors);

  return {
    values,
    setValue,
    setValues,
    field,
    errors: errors.fieldErrors,
    formError: errors.formError,
    summary,
    summaryRef,
    attempt,
    pending,
    submit,
    fail,
    clearErrors,
  };
}

export type FormState<F extends string> = ReturnType<typeof useForm<F, $ZodType>>;
