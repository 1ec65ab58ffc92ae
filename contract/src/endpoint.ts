import type { $ZodType } from 'zod/v4/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call: its method, its path (Fastify style, `:name` for a parameter) and the
 * zod schemas of what goes in and what comes back. The server registers the route from
 * it; the client builds the request from it and parses the answer with `response`.
 */
export interface Endpoint<
  Params extends $ZodType | undefined = $ZodType | undefined,
  Query extends $ZodType | undefined = $ZodType | undefined,
  Body extends $ZodType | undefined = $ZodType | undefined,
  Response extends $ZodType = $ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Whether the call needs `Authorization: Token {key}`. */
  auth: boolean;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Status of a successful answer; 200 unless said. */
  status?: 200 | 201 | 204;
}

/** Declares an endpoint, keeping its schema types for both sides. */
export function endpoint<
  Params extends $ZodType | undefined = undefined,
  Query extends $ZodType | undefined = undefined,
  Body extends $ZodType | undefined = undefined,
  Response extends $ZodType = $ZodType,
>(e: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return e;
}

/**
 * Fills the `:name` parameters of an endpoint path.
 * @example buildPath('/api/v3/voip/:id/users/locked/', { id: 7 }) // '/api/v3/voip/7/users/locked/'
 */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
