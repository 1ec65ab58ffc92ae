import { useEffect, useRef, useState, type FormEvent } from 'react';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';

import { pageTitle } from '../../config/brand.ts';
import type { SummaryError } from '../error-summary.tsx';
import { serverErrors as fieldServerErrors, issueErrors, noFormErrors, type FormErrors } from './form-errors.ts';

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
  /**
   * Sends the parsed values and goes on; a rejection shows its errors and keeps what was typed.
   * The form is pending (and refuses another submit) until the promise settles; a step that
   * answers at once (not a promise) leaves it ready.
   */
  send: (body: output<S>) => Promise<R> | R;
  /** A refusal as messages on the fields (and one for the form); by default the fields the server names. */
  serverErrors?: (error: unknown) => FormErrors<F>;
  /** After a successful send: the values the form shows next (e.g. emptied password fields); by default it keeps them. */
  onSaved?: (result: R) => Record<F, string>;
  /**
   * Where a failed submit puts the focus: the error summary (a page's or a dialog's form, the
   * default), or the first field in error, for a one-field form inside a larger page (a setting
   * with its own Save) that shows no summary; a message for no field goes in `formError` then.
   */
  focus?: 'summary' | 'field';
  /**
   * When a field's message shows: after a submit (the default, GOV.UK); after a submit and from
   * then on as it is typed ('after-submit'); or once the field is touched (left, or submitted),
   * and from then on as it is typed ('touched', the spec's admin dialog).
   */
  validate?: 'submit' | 'after-submit' | 'touched';
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
  const { title, schema, ids, initial, toInput, send, onSaved, focus = 'summary', validate = 'submit' } = options;
  const fields = Object.keys(ids) as F[];
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [shownErrors, setErrors] = useState<FormErrors<F>>(noFormErrors);
  const [touched, setTouched] = useState<Partial<Record<F, true>>>({});
  // Once touched, a field's message follows what is typed (the server's stays until then).
  const live =
    validate !== 'submit' ? liveErrors(schema, toInput ? toInput(values) : values, fields) : noFormErrors.fieldErrors;
  const errors: FormErrors<F> = {
    formError: shownErrors.formError,
    fieldErrors: Object.fromEntries(
      fields.flatMap((field) => {
        const message =
          (touched[field] ? (live as Partial<Record<F, string>>)[field] : undefined) ?? shownErrors.fieldErrors[field];
        return message ? [[field, message]] : [];
      }),
    ) as Partial<Record<F, string>>,
  };
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

  const firstInError = fields.find((field) => errors.fieldErrors[field]);
  useEffect(() => {
    if (attempt === 0) return;
    if (focus === 'field' && firstInError !== undefined) document.getElementById(ids[firstInError])?.focus();
    else summaryRef.current?.focus();
    // Only a new failed submit moves the focus, not typing after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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

  const failWith = (error: unknown) =>
    fail(options.serverErrors ? options.serverErrors(error) : fieldServerErrors(error, fields));

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (sending.current) return;
    setTouched(Object.fromEntries(fields.map((field) => [field, true])) as Record<F, true>);
    const body = check();
    if (body === null) return;
    setErrors(noFormErrors);
    let answer: Promise<R> | R;
    try {
      answer = send(body);
    } catch (error) {
      failWith(error);
      return;
    }
    // A form whose next step happens at once (ask for more, or hand over to a mutation) is never pending.
    if (!isPromise(answer)) {
      if (onSaved) setValues(onSaved(answer));
      return;
    }
    sending.current = true;
    setPending(true);
    answer.then(
      (result) => {
        sending.current = false;
        setPending(false);
        if (onSaved) setValues(onSaved(result));
      },
      (error: unknown) => {
        sending.current = false;
        setPending(false);
        failWith(error);
      },
    );
  };

  const setValue = (name: F, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (validate !== 'submit')
      setErrors((current) => ({ ...current, fieldErrors: { ...current.fieldErrors, [name]: undefined } }));
  };

  /** The props of a field's TextField: id, name, value, change handler and message. */
  const field = (name: F) => ({
    id: ids[name],
    name,
    value: values[name],
    error: errors.fieldErrors[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
    onBlur:
      validate === 'touched'
        ? () =>
            afterPointerReleased(() =>
              setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
            )
        : undefined,
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

// Whether a mouse button, finger or pen is down anywhere on the page right now.
let pointerDown = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerDown = true), true);
  for (const type of ['pointerup', 'pointercancel'] as const)
    document.addEventListener(type, () => (pointerDown = false), true);
}

/**
 * Runs `show` now, or, when the field was left by pressing on something else (a link, a button),
 * once that press is over: a message appearing under the field moves what follows it, and the
 * release would land beside the link that was pressed, losing the click.
 */
function afterPointerReleased(show: () => void): void {
  if (!pointerDown) {
    show();
    return;
  }
  const release = () => {
    document.removeEventListener('pointerup', release, true);
    document.removeEventListener('pointercancel', release, true);
    // After the click that follows the release has gone to what was pressed.
    setTimeout(show, 0);
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

const isPromise = <R>(value: Promise<R> | R): value is Promise<R> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** The first message of each field for the values as they are (validate: 'touched'). */
function liveErrors<F extends string>(schema: $ZodType, input: unknown, fields: readonly F[]) {
  const parsed = safeParse(schema, input);
  return parsed.success ? {} : issueErrors(parsed.error.issues, fields).fieldErrors;
}
