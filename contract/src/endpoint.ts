import type { $ZodType } from 'zod/v4/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A request sent as multipart/form-data (an upload) rather than JSON: the form field that
 * carries the file and the text fields beside it. The endpoint's `body` schema describes the
 * form as the server reads it, one property per field: the file (name, type and bytes) and
 * each text field, a 'json' field parsed from its JSON text first.
 * @example { file: 'audio-file', fields: { 'audio-data': 'json' } } // form.append('audio-data', JSON.stringify(data))
 */
export interface Multipart {
  /** The form field that carries the file; one file per request. */
  file: string;
  /** Text fields by name: 'text' is used as sent, 'json' is JSON text. */
  fields?: Readonly<Record<string, 'text' | 'json'>>;
}

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
  /** Set when the body is multipart/form-data (see Multipart); JSON otherwise. */
  multipart?: Multipart;
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
