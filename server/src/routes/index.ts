import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { clone, globalRegistry, type $ZodType, type output } from 'zod/v4/core';

import {
  ApiErrorBody,
  Binary,
  DetailError,
  DirectDebitError,
  endpoints,
  SwitchUserErrorBody,
  TransferError,
  type Endpoint,
  type EndpointAnswer,
  type EndpointName,
} from '@portal/contract';
import { MAX_FLOW_DEPTH, MAX_IMPORT_CHARS } from '@portal/editor-core';

import { authenticate, requireTokenKey } from '../plugins/auth.ts';
import { detailError, type ApiError } from '../plugins/errors.ts';
import { readMultipart, registerMultipart } from '../plugins/multipart.ts';

// Endpoint's schema properties are optional, so `S` carries `| undefined` even when set.
type Input<S> = NonNullable<S> extends $ZodType ? output<NonNullable<S>> : undefined;

export interface HandlerInput<E extends Endpoint> {
  body: Input<E['body']>;
  query: Input<E['query']>;
  params: Input<E['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Answers the endpoint's success body; errors are thrown (ApiError). */
export type EndpointHandler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<output<E['response']>>;

/** One handler per contract endpoint: a new endpoint in the contract fails the type check until it has one. */
export type Handlers = { [K in EndpointName]: EndpointHandler<(typeof endpoints)[K]> };

const sessionReaders = new WeakSet<object>();

/**
 * Marks the handler of an endpoint with `auth` that reads the session in its own query (plugins/auth.ts
 * `readWithSession`, one round trip): its route checks only the header before it (`requireTokenKey`), so such a
 * handler must call `readWithSession` before it answers anything. One that asked `authOf` without it would find no
 * signed-in user (401), never someone else's.
 */
export function readsSessionItself<H extends object>(handler: H): H {
  sessionReaders.add(handler);
  return handler;
}

/** A check of a parsed body that must run before zod walks it; answers the error to send, or null. */
export type Guard = (body: unknown) => ApiError | null;
export type Guards = Partial<Record<EndpointName, Guard>>;

/**
 * Deepest JSON a body may nest. zod walks recursive schemas (a call flow's tree) recursively,
 * so a body nested thousands of levels deep must be refused before validation. A flow at
 * the deepest editor-core allows nests two JSON levels per step, plus its args.
 */
export const MAX_BODY_DEPTH = 2 * MAX_FLOW_DEPTH + 16;

// PostgreSQL cannot store NUL in text, nor an unpaired surrogate in jsonb (JSON.stringify writes it as \udXXX).
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
const UNSTORABLE_TEXT_MESSAGE = 'Text in the request must be valid Unicode, without NUL characters.';

/** Whether a parsed body nests deeper than MAX_BODY_DEPTH or holds text the database cannot store. Iterative. */
function bodyProblem(body: unknown): string | null {
  const stack: Array<[unknown, number]> = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value === 'string') {
      if (unstorable(value)) return UNSTORABLE_TEXT_MESSAGE;
    } else if (ArrayBuffer.isView(value)) {
      // An uploaded file's bytes: not text, and far too many to walk.
      continue;
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_BODY_DEPTH) return 'The request body is nested too deeply.';
      for (const [key, child] of Object.entries(value)) {
        if (unstorable(key)) return UNSTORABLE_TEXT_MESSAGE;
        stack.push([child, depth + 1]);
      }
    }
  }
  return null;
}

/** A call flow may be as large as editor-core lets one be (MAX_IMPORT_CHARS characters of JSON), with room for non-ASCII text in UTF-8. */
const bodyLimits: Partial<Record<EndpointName, number>> = {
  createCallFlow: 2 * MAX_IMPORT_CHARS,
  patchCallFlow: 2 * MAX_IMPORT_CHARS,
};

/** A copy of a (mini or classic) schema carrying a description for the OpenAPI document. */
function documented<S extends $ZodType>(schema: S, description: string): S {
  const copy = clone(schema);
  globalRegistry.add(copy, { description });
  return copy;
}

// Error answers, documented on every route that can give them.
const errorSchemas = {
  // A number transfer's refusal also carries `message` (contract/src/numbers.ts); first, so its message is kept.
  400: documented(
    z.union([TransferError, ApiErrorBody]),
    'Invalid request: field arrays ({"email": ["..."]}, non_field_errors) or {detail}',
  ),
  401: documented(DetailError, 'No token, or the token is invalid, expired or revoked'),
  403: documented(DetailError, 'CSRF check failed: send the csrftoken cookie value in X-CSRFToken'),
  404: documented(
    DetailError,
    "No such item, or it belongs to another account (the product must be one of the signed-in customer's cloud phones)",
  ),
  412: documented(
    DetailError,
    'The version sent (body version or If-Match) is not the current one: someone changed it since',
  ),
  413: documented(DetailError, 'Request body too large'),
  415: documented(DetailError, 'Request body is not JSON'),
  notMultipart: documented(DetailError, 'Request body is not multipart/form-data'),
  416: documented(DetailError, 'The Range asked for lies beyond the end of the file (Content-Range: bytes */{size})'),
  429: documented(
    DetailError,
    'Too many attempts or messages asked for (sign-ins, wrong passwords or codes, e-mails and texts sent on request, sign-ups, number reservations); retry after the Retry-After header seconds',
  ),
  staff403: documented(
    DetailError,
    'CSRF check failed, or the person is not staff with the role "Allow to manage other users\' accounts"',
  ),
  viewing403: documented(
    DetailError,
    "CSRF check failed, or a staff member viewing a customer's account asked to change its password or e-mail address",
  ),
  switch400: documented(
    SwitchUserErrorBody,
    'Invalid e-mail (field arrays), your own account, or not switched ({detail, error})',
  ),
  switch403: documented(
    SwitchUserErrorBody,
    'CSRF check failed ({detail}), or not staff with the role "Allow to manage other users\' accounts", or a staff account asked for ({detail, error})',
  ),
  switch404: documented(SwitchUserErrorBody, 'No user has that e-mail address ({detail, error})'),
  503: documented(DetailError, 'Text to speech is busy; retry after the Retry-After header seconds'),
  directDebit400: documented(
    z.union([z.intersection(DirectDebitError, z.record(z.string(), z.unknown())), ApiErrorBody]),
    'Invalid request (field arrays), or bank details the modulus check refused: field arrays with extra_data, the mandate as it now stands',
  ),
  checker503: documented(
    DetailError,
    "The networks' broadband checker failed or did not answer; retry after the Retry-After header seconds",
  ),
};

const hasLinkToken = (request: FastifyRequest) =>
  typeof (request.query as { tkn?: unknown } | undefined)?.tkn === 'string';

/** Whether an endpoint declares it can give an answer (contract EndpointAnswer). */
const answers = (endpoint: Endpoint, answer: EndpointAnswer) => endpoint.answers?.includes(answer) === true;

/** The error answers a route documents: those every endpoint of its kind gives, and those it declares. */
function errorResponses(endpoint: Endpoint) {
  // Fastify reads a body on every unsafe call, whether or not the endpoint declares one.
  const unsafe = endpoint.method !== 'GET';
  return {
    ...((unsafe || endpoint.query || endpoint.params) && { 400: errorSchemas[400] }),
    ...((endpoint.auth || answers(endpoint, 'linkOpened')) && { 401: errorSchemas[401] }),
    ...(unsafe && { 403: errorSchemas[403] }),
    ...(endpoint.params && { 404: errorSchemas[404] }),
    ...(answers(endpoint, 'versioned') && { 412: errorSchemas[412] }),
    ...(unsafe && { 413: errorSchemas[413], 415: endpoint.multipart ? errorSchemas.notMultipart : errorSchemas[415] }),
    // Every audio answer honours Range: 206 with part of the file, 416 past its end.
    ...(endpoint.response === Binary && {
      206: Binary.check(z.describe('The part of the file the Range header asked for')),
      416: errorSchemas[416],
    }),
    ...(answers(endpoint, 'throttled') && { 429: errorSchemas[429] }),
    ...(answers(endpoint, 'staffOnly') && { 403: errorSchemas.staff403 }),
    ...(answers(endpoint, 'notWhileViewing') && { 403: errorSchemas.viewing403 }),
    ...(answers(endpoint, 'switching') && { 400: errorSchemas.switch400, 403: errorSchemas.switch403 }),
    ...(answers(endpoint, 'switchTarget') && { 404: errorSchemas.switch404 }),
    ...(answers(endpoint, 'bankDetails') && { 400: errorSchemas.directDebit400 }),
    ...(answers(endpoint, 'speaking') && { 503: errorSchemas[503] }),
    ...(answers(endpoint, 'askingChecker') && { 503: errorSchemas.checker503 }),
  };
}

/** Groups the OpenAPI document by area: /auth/login/ -> auth, /api/v3/navigation/ -> navigation. */
function tagOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return (segments[0] === 'api' ? segments[2] : segments[0]) ?? 'api';
}

/**
 * Registers every contract endpoint with its schemas (validation, serialisation, OpenAPI)
 * and handler. Every body is first checked for depth and unstorable text, then by the
 * endpoint's guard, before zod sees it. Uploads (endpoints with `multipart`) live in a scope
 * of their own with the multipart parser: elsewhere a multipart body stays unsupported (415).
 */
export function registerEndpoints(app: FastifyInstance, handlers: Handlers, guards: Guards = {}) {
  const names = Object.keys(endpoints) as EndpointName[];
  const isUpload = (name: EndpointName) => (endpoints[name] as Endpoint).multipart !== undefined;
  for (const name of names.filter((name) => !isUpload(name))) registerEndpoint(app, name, handlers, guards);
  void app.register(async (uploads) => {
    await registerMultipart(uploads);
    for (const name of names.filter(isUpload)) registerEndpoint(uploads, name, handlers, guards);
  });
}

function registerEndpoint(app: FastifyInstance, name: EndpointName, handlers: Handlers, guards: Guards) {
  const endpoint: Endpoint = endpoints[name];
  // The map's type ties each handler to its own endpoint; here they are all alike.
  const handler = handlers[name] as unknown as EndpointHandler<Endpoint>;
  const guard = guards[name];
  const status = endpoint.status ?? 200;
  const bodyLimit = bodyLimits[name];
  const multipart = endpoint.multipart;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(bodyLimit && { bodyLimit }),
    schema: {
      operationId: name,
      summary: endpoint.summary,
      tags: [tagOf(endpoint.path)],
      ...(multipart && { consumes: ['multipart/form-data'] }),
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      response: { [status]: endpoint.response, ...errorResponses(endpoint) },
      ...(endpoint.auth && { security: [{ token: [] }] }),
    },
    onRequest: !endpoint.auth
      ? []
      : answers(endpoint, 'linkOrSignedIn')
        ? [async (request) => (hasLinkToken(request) ? undefined : authenticate(request))]
        : [sessionReaders.has(handler) ? requireTokenKey : authenticate],
    preValidation: async (request) => {
      // The form becomes the body the schema validates (the file's bytes, the parsed JSON fields).
      if (multipart) request.body = await readMultipart(request, multipart);
      if (request.body === undefined) return;
      const refused = guard?.(request.body);
      if (refused) throw refused;
      const problem = bodyProblem(request.body);
      if (problem) throw detailError(400, problem);
    },
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body,
        query: request.query,
        params: request.params,
        request,
        reply,
      });
      // A handler that answered itself (a file, a partial answer) is done.
      if (reply.sent || result === reply) return reply;
      if (status === 204) return reply.code(204).send();
      return reply.code(status).send(result);
    },
  });
}
