import { STORAGE_FULL_STATUS } from '@portal/contract';

import { brand } from '../config/brand.ts';
import { ApiError } from './api-error.ts';

/** Fields read, in this order, before any other field (spec 000, section 8). */
const MESSAGE_FIELDS = ['detail', 'error', 'message', 'content'] as const;
/** Fields that never hold the text shown to a person. */
const IGNORED_FIELDS = new Set(['status', 'error_code', 'success']);

export const INVALID_TOKEN_MESSAGE = 'Invalid token.';
/** The error code the server gives when a mobile number is already registered. */
export const MOBILE_NUMBER_IN_USE_CODE = 'mobile_number_in_use';

export const rewordedErrors = {
  invalidToken: 'Please refresh the page and sign in',
  mobileNumberInUse: 'Mobile number already in use, please enter a different mobile number',
} as const;

/** The text every unexpected error becomes: it names the support mailbox on this host. */
export function genericErrorText(host: string = window.location.hostname): string {
  return `Please try again. If the issue persists, contact ${brand.supportMailbox}@${host}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The first text inside a nested value: an array gives its first item, an object recurses. */
function firstNestedText(value: unknown, depth: number): string | undefined {
  if (depth > 8) return undefined; // answers are shallow; this only stops a pathological cycle
  if (Array.isArray(value)) return value.length > 0 ? firstNestedText(value[0], depth + 1) : undefined;
  if (isRecord(value)) return extractFromRecord(value, depth + 1);
  return nonEmptyString(value);
}

function extractFromRecord(data: Record<string, unknown>, depth: number): string | undefined {
  for (const field of MESSAGE_FIELDS) {
    if (field in data) {
      const text = firstNestedText(data[field], depth);
      if (text !== undefined) return text;
    }
  }
  for (const [field, value] of Object.entries(data)) {
    if (IGNORED_FIELDS.has(field) || (MESSAGE_FIELDS as readonly string[]).includes(field)) continue;
    const text = firstNestedText(value, depth);
    if (text !== undefined) return text;
  }
  return undefined;
}

/**
 * The user-facing text in an error answer's data (spec 000, section 8): an array gives
 * its first item; otherwise the field detail, error, message or content; otherwise the
 * first nested value of any other field but status, error_code and success. Undefined
 * when there is none (for instance an HTML error page).
 * @example extractErrorText({ email: ['Enter a valid email address.'] }) // 'Enter a valid email address.'
 */
export function extractErrorText(data: unknown): string | undefined {
  if (Array.isArray(data)) return firstNestedText(data, 0);
  if (isRecord(data)) return extractFromRecord(data, 0);
  return undefined;
}

/** `extractErrorText`, with a fallback text when the answer holds none. */
export function errorTextFrom(data: unknown, fallback: string): string {
  return extractErrorText(data) ?? fallback;
}

/**
 * The reword table (spec 000, section 8): "Invalid token." and the mobile-in-use code
 * have their own wording; anything else becomes the generic text naming the support
 * mailbox at this host.
 */
export function rewordError(textOrCode: string | undefined, host: string = window.location.hostname): string {
  if (textOrCode === INVALID_TOKEN_MESSAGE) return rewordedErrors.invalidToken;
  if (textOrCode === MOBILE_NUMBER_IN_USE_CODE) return rewordedErrors.mobileNumberInUse;
  return genericErrorText(host);
}

function errorCodeOf(data: unknown): string | undefined {
  return isRecord(data) ? nonEmptyString(data.error_code) : undefined;
}

/**
 * Whether the server's answer is a message written for the person: every 4xx, and 507 (the
 * server's storage is full: "nothing was saved. Try again later.", contract/src/storage-limits.ts).
 */
export function hasReadableMessage(error: ApiError): boolean {
  return error.isClientError || error.status === STORAGE_FULL_STATUS;
}

/**
 * What a form or page shows for a failed call. A 4xx (or 507) answer is a readable message
 * from the server, so its extracted text is shown as it is (unless the reword table has
 * its own wording for it); other 5xx answers, network failures, unparseable answers and
 * anything else are reworded.
 */
export function userErrorText(error: unknown, host: string = window.location.hostname): string {
  if (!(error instanceof ApiError)) return genericErrorText(host);
  const code = errorCodeOf(error.data);
  const text = extractErrorText(error.data);
  if (code === MOBILE_NUMBER_IN_USE_CODE || text === MOBILE_NUMBER_IN_USE_CODE) return rewordedErrors.mobileNumberInUse;
  if (text === INVALID_TOKEN_MESSAGE) return rewordedErrors.invalidToken;
  if (hasReadableMessage(error) && text !== undefined) return text;
  return rewordError(text ?? code, host);
}
