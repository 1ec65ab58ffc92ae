import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

import { errorMessages } from '@portal/contract';

import { detailError } from './errors.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The hidden field a server-rendered form (the sandbox consent page) echoes the cookie in. */
export const CSRF_FORM_FIELD = 'csrfmiddlewaretoken';

declare module 'fastify' {
  interface FastifyRequest {
    /** The csrftoken cookie value in force for this request (set on the answer when new). */
    csrfToken: string;
  }
  interface FastifyContextConfig {
    /**
     * How an unsafe call to the route proves it comes from our pages: 'header' (the default,
     * X-CSRFToken); 'form', a server-rendered form's CSRF_FORM_FIELD, checked once the body
     * is parsed; 'none' for an endpoint no browser credential reaches (server to server).
     */
    csrf?: 'header' | 'form' | 'none';
  }
}

/**
 * Double-submit cookie: every answer makes sure the client holds a csrftoken cookie, and
 * every unsafe call must echo it in X-CSRFToken. A page on another origin can make the
 * browser send the cookie but cannot read it, so it cannot send the header.
 */
export function registerCsrf(app: FastifyInstance) {
  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const hasCookie = cookie !== undefined && TOKEN_PATTERN.test(cookie);
    request.csrfToken = hasCookie ? cookie : randomBytes(32).toString('hex');
    if (!hasCookie) {
      // A header rather than reply.setCookie (written by an onSend hook), so answers streamed past the
      // onSend hooks (audio/serve.ts) carry it too.
      reply.header(
        'set-cookie',
        app.serializeCookie(CSRF_COOKIE, request.csrfToken, {
          path: '/',
          sameSite: 'lax',
          httpOnly: false, // the SPA reads it to fill the header
          secure: request.protocol === 'https',
          maxAge: 365 * 24 * 60 * 60,
        }),
      );
    }
    if (SAFE_METHODS.has(request.method)) return;
    const mode = request.routeOptions.config.csrf ?? 'header';
    if (mode !== 'header') return;
    const header = request.headers[CSRF_HEADER];
    if (!hasCookie || typeof header !== 'string' || !sameToken(header, cookie)) {
      throw detailError(403, errorMessages.csrfFailed);
    }
  });
  // A plain HTML form cannot send a header: the same value comes in a hidden field of its body.
  app.addHook('preValidation', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf !== 'form') return;
    const cookie = request.cookies[CSRF_COOKIE];
    const field = (request.body as Record<string, unknown> | undefined)?.[CSRF_FORM_FIELD];
    if (cookie === undefined || !TOKEN_PATTERN.test(cookie) || typeof field !== 'string' || !sameToken(field, cookie)) {
      throw detailError(403, errorMessages.csrfFailed);
    }
  });
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
