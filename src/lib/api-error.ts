/**
 * How an API call failed:
 * - `http`: the server answered with an error status; `data` is its parsed body.
 * - `network`: no answer at all (offline, DNS, connection refused); status 0.
 * - `parse`: an answer came but is not what the contract says (bad JSON or schema).
 */
export type ApiErrorKind = 'http' | 'network' | 'parse';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly data: unknown;
  readonly kind: ApiErrorKind;

  constructor(init: { status: number; data?: unknown; kind: ApiErrorKind; message?: string; cause?: unknown }) {
    super(init.message ?? `API ${init.kind} error${init.status ? ` ${init.status}` : ''}`, { cause: init.cause });
    this.status = init.status;
    this.data = init.data;
    this.kind = init.kind;
  }

  /** A readable answer the client made a mistake in (4xx), as opposed to the server or the wire failing. */
  get isClientError(): boolean {
    return this.kind === 'http' && this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
