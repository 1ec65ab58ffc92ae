import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import {
  errorMessages,
  NO_SUCH_ROW,
  STORAGE_FULL_STATUS,
  storageMessages,
  type DetailError,
  type FieldErrors,
} from '@portal/contract';

/** An answer we mean to give: thrown from hooks and handlers, sent as is by the error handler. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: DetailError | FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const detailError = (statusCode: number, detail: string, headers?: Record<string, string>) =>
  new ApiError(statusCode, { detail }, headers);

/** 400 on one field: `{ [field]: [message] }`. */
export const fieldError = (field: string, message: string) => new ApiError(400, { [field]: [message] });

/** 429 with the seconds to wait in Retry-After. */
export const tooManyRequests = (detail: string, retryAfter: number) =>
  detailError(429, detail, { 'Retry-After': String(retryAfter) });

// Fastify's own wording names its internals; these say what the client should do instead.
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON, with Content-Type: application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
};

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params?: { errors?: unknown };
}
interface ZodIssueLike {
  path: PropertyKey[];
  code: string;
  message: string;
  errors?: unknown;
}

/**
 * A body that matches no shape of a union (POST /registration/: the form, or the sign-up's e-mail and token) is
 * answered with the field errors of its first shape, the main one, rather than one "Invalid input".
 */
function firstShapeIssues(issue: ValidationIssue): ValidationIssue[] {
  // A union with a message of its own ("Choose a contract length of 12 or 24 months") says it as it is.
  if (issue.message !== undefined && issue.message !== 'Invalid input') return [issue];
  const options = issue.keyword === 'invalid_union' ? issue.params?.errors : undefined;
  const first = Array.isArray(options) && Array.isArray(options[0]) ? (options[0] as ZodIssueLike[]) : [];
  if (first.length === 0) return [issue];
  return first.flatMap((inner) =>
    firstShapeIssues({
      instancePath:
        `${issue.instancePath.replace(/\/$/, '')}/${inner.path.map(String).join('/')}`.replace(/\/$/, '') || '/',
      message: inner.message,
      keyword: inner.code,
      params: { errors: inner.errors },
    }),
  );
}

/** Zod issues as field arrays, `{ email: ['Enter ...'] }`; issues of the whole payload go under non_field_errors. */
function fieldErrors(validation: ValidationIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation.flatMap(firstShapeIssues)) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || 'non_field_errors';
    const message =
      field === 'non_field_errors' && issue.keyword === 'invalid_type'
        ? 'Send the details as a JSON object.'
        : (issue.message ?? 'This value is not valid.');
    const messages = (errors[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return errors;
}

/** Error codes of a full disk: the file system's (no space, over quota) and PostgreSQL's disk_full. */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

/** Whether the error (or one it wraps, as drizzle wraps the driver's) says the disk is full. */
export function isStorageFull(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Object && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && STORAGE_FULL_CODES.has(code)) return true;
  }
  return false;
}

/**
 * The answer for a path whose only fault is a well-formed id no row can have (past the integer columns' range,
 * contract/src/ids.ts): the endpoint's message for a missing row, answered 404 like any missing row. Null for
 * anything else: malformed ids, and every fault of a query or a body, stay 400.
 */
function missingRow(error: {
  validation: Array<{ params?: Record<string, unknown> }>;
  validationContext?: unknown;
}): string | null {
  if (error.validationContext !== 'params') return null;
  const answers = error.validation.map(
    (issue) => (issue.params?.params as Record<string, unknown> | undefined)?.[NO_SUCH_ROW],
  );
  return answers.every((answer) => typeof answer === 'string') ? (answers[0] as string) : null;
}

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
  if (isStorageFull(error)) {
    // Logged for the operator; the client hears that nothing was saved (the writers undo their half).
    request.log.error({ err: error }, 'storage full');
    return reply.code(STORAGE_FULL_STATUS).send({ detail: storageMessages.serverFull });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const missing = missingRow(error);
    if (missing !== null) return reply.code(404).send({ detail: missing });
    return reply.code(400).send(fieldErrors(error.validation));
  }
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return reply.code(status).send({ detail: frameworkMessages[error.code] ?? error.message });
  }
  // Only the error, never the body: it may hold a password.
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send({ detail: errorMessages.serverError });
}

/** Every error answer is JSON, `{ detail }` or field arrays (contract/src/errors.ts). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(sendError);
}

/** For Fastify's options: errors raised before routing (bad URL encoding) get the same shape. */
export const frameworkErrors = sendError;

export function sendNotFound(reply: FastifyReply) {
  return reply.code(404).send({ detail: errorMessages.notFound });
}
