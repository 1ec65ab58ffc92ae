import { describe, expect, it } from 'vitest';

import { ApiError } from './api-error.ts';
import { createQueryClient, shouldRetry } from './query-client.ts';

describe('shouldRetry', () => {
  it('never retries a 4xx answer', () => {
    expect(shouldRetry(0, new ApiError({ kind: 'http', status: 400 }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ kind: 'http', status: 401 }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ kind: 'http', status: 429 }))).toBe(false);
  });

  it('never retries an answer that breaks the contract', () => {
    expect(shouldRetry(0, new ApiError({ kind: 'parse', status: 200 }))).toBe(false);
  });

  it('retries server and network failures twice', () => {
    const serverError = new ApiError({ kind: 'http', status: 503 });
    const networkError = new ApiError({ kind: 'network', status: 0 });
    expect([0, 1, 2].map((n) => shouldRetry(n, serverError))).toEqual([true, true, false]);
    expect(shouldRetry(1, networkError)).toBe(true);
    expect(shouldRetry(0, new Error('other'))).toBe(true);
  });
});

describe('createQueryClient', () => {
  it('keeps data fresh for a minute and does not retry mutations', () => {
    const options = createQueryClient().getDefaultOptions();
    expect(options.queries?.staleTime).toBe(60_000);
    expect(options.queries?.retry).toBe(shouldRetry);
    expect(options.mutations?.retry).toBe(false);
  });
});
