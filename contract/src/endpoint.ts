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
 * Answers an endpoint can give beyond those every endpoint of its kind gives (400 for a request it cannot take, 401
 * without a session when it needs one, 403 without the CSRF header on an unsafe call, 404 for an unknown id in its
 * path), declared with the endpoint; the server documents each (server/src/routes/index.ts).
 * - throttled: 429 past a limit, with Retry-After;
 * - versioned: 412 when the version sent is not the current one;
 * - speaking: 503 when text to speech is busy;
 * - askingChecker: 503 when the networks' broadband checker fails;
 * - staffOnly: 403 unless staff with the role to manage other users' accounts;
 * - notWhileViewing: 403 for staff viewing a customer's account;
 * - switching: 400 and 403 with `error` beside `detail` (the staff switch);
 * - switchTarget: 404 with `error` when no user has the e-mail address;
 * - bankDetails: 400 with the modulus check's `extra_data`;
 * - linkOpened: 401 when the e-mailed link's token is not valid, used or expired;
 * - linkOrSignedIn: opened by a payment link's token (`tkn`) in place of a sign-in.
 */
export type EndpointAnswer =
  | 'throttled'
  | 'versioned'
  | 'speaking'
  | 'askingChecker'
  | 'staffOnly'
  | 'notWhileViewing'
  | 'switching'
  | 'switchTarget'
  | 'bankDetails'
  | 'linkOpened'
  | 'linkOrSignedIn';

/** The `:name` parameters of a Fastify-style path. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * The values a path's parameters take, by name: a misspelled or missing one does not compile.
 * @example PathParams<'/api/v1/voip/:id/call-flows/:flow/'> // { id: string | number; flow: string | number }
 */
export type PathParams<P extends string> = string extends P
  ? Record<string, string | number>
  : { [K in ParamNames<P>]: string | number };

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
  Path extends string = string,
> {
  method: HttpMethod;
  path: Path;
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
  /** What it can answer beyond the usual (EndpointAnswer). */
  answers?: readonly EndpointAnswer[];
}

/** Declares an endpoint, keeping its schema types for both sides. */
export function endpoint<
  const Path extends string,
  Params extends $ZodType | undefined = undefined,
  Query extends $ZodType | undefined = undefined,
  Body extends $ZodType | undefined = undefined,
  Response extends $ZodType = $ZodType,
>(e: Endpoint<Params, Query, Body, Response, Path>): Endpoint<Params, Query, Body, Response, Path> {
  return e;
}

/**
 * Fills the `:name` parameters of an endpoint path.
 * @example buildPath('/api/v3/voip/:id/users/locked/', { id: 7 }) // '/api/v3/voip/7/users/locked/'
 */
export function buildPath<P extends string>(path: P, params?: PathParams<P>): string {
  const values: Record<string, string | number> = params ?? {};
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
