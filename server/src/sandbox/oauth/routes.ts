import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Email, nameMessages, SOCIAL_PROVIDERS, socialProviderNames, type SocialProvider } from '@portal/contract';
import { sandboxClientId, sandboxPath, socialRedirectUri } from '../../auth/social-providers.ts';
import { hashKey } from '../../auth/tokens.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { CSRF_FORM_FIELD } from '../../plugins/csrf.ts';

/**
 * The sandbox OAuth 2.0 provider (issue 7): what Google, Facebook or LinkedIn would be, on
 * this server, for each provider that is not configured (auth/social-providers.ts), so a
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

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!);

/** The authorization request's parameters, as the consent page carries them from GET to POST. */
interface AuthorizeRequest {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  state: string;
  code_challenge: string;
  code_challenge_method: string;
  scope: string;
}
const AUTHORIZE_FIELDS = ['client_id', 'redirect_uri', 'response_type', 'state', 'code_challenge', 'code_challenge_method', 'scope'] as const;

type Fields = Record<string, string | undefined>;

/** The demo customers the consent page offers (staff accounts sign in with their password). */
const demoCustomers = Object.entries(demoLogins)
  .filter(([key]) => key !== 'staff')
  .map(([, login]) => ({ email: login.email, name: login.name }));

// NUL cannot be stored in PostgreSQL text, and is in nobody's name.
const text = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) ? String(value[0] ?? '') : '').replace(/\0/g, '');

function authorizeRequestOf(source: unknown): AuthorizeRequest {
  const fields = (source ?? {}) as Record<string, unknown>;
  return Object.fromEntries(AUTHORIZE_FIELDS.map((name) => [name, text(fields[name])])) as unknown as AuthorizeRequest;
}

/** What is wrong with an authorization request, or null. Never redirected: the redirect URI itself may be the problem. */
function authorizeProblem(provider: SocialProvider, request: AuthorizeRequest): string | null {
  if (request.client_id !== sandboxClientId(provider)) return 'The client_id is not one this sandbox knows.';
  if (request.redirect_uri !== socialRedirectUri()) return `The redirect_uri is not the registered one (${socialRedirectUri()}).`;
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
type IdentityErrors = Partial<Record<'email' | 'given_name' | 'family_name', string>>;

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
    identity: { email: email.data.toLowerCase(), given_name: given, family_name: family, email_verified: body.email_verified === 'true' },
    errors,
  };
}

interface PageState {
  provider: SocialProvider;
  request: AuthorizeRequest;
  csrfToken: string;
  nonce: string;
  /** The typed identity as sent, kept after a failed submit. */
  typed?: Fields;
  errors?: IdentityErrors;
}

function hiddenFields(request: AuthorizeRequest, csrfToken: string): string {
  return [
    `<input type="hidden" name="${CSRF_FORM_FIELD}" value="${escapeHtml(csrfToken)}">`,
    ...AUTHORIZE_FIELDS.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(request[name])}">`),
  ].join('\n        ');
}

const FIELD_LABELS = { email: 'Email address', given_name: 'First name', family_name: 'Last name' } as const;

function field(name: keyof typeof FIELD_LABELS, value: string, error: string | undefined, attributes: string): string {
  const errorId = `${name}-error`;
  return `<div class="field${error ? ' field-error' : ''}">
          <label for="${name}">${FIELD_LABELS[name]}</label>
          ${error ? `<p class="error-message" id="${errorId}"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ''}
          <input id="${name}" name="${name}" value="${escapeHtml(value)}" ${attributes}${error ? ` aria-describedby="${errorId}" aria-invalid="true"` : ''}>
        </div>`;
}

function consentPage(state: PageState): string {
  const name = socialProviderNames[state.provider];
  const title = `Sign in to ${name} (sandbox)`;
  const action = sandboxPath(state.provider, 'authorize');
  const hidden = hiddenFields(state.request, state.csrfToken);
  const typed = state.typed ?? {};
  const errors = state.errors ?? {};
  const errorList = (Object.keys(FIELD_LABELS) as Array<keyof typeof FIELD_LABELS>).filter((key) => errors[key]);
  const verified = state.typed ? typed.email_verified === 'true' : true;
  const identities = demoCustomers
    .map(
      (person) => `<li><button type="submit" name="identity" value="${escapeHtml(person.email)}">Continue as ${escapeHtml(person.name)}
            <span class="email">${escapeHtml(person.email)}</span></button></li>`,
    )
    .join('\n          ');
  return `<!doctype html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${errorList.length > 0 ? 'Error: ' : ''}${escapeHtml(title)}</title>
  <style nonce="${state.nonce}">
    body { font-family: system-ui, sans-serif; margin: 0; color: #0b0c0c; line-height: 1.5; background: #f3f2f1; }
    .banner { background: #1d3b5c; color: #fff; padding: 0.75rem 1rem; margin: 0; }
    main { max-width: 36rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; background: #fff; }
    h1 { font-size: 1.75rem; margin: 0 0 0.5rem; }
    h2 { font-size: 1.25rem; margin: 2rem 0 0.75rem; }
    ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.5rem; }
    button { font: inherit; padding: 0.6rem 1rem; border: 2px solid #0b0c0c; border-radius: 4px; background: #fff; color: #0b0c0c; cursor: pointer; }
    ul button { width: 100%; text-align: left; }
    .email { display: block; color: #505a5f; font-size: 0.9rem; overflow-wrap: anywhere; }
    .primary { background: #00703c; border-color: #00703c; color: #fff; }
    .field { margin-bottom: 1rem; }
    .field-error { border-left: 4px solid #d4351c; padding-left: 0.75rem; }
    label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
    input[type="email"], input[type="text"] { font: inherit; width: 100%; box-sizing: border-box; padding: 0.4rem; border: 2px solid #0b0c0c; }
    .checkbox { display: flex; gap: 0.5rem; align-items: center; margin-bottom: 1rem; }
    .checkbox label { font-weight: 400; margin: 0; }
    .checkbox input { width: 1.25rem; height: 1.25rem; }
    .error-message { color: #d4351c; font-weight: 600; margin: 0 0 0.25rem; }
    .error-summary { border: 4px solid #d4351c; padding: 1rem; margin-bottom: 1.5rem; }
    .error-summary h2 { margin-top: 0; }
    .error-summary a { color: #d4351c; font-weight: 600; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    button:focus, input:focus, a:focus { outline: 3px solid #fd0; outline-offset: 0; box-shadow: inset 0 0 0 2px #0b0c0c; }
    .cancel { margin-top: 2rem; }
  </style>
</head>
<body>
  <p class="banner"><strong>Sandbox.</strong> This page stands in for ${escapeHtml(name)} on this machine: no ${escapeHtml(name)} account is used and no password is asked for.</p>
  <main>
    ${
      errorList.length > 0
        ? `<div class="error-summary" role="alert" tabindex="-1" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">There is a problem</h2>
      <ul>
        ${errorList.map((key) => `<li><a href="#${key}">${escapeHtml(errors[key]!)}</a></li>`).join('\n        ')}
      </ul>
    </div>`
        : ''
    }
    <h1>${escapeHtml(title)}</h1>
    <p>Customer Portal asks for your name and email address. Choose who to continue as.</p>
    <section aria-labelledby="demo-customers">
      <h2 id="demo-customers">Demo customers</h2>
      <form method="post" action="${action}">
        ${hidden}
        <ul>
          ${identities}
        </ul>
      </form>
    </section>
    <section aria-labelledby="someone-else">
      <h2 id="someone-else">Someone else</h2>
      <form method="post" action="${action}" novalidate>
        ${hidden}
        ${field('email', typed.email ?? '', errors.email, 'type="email" autocomplete="email" spellcheck="false"')}
        ${field('given_name', typed.given_name ?? '', errors.given_name, 'type="text" autocomplete="given-name"')}
        ${field('family_name', typed.family_name ?? '', errors.family_name, 'type="text" autocomplete="family-name"')}
        <div class="checkbox">
          <input type="checkbox" id="email_verified" name="email_verified" value="true"${verified ? ' checked' : ''}>
          <label for="email_verified">${escapeHtml(name)} has confirmed this email address</label>
        </div>
        <button type="submit" class="primary" name="identity" value="typed">Continue</button>
      </form>
    </section>
    <form method="post" action="${action}" class="cancel">
      ${hidden}
      <button type="submit" name="decision" value="cancel">Cancel and go back</button>
    </form>
  </main>
</body>
</html>
`;
}

function errorPage(provider: SocialProvider, problem: string, nonce: string): string {
  const name = socialProviderNames[provider];
  return `<!doctype html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign-in request not valid - ${escapeHtml(name)} (sandbox)</title>
  <style nonce="${nonce}">body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #0b0c0c; line-height: 1.5; } a { color: #1d70b8; }</style>
</head>
<body>
  <main>
    <h1>This sign-in request is not valid</h1>
    <p>${escapeHtml(problem)}</p>
    <p><a href="/auth/login/">Go back to sign in</a></p>
  </main>
</body>
</html>
`;
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
    return sendPage(reply, 200, consentPage({ provider, request: authorize, csrfToken: request.csrfToken, nonce }), nonce);
  });

  app.post(sandboxPath(provider, 'authorize'), { ...hide, config: { csrf: 'form' } }, async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    const body = (request.body ?? {}) as Fields;
    const authorize = authorizeRequestOf(body);
    const problem = authorizeProblem(provider, authorize);
    if (problem) return sendPage(reply, 400, errorPage(provider, problem, nonce), nonce);
    if (body.decision === 'cancel') {
      return reply.redirect(redirectTo(authorize.redirect_uri, { error: 'access_denied', state: authorize.state }), 303);
    }

    let identity: TypedIdentity;
    const picked = demoCustomers.find((person) => person.email === body.identity);
    if (picked) {
      const [given = '', ...family] = picked.name.split(' ');
      identity = { email: picked.email, given_name: given, family_name: family.join(' '), email_verified: true };
    } else {
      const typed = parseTypedIdentity(body);
      if (!typed.identity) {
        const page = consentPage({ provider, request: authorize, csrfToken: request.csrfToken, nonce, typed: body, errors: typed.errors });
        return sendPage(reply, 400, page, nonce);
      }
      identity = typed.identity;
    }

    const code = randomBytes(32).toString('base64url');
    const now = app.now();
    await app.sandboxGrantsRepository.add({
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
    if (body.grant_type !== 'authorization_code') return tokenError(reply, 400, 'unsupported_grant_type', 'Only authorization_code is supported.');
    if (body.client_id !== sandboxClientId(provider)) return tokenError(reply, 401, 'invalid_client', 'Unknown client_id.');
    if (typeof body.code !== 'string' || typeof body.code_verifier !== 'string' || !body.code || !body.code_verifier) {
      return tokenError(reply, 400, 'invalid_request', 'code and code_verifier are required, as text.');
    }
    const now = app.now();
    const codeHash = hashKey(body.code);
    // Spent at once: a code works once, whatever happens next.
    const grant = await app.sandboxGrantsRepository.spendCode(provider, codeHash, now);
    if (!grant) {
      // A code used twice may have been stolen: the token it gave stops working (RFC 6749 4.1.2).
      await app.sandboxGrantsRepository.expireTokenOfCode(codeHash, now);
      return tokenError(reply, 400, 'invalid_grant', 'The code is not valid or has already been used.');
    }
    if (grant.codeExpiresAt.getTime() <= now.getTime()) return tokenError(reply, 400, 'invalid_grant', 'The code has expired.');
    if (grant.clientId !== body.client_id || grant.redirectUri !== body.redirect_uri) {
      return tokenError(reply, 400, 'invalid_grant', 'The client_id or redirect_uri is not the one the code was given to.');
    }
    if (!sameText(s256(body.code_verifier), grant.codeChallenge)) {
      return tokenError(reply, 400, 'invalid_grant', 'The code_verifier does not match the code_challenge.');
    }
    const accessToken = randomBytes(32).toString('base64url');
    await app.sandboxGrantsRepository.setAccessToken(grant.id, hashKey(accessToken), new Date(now.getTime() + ACCESS_TOKEN_TTL_S * 1000));
    return reply
      .header('cache-control', 'no-store')
      .send({ access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S, scope: 'openid email profile' });
  });

  app.get(sandboxPath(provider, 'userinfo'), hide, async (request: FastifyRequest, reply) => {
    const [scheme, token] = (request.headers.authorization ?? '').trim().split(/\s+/);
    const refuse = () =>
      reply.code(401).header('www-authenticate', 'Bearer error="invalid_token"').send({ error: 'invalid_token', error_description: 'The access token is not valid.' });
    if (scheme?.toLowerCase() !== 'bearer' || !token) return refuse();
    const grant = await app.sandboxGrantsRepository.findByAccessToken(provider, hashKey(token));
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
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    for (const provider of providers) registerProvider(scope, provider);
  });
}
