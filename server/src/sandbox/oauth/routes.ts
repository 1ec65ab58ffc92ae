import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { Email, nameMessages, SOCIAL_PROVIDERS, type SocialProvider } from '@portal/contract';

import { hashKey, sandboxClientId, sandboxPath, socialRedirectUri } from '../../modules/identity/index.ts';
import {
  addSandboxGrant,
  expireSandboxTokenOfCode,
  sandboxGrantByAccessToken,
  setSandboxAccessToken,
  spendSandboxCode,
} from './grants-repository.ts';
import {
  AUTHORIZE_FIELDS,
  consentPage,
  demoCustomers,
  errorPage,
  type AuthorizeRequest,
  type Fields,
  type IdentityErrors,
} from './pages.ts';

/**
 * The sandbox OAuth 2.0 provider: what Google, Facebook or LinkedIn would be, on
 * this server, for each provider that is not configured (identity/social-providers.ts), so a
 * person or a test runs the whole social sign-in round trip on one machine.
 *
 * - GET  /sandbox/oauth/{provider}/authorize: the consent page. It checks the request as a
 *   provider would (client id, registered redirect URI, state, PKCE S256 challenge) and lets
 *   the person pick an identity: a demo customer, or any e-mail and name typed in.
 * - POST /sandbox/oauth/{provider}/authorize: the consent form (its own CSRF field); sends
 *   the browser to redirect_uri?code=...&state=... (or error=access_denied on cancel).
 * - POST /sandbox/oauth/{provider}/token: the code exchange (RFC 6749 4.1.3, public client):
 *   the code once, before it expires, with the same client and redirect URI and a code
 *   verifier matching the challenge; answers a Bearer access token.
 * - GET  /sandbox/oauth/{provider}/userinfo: the OpenID Connect claims of that token.
 *
 * Registered only for sandbox providers (app.ts), and hidden from the OpenAPI document.
 */

const CODE_TTL_MS = 5 * 60 * 1000;
const ACCESS_TOKEN_TTL_S = 60 * 60;
const MAX_STATE_LENGTH = 500;
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/; // base64url SHA-256, no padding
const FORM_BODY_LIMIT = 16 * 1024;

// NUL cannot be stored in PostgreSQL text, and is in nobody's name.
const text = (value: unknown) =>
  (typeof value === 'string' ? value : Array.isArray(value) ? String(value[0] ?? '') : '').replace(/\0/g, '');

function authorizeRequestOf(source: unknown): AuthorizeRequest {
  const fields = (source ?? {}) as Record<string, unknown>;
  return Object.fromEntries(AUTHORIZE_FIELDS.map((name) => [name, text(fields[name])])) as unknown as AuthorizeRequest;
}

/** What is wrong with an authorization request, or null. Never redirected: the redirect URI itself may be the problem. */
function authorizeProblem(provider: SocialProvider, request: AuthorizeRequest): string | null {
  if (request.client_id !== sandboxClientId(provider)) return 'The client_id is not one this sandbox knows.';
  if (request.redirect_uri !== socialRedirectUri())
    return `The redirect_uri is not the registered one (${socialRedirectUri()}).`;
  if (request.response_type !== 'code') return 'The response_type must be "code".';
  if (!request.state || request.state.length > MAX_STATE_LENGTH) return 'The request has no state, or one too long.';
  if (request.code_challenge_method !== 'S256' || !CHALLENGE_PATTERN.test(request.code_challenge)) {
    return 'The request needs a PKCE code_challenge with code_challenge_method S256.';
  }
  return null;
}

/** The same person always gets the same subject from the same provider, as with a real account. */
const subjectOf = (provider: SocialProvider, email: string) =>
  `sandbox-${createHash('sha256').update(`${provider}:${email}`).digest('hex').slice(0, 24)}`;

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

interface TypedIdentity {
  email: string;
  given_name: string;
  family_name: string;
  email_verified: boolean;
}

function parseTypedIdentity(body: Fields): { identity: TypedIdentity | null; errors: IdentityErrors } {
  const errors: IdentityErrors = {};
  const email = Email.safeParse(text(body.email));
  if (!email.success) errors.email = email.error.issues[0]?.message ?? 'Enter an email address';
  const given = text(body.given_name).trim();
  const family = text(body.family_name).trim();
  if (!given) errors.given_name = nameMessages.firstRequired;
  else if (given.length > 100) errors.given_name = nameMessages.tooLong;
  if (!family) errors.family_name = nameMessages.lastRequired;
  else if (family.length > 100) errors.family_name = nameMessages.tooLong;
  if (!email.success || Object.keys(errors).length > 0) return { identity: null, errors };
  return {
    identity: {
      email: email.data.toLowerCase(),
      given_name: given,
      family_name: family,
      email_verified: body.email_verified === 'true',
    },
    errors,
  };
}

/** Security headers of the sandbox's pages: no framing (consent must not be clickjacked), nothing cached or leaked. */
function sendPage(reply: FastifyReply, status: number, html: string, nonce: string) {
  const redirectOrigin = new URL(socialRedirectUri()).origin;
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self' ${redirectOrigin}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The redirect URI with these query parameters added. */
function redirectTo(redirectUri: string, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** An OAuth token-endpoint error (RFC 6749 5.2). */
function tokenError(reply: FastifyReply, status: 400 | 401, error: string, description: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

function registerProvider(app: FastifyInstance, provider: SocialProvider) {
  const hide = { schema: { hide: true } };

  app.get(sandboxPath(provider, 'authorize'), hide, async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const authorize = authorizeRequestOf(request.query);
    const problem = authorizeProblem(provider, authorize);
    if (problem) return sendPage(reply, 400, errorPage(provider, problem, nonce), nonce);
    return sendPage(
      reply,
      200,
      consentPage({ provider, request: authorize, csrfToken: request.csrfToken, nonce }),
      nonce,
    );
  });

  app.post(sandboxPath(provider, 'authorize'), { ...hide, config: { csrf: 'form' } }, async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const body = (request.body ?? {}) as Fields;
    const authorize = authorizeRequestOf(body);
    const problem = authorizeProblem(provider, authorize);
    if (problem) return sendPage(reply, 400, errorPage(provider, problem, nonce), nonce);
    if (body.decision === 'cancel') {
      return reply.redirect(
        redirectTo(authorize.redirect_uri, { error: 'access_denied', state: authorize.state }),
        303,
      );
    }

    let identity: TypedIdentity;
    const picked = demoCustomers.find((person) => person.email === body.identity);
    if (picked) {
      const [given = '', ...family] = picked.name.split(' ');
      identity = { email: picked.email, given_name: given, family_name: family.join(' '), email_verified: true };
    } else {
      const typed = parseTypedIdentity(body);
      if (!typed.identity) {
        const page = consentPage({
          provider,
          request: authorize,
          csrfToken: request.csrfToken,
          nonce,
          typed: body,
          errors: typed.errors,
        });
        return sendPage(reply, 400, page, nonce);
      }
      identity = typed.identity;
    }

    const code = randomBytes(32).toString('base64url');
    const now = app.now();
    await addSandboxGrant(app.db, {
      provider,
      clientId: authorize.client_id,
      redirectUri: authorize.redirect_uri,
      codeHash: hashKey(code),
      codeChallenge: authorize.code_challenge,
      codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS),
      subject: subjectOf(provider, identity.email),
      email: identity.email,
      emailVerified: identity.email_verified,
      givenName: identity.given_name,
      familyName: identity.family_name,
      createdAt: now,
    });
    return reply.redirect(redirectTo(authorize.redirect_uri, { code, state: authorize.state }), 303);
  });

  // Server to server: arctic posts here with no browser cookie, so there is nothing for CSRF to protect.
  app.post(sandboxPath(provider, 'token'), { ...hide, config: { csrf: 'none' } }, async (request, reply) => {
    const body = (request.body ?? {}) as Fields;
    if (body.grant_type !== 'authorization_code')
      return tokenError(reply, 400, 'unsupported_grant_type', 'Only authorization_code is supported.');
    if (body.client_id !== sandboxClientId(provider))
      return tokenError(reply, 401, 'invalid_client', 'Unknown client_id.');
    if (typeof body.code !== 'string' || typeof body.code_verifier !== 'string' || !body.code || !body.code_verifier) {
      return tokenError(reply, 400, 'invalid_request', 'code and code_verifier are required, as text.');
    }
    const now = app.now();
    const codeHash = hashKey(body.code);
    // Spent at once: a code works once, whatever happens next.
    const grant = await spendSandboxCode(app.db, provider, codeHash, now);
    if (!grant) {
      // A code used twice may have been stolen: the token it gave stops working (RFC 6749 4.1.2).
      await expireSandboxTokenOfCode(app.db, codeHash, now);
      return tokenError(reply, 400, 'invalid_grant', 'The code is not valid or has already been used.');
    }
    if (grant.codeExpiresAt.getTime() <= now.getTime())
      return tokenError(reply, 400, 'invalid_grant', 'The code has expired.');
    if (grant.clientId !== body.client_id || grant.redirectUri !== body.redirect_uri) {
      return tokenError(
        reply,
        400,
        'invalid_grant',
        'The client_id or redirect_uri is not the one the code was given to.',
      );
    }
    if (!sameText(s256(body.code_verifier), grant.codeChallenge)) {
      return tokenError(reply, 400, 'invalid_grant', 'The code_verifier does not match the code_challenge.');
    }
    const accessToken = randomBytes(32).toString('base64url');
    await setSandboxAccessToken(
      app.db,
      grant.id,
      hashKey(accessToken),
      new Date(now.getTime() + ACCESS_TOKEN_TTL_S * 1000),
    );
    return reply.header('cache-control', 'no-store').send({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      scope: 'openid email profile',
    });
  });

  app.get(sandboxPath(provider, 'userinfo'), hide, async (request: FastifyRequest, reply) => {
    const [scheme, token] = (request.headers.authorization ?? '').trim().split(/\s+/);
    const refuse = () =>
      reply
        .code(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({ error: 'invalid_token', error_description: 'The access token is not valid.' });
    if (scheme?.toLowerCase() !== 'bearer' || !token) return refuse();
    const grant = await sandboxGrantByAccessToken(app.db, provider, hashKey(token));
    if (!grant?.accessTokenExpiresAt || grant.accessTokenExpiresAt.getTime() <= app.now().getTime()) return refuse();
    return reply.header('cache-control', 'no-store').send({
      sub: grant.subject,
      email: grant.email,
      email_verified: grant.emailVerified,
      given_name: grant.givenName,
      family_name: grant.familyName,
    });
  });
}

/**
 * Registers the sandbox provider's routes for each provider that uses it, in a scope of their own
 * that reads form bodies (application/x-www-form-urlencoded), as a provider's endpoints do.
 */
export async function registerSandboxOauth(app: FastifyInstance) {
  const providers = SOCIAL_PROVIDERS.filter((provider) => app.social[provider]?.mode === 'sandbox');
  if (providers.length === 0) return;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    for (const provider of providers) registerProvider(scope, provider);
  });
}
