// zod/mini: these schemas load with every page, and mini tree-shakes to what is used.
import * as z from 'zod/mini';

/**
 * Every error answer is one of two shapes, the ones the spec's error catalogue reads:
 * `{ detail }` for a whole-request problem, or field arrays `{ field: [message, ...] }`
 * (with `non_field_errors` for problems of the payload as a whole).
 */
export const DetailError = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof DetailError>;

export const FieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrors>;

export const ApiErrorBody = z.union([DetailError, FieldErrors]);

/** Messages the server gives for whole-request problems, shared so tests and UI agree. */
export const errorMessages = {
  invalidToken: 'Invalid token.',
  notAuthenticated: 'Authentication credentials were not provided.',
  badCredentials: 'The email address or password is incorrect.',
  tooManyLoginAttempts: 'Too many failed sign-in attempts. Wait 15 minutes, then try again.',
  csrfFailed:
    'CSRF check failed: reload the page and try again. The request must send the csrftoken cookie value in an X-CSRFToken header.',
  notFound: 'Not found.',
  forbiddenJsonKey:
    'The request body has a "__proto__" key, or a "constructor" key holding "prototype"; these keys are not accepted.',
  invalidUtf8: 'The request body is not valid UTF-8 text; send JSON encoded as UTF-8.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;

/**
 * E-mails a signed-in customer asks the portal to send (payment, mandate and card links, seat invitations) go to
 * addresses the customer sets without proving them: at most this many an hour to one recipient, and from one account.
 */
export const CUSTOMER_MAIL_LIMITS = { perRecipient: 5, perAccount: 20 } as const;

export const customerMailMessages = {
  tooMany: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return `We have sent as many emails as we can for now. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  },
};
