import type { AddressInfo } from 'node:net';
import {
  ArcticFetchError,
  CodeChallengeMethod,
  Facebook,
  Google,
  LinkedIn,
  OAuth2Client,
  OAuth2RequestError,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
  type OAuth2Tokens,
} from 'arctic';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { SOCIAL_PROVIDERS, type SocialProvider } from '@portal/contract';

import type { SocialConfig } from '../../config.ts';
import { publicUrl } from './verification.ts';

/**
 * The OAuth 2.0 clients of social sign-in, through arctic. Each provider is configured by
 * its settings (config.ts: {PROVIDER}_CLIENT_ID and {PROVIDER}_CLIENT_SECRET, e.g.
 * GOOGLE_CLIENT_ID); one without them uses the sandbox provider on this same server
 * (sandbox/oauth/routes.ts), so the whole redirect round trip runs on one machine.
 * The sandbox asks for no password, so it runs only on a sandbox server (mail and SMS are
 * sandbox too), only while no provider is configured (one configured provider means
 * production: the others are then not available), and not with SOCIAL_SIGN_IN_SANDBOX=off.
 * Staff accounts never sign in through any provider (modules/social/handlers.ts).
 *
 * PKCE: Google and the sandbox take it (S256). arctic's Facebook and LinkedIn clients do not
 * send one (LinkedIn's web flow does not support it; Facebook's is for apps without a
 * secret); for them the state and the client secret protect the exchange.
 */

/** Who the provider says the person is. */
export interface SocialProfile {
  /** The provider's stable id of the person (OIDC `sub`, Facebook's `id`). */
  subject: string;
  email: string | null;
  /** Whether the provider vouches that the person owns `email`. */
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

/** Why an exchange failed: the provider said no, or could not be reached. */
export class SocialExchangeError extends Error {
  constructor(
    readonly reason: 'refused' | 'unreachable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface SocialClient {
  provider: SocialProvider;
  /** 'live': the provider itself; 'sandbox': the stand-in on this server. */
  mode: 'live' | 'sandbox';
  /** Whether the authorization URL carries a PKCE challenge (and the exchange its verifier). */
  pkce: boolean;
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the authorization code and reads the person's profile. Throws SocialExchangeError. */
  exchange(code: string, codeVerifier: string): Promise<SocialProfile>;
}

/** The configured client of each provider; null when it is not available. */
export type SocialClients = Readonly<Record<SocialProvider, SocialClient | null>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Social sign-in's OAuth clients (identity/social-providers.ts). */
    social: SocialClients;
  }
}

/** Where every provider sends the person back: the SPA's callback page (spec 000: "/login"). */
export const socialRedirectUri = () => `${publicUrl()}/login`;

/** The sandbox's client id for a provider; the sandbox is a public client, so PKCE is its proof. */
export const sandboxClientId = (provider: SocialProvider) => `portal-sandbox-${provider}`;

/** The sandbox provider's endpoints, under /sandbox/oauth/{provider}/. */
export const sandboxPath = (provider: SocialProvider, endpoint: 'authorize' | 'token' | 'userinfo') =>
  `/sandbox/oauth/${provider}/${endpoint}`;

const USERINFO_TIMEOUT_MS = 10_000;

const OidcUserInfo = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

const FacebookUser = z.object({
  id: z.string().min(1),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});

function fromOidc(info: z.infer<typeof OidcUserInfo>): SocialProfile {
  return {
    subject: info.sub,
    email: info.email?.trim() || null,
    emailVerified: info.email_verified === true || info.email_verified === 'true',
    givenName: info.given_name?.trim() ?? '',
    familyName: info.family_name?.trim() ?? '',
  };
}

/** Runs arctic's code exchange, turning its errors into SocialExchangeError. */
async function tokensOf(name: string, exchange: () => Promise<OAuth2Tokens>): Promise<string> {
  try {
    return (await exchange()).accessToken();
  } catch (error) {
    if (error instanceof ArcticFetchError)
      throw new SocialExchangeError('unreachable', `${name} token endpoint unreachable`, { cause: error });
    if (
      error instanceof OAuth2RequestError ||
      error instanceof UnexpectedErrorResponseBodyError ||
      error instanceof UnexpectedResponseError
    ) {
      throw new SocialExchangeError('refused', `${name} refused the code`, { cause: error });
    }
    // OAuth2Tokens.accessToken() throws a plain Error on an answer without one.
    throw new SocialExchangeError('refused', `${name} answered no access token`, { cause: error });
  }
}

/** GETs a profile with the access token and parses it; a refusal or a bad answer is 'refused'. */
async function profileFrom<T>(name: string, url: string, accessToken: string, schema: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SocialExchangeError('unreachable', `${name} userinfo unreachable`, { cause: error });
  }
  const body: unknown = await response.json().catch(() => null);
  const parsed = schema.safeParse(body);
  if (!response.ok || !parsed.success)
    throw new SocialExchangeError('refused', `${name} userinfo answered ${response.status}`);
  return parsed.data;
}

function googleClient(clientId: string, secret: string, redirectUri: string): SocialClient {
  const google = new Google(clientId, secret, redirectUri);
  return {
    provider: 'google',
    mode: 'live',
    pkce: true,
    authorizationUrl: (state, verifier) =>
      google.createAuthorizationURL(state, verifier, ['openid', 'email', 'profile']),
    async exchange(code, verifier) {
      const token = await tokensOf('Google', () => google.validateAuthorizationCode(code, verifier));
      return fromOidc(
        await profileFrom('Google', 'https://openidconnect.googleapis.com/v1/userinfo', token, OidcUserInfo),
      );
    },
  };
}

function facebookClient(clientId: string, secret: string, redirectUri: string): SocialClient {
  const facebook = new Facebook(clientId, secret, redirectUri);
  return {
    provider: 'facebook',
    mode: 'live',
    pkce: false,
    authorizationUrl: (state) => facebook.createAuthorizationURL(state, ['email', 'public_profile']),
    async exchange(code) {
      const token = await tokensOf('Facebook', () => facebook.validateAuthorizationCode(code));
      const url = 'https://graph.facebook.com/me?fields=id,email,first_name,last_name';
      const user = await profileFrom('Facebook', url, token, FacebookUser);
      return {
        subject: user.id,
        email: user.email?.trim() || null,
        // Facebook sends no verified flag; it shares only the primary address its owner confirmed with it.
        emailVerified: Boolean(user.email),
        givenName: user.first_name?.trim() ?? '',
        familyName: user.last_name?.trim() ?? '',
      };
    },
  };
}

function linkedInClient(clientId: string, secret: string, redirectUri: string): SocialClient {
  const linkedIn = new LinkedIn(clientId, secret, redirectUri);
  return {
    provider: 'linkedin',
    mode: 'live',
    pkce: false,
    authorizationUrl: (state) => linkedIn.createAuthorizationURL(state, ['openid', 'profile', 'email']),
    async exchange(code) {
      const token = await tokensOf('LinkedIn', () => linkedIn.validateAuthorizationCode(code));
      return fromOidc(await profileFrom('LinkedIn', 'https://api.linkedin.com/v2/userinfo', token, OidcUserInfo));
    },
  };
}

/**
 * The sandbox provider on this server, through arctic's generic client as any provider would
 * be: the browser goes to the public URL's consent page; this server reaches the token and
 * userinfo endpoints at its own listening address (`serverUrl`).
 */
function sandboxClient(provider: SocialProvider, redirectUri: string, serverUrl: () => string): SocialClient {
  const client = new OAuth2Client(sandboxClientId(provider), null, redirectUri);
  return {
    provider,
    mode: 'sandbox',
    pkce: true,
    authorizationUrl: (state, verifier) =>
      client.createAuthorizationURLWithPKCE(
        `${publicUrl()}${sandboxPath(provider, 'authorize')}`,
        state,
        CodeChallengeMethod.S256,
        verifier,
        ['openid', 'email', 'profile'],
      ),
    async exchange(code, verifier) {
      const name = `${provider} sandbox`;
      const token = await tokensOf(name, () =>
        client.validateAuthorizationCode(`${serverUrl()}${sandboxPath(provider, 'token')}`, code, verifier),
      );
      return fromOidc(
        await profileFrom(name, `${serverUrl()}${sandboxPath(provider, 'userinfo')}`, token, OidcUserInfo),
      );
    },
  };
}

const factories = { google: googleClient, facebook: facebookClient, linkedin: linkedInClient } as const;

/**
 * This server's own address, for calls it makes to itself (the sandbox's token and userinfo
 * endpoints): where it listens, or the public URL before it listens.
 */
export function ownUrl(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (address === null || typeof address === 'string') return publicUrl();
  const unspecified = address.address === '0.0.0.0' || address.address === '::';
  const host = unspecified ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Each provider's client from its settings (see the top of this file). */
export function socialClients(
  config: SocialConfig,
  serverUrl: () => string,
  /** Whether this server runs as a sandbox (mail and SMS never leave the machine). */
  sandboxServer = true,
): SocialClients {
  const redirectUri = socialRedirectUri();
  const settings = SOCIAL_PROVIDERS.map((provider) => [provider, config.clients[provider]] as const);
  // The sandbox lets anyone pick any identity: only on a sandbox server, never beside a real
  // provider (that is production), and not when switched off.
  const sandboxOn = sandboxServer && settings.every(([, setting]) => setting === null) && config.sandbox;
  const clients = {} as Record<SocialProvider, SocialClient | null>;
  for (const [provider, setting] of settings) {
    if (setting) clients[provider] = factories[provider](setting.clientId, setting.secret, redirectUri);
    else clients[provider] = sandboxOn ? sandboxClient(provider, redirectUri, serverUrl) : null;
  }
  return clients;
}
