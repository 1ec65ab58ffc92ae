import { resolve } from 'node:path';
import * as z from 'zod';

import {
  ANALYTICS_SERVICE_KINDS,
  SOCIAL_PROVIDERS,
  type AnalyticsService,
  type AnalyticsSettings,
  type SocialProvider,
} from '@portal/contract';

import { DEFAULT_MIN_FREE_MB } from './db/data-dir-space.ts';
import type { Mailer } from './mail/mailer.ts';
import { SmtpMailer } from './mail/smtp.ts';
import { DEFAULT_PROVISIONING_DELAY_MS } from './modules/provisioning/settings.ts';
import { DEFAULT_SIGNUP_SETTINGS, type SignupServerSettings } from './modules/signup/settings.ts';
import { parseThirdPartyHosts } from './plugins/security-headers.ts';
import { HttpsSmsGateway } from './sms/https-gateway.ts';
import type { SmsSender } from './sms/sms.ts';

/**
 * The server's configuration: every environment variable it reads, in one zod schema, parsed once at start
 * (`settings()`, first thing in main.ts). A bad value stops the start with a message naming the variable;
 * the modules get typed settings from here, and nothing else in the server reads `process.env`.
 * docs/configuration.md is made from VARIABLES below (`npm run docs:config`; a test fails when it is not current).
 */

type Env = Record<string, string | undefined>;

/** Each problem's message names its variable first, so the start-up error says which one to fix. */
const fail = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** The raw value, trimmed; an empty value is unset. */
const raw = () =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined);

const listed = (values: readonly string[]) =>
  values.length === 2 ? `${values[0]} or ${values[1]}` : `one of ${values.join(', ')}`;

function choice<const T extends readonly [string, ...string[]]>(name: string, values: T, fallback: T[number]) {
  return raw().transform((value, ctx): T[number] => {
    const chosen = (value ?? fallback).toLowerCase();
    if ((values as readonly string[]).includes(chosen)) return chosen as T[number];
    return fail(ctx, `${name} must be ${listed(values)}, not "${value}"`);
  });
}

function flag(name: string, fallback: boolean) {
  return raw().transform((value, ctx) => {
    const text = value?.toLowerCase();
    if (text === undefined) return fallback;
    if (['on', 'true', '1'].includes(text)) return true;
    if (['off', 'false', '0'].includes(text)) return false;
    return fail(ctx, `${name} must be on or off, not "${value}"`);
  });
}

function wholeNumber(name: string, fallback: number, max: number, unit: string) {
  return raw().transform((value, ctx) => {
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) > max)
      return fail(ctx, `${name} must be a whole number${unit} from 0 to ${max}, not "${value}"`);
    return Number(value);
  });
}

/** An address with one of these protocols; never echoed in the message, as it may hold a password. */
function address(name: string, protocols: string[], fallback?: string) {
  return raw().transform((value, ctx) => {
    const text = value ?? fallback;
    if (text === undefined) return undefined;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return fail(ctx, `${name} must be a URL starting with ${protocols.join(' or ')}`);
    }
    if (!protocols.includes(url.protocol)) return fail(ctx, `${name} must start with ${protocols.join(' or ')}`);
    return text;
  });
}

const isLoopbackHost = (hostname: string) => ['localhost', '127.0.0.1', '[::1]'].includes(hostname);

/** A third-party service the pages load or call: https, or plain http only to this machine (a test's fake service). */
function serviceAddress(name: string) {
  return address(name, ['https:', 'http:']).transform((value, ctx) => {
    if (value === undefined) return undefined;
    const url = new URL(value);
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
      return fail(ctx, `${name} must start with https: (plain http: only to this machine)`);
    return value;
  });
}

const withoutTrailingSlashes = (url: string) => url.replace(/\/+$/, '');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const SPEECH_ENGINES = ['espeak'] as const;
export const ADDRESS_LOOKUPS = ['sandbox'] as const;
export const CHAT_SERVICES = ['sandbox'] as const;
export const BROADBAND_DATA_SOURCES = ['sandbox', 'https'] as const;
const MAX_PROVISIONING_DELAY_MS = 60 * 60 * 1000;
const PAYMENT_SETTINGS = [
  'PORTAL_PAYMENTS_API_URL',
  'PORTAL_PAYMENTS_SECRET_KEY',
  'PORTAL_PAYMENTS_PUBLIC_KEY',
  'PORTAL_PAYMENTS_WEBHOOK_SECRET',
  'PORTAL_PAYMENTS_CHECKOUT_URL',
] as const;

/** Every variable's own check; what needs two variables at once is in `environmentSchema` below. */
const shape = {
  PORT: raw().transform((value, ctx) => {
    const port = Number(value ?? 8080);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      return fail(ctx, `PORT must be a port number, not "${value}"`);
    return port;
  }),
  HOST: raw().transform((value) => value ?? '0.0.0.0'),
  PORTAL_PUBLIC_URL: address('PORTAL_PUBLIC_URL', ['https:', 'http:']),
  TRUST_PROXY: raw().transform((value): boolean | string => (value === 'true' ? true : (value ?? false))),
  LOG_LEVEL: choice('LOG_LEVEL', LOG_LEVELS, 'info'),
  SHUTDOWN_TIMEOUT_MS: wholeNumber('SHUTDOWN_TIMEOUT_MS', 20_000, 10 * 60 * 1000, ' of milliseconds'),
  PORTAL_STATIC_DIR: raw().transform((value) => (value ? resolve(value) : undefined)),
  DATABASE_URL: address('DATABASE_URL', ['postgres:', 'postgresql:']),
  PORTAL_DATA_DIR: raw().transform((value) => value ?? 'data'),
  PORTAL_DATA_MIN_FREE_MB: raw().transform((value, ctx) => {
    if (value === undefined) return DEFAULT_MIN_FREE_MB;
    if (!/^\d{1,9}$/.test(value))
      return fail(ctx, `PORTAL_DATA_MIN_FREE_MB must be a whole number of megabytes, not "${value}"`);
    return Number(value);
  }),
  AUDIO_STORAGE: raw().transform((value, ctx): 'database' | 'filesystem' | undefined => {
    const kind = value?.toLowerCase();
    if (kind === undefined || kind === 'database' || kind === 'filesystem') return kind;
    return fail(ctx, `AUDIO_STORAGE must be database or filesystem, not "${value}"`);
  }),
  SPEECH_CACHE_MB: raw().transform((value, ctx) => {
    const mb = Number(value ?? 100);
    if (!Number.isFinite(mb) || mb < 0)
      return fail(ctx, `SPEECH_CACHE_MB must be a number of megabytes, not "${value}"`);
    return mb;
  }),
  MAIL_TRANSPORT: choice('MAIL_TRANSPORT', ['sandbox', 'smtp'], 'sandbox'),
  SMTP_URL: address('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: raw(),
  SMS_TRANSPORT: choice('SMS_TRANSPORT', ['sandbox', 'https'], 'sandbox'),
  SMS_GATEWAY_URL: address('SMS_GATEWAY_URL', ['https:', 'http:']),
  SMS_GATEWAY_TOKEN: raw(),
  SMS_SENDER: raw(),
  PORTAL_PAYMENTS_PROVIDER: choice('PORTAL_PAYMENTS_PROVIDER', ['sandbox', 'hosted'], 'sandbox'),
  PORTAL_PAYMENTS_API_URL: raw(),
  PORTAL_PAYMENTS_SECRET_KEY: raw(),
  PORTAL_PAYMENTS_PUBLIC_KEY: raw(),
  PORTAL_PAYMENTS_WEBHOOK_SECRET: raw(),
  PORTAL_PAYMENTS_CHECKOUT_URL: raw(),
  PORTAL_PAYMENTS_CHECKOUT_SRC: raw(),
  GOOGLE_CLIENT_ID: raw(),
  GOOGLE_CLIENT_SECRET: raw(),
  FACEBOOK_CLIENT_ID: raw(),
  FACEBOOK_CLIENT_SECRET: raw(),
  LINKEDIN_CLIENT_ID: raw(),
  LINKEDIN_CLIENT_SECRET: raw(),
  SOCIAL_SIGN_IN_SANDBOX: flag('SOCIAL_SIGN_IN_SANDBOX', true),
  CSP_THIRD_PARTY_HOSTS: raw().transform((value, ctx) => {
    try {
      return parseThirdPartyHosts(value);
    } catch (error) {
      return fail(ctx, (error as Error).message);
    }
  }),
  ANALYTICS_SERVICES: raw().transform((value, ctx) => {
    const kinds = [
      ...new Set(
        (value ?? '')
          .toLowerCase()
          .split(/[\s,]+/)
          .filter(Boolean),
      ),
    ];
    const unknown = kinds.find((kind) => !(ANALYTICS_SERVICE_KINDS as readonly string[]).includes(kind));
    if (unknown !== undefined)
      return fail(ctx, `ANALYTICS_SERVICES must list ${listed(ANALYTICS_SERVICE_KINDS)}, not "${unknown}"`);
    return kinds as Array<(typeof ANALYTICS_SERVICE_KINDS)[number]>;
  }),
  ANALYTICS_TAG_MANAGER_URL: serviceAddress('ANALYTICS_TAG_MANAGER_URL'),
  ANALYTICS_PRODUCT_URL: serviceAddress('ANALYTICS_PRODUCT_URL'),
  ANALYTICS_PRODUCT_KEY: raw(),
  ANALYTICS_HEATMAP_URL: serviceAddress('ANALYTICS_HEATMAP_URL'),
  SPEECH_ENGINE: choice('SPEECH_ENGINE', SPEECH_ENGINES, 'espeak'),
  ADDRESS_LOOKUP: choice('ADDRESS_LOOKUP', ADDRESS_LOOKUPS, 'sandbox'),
  CHAT_SERVICE: choice('CHAT_SERVICE', CHAT_SERVICES, 'sandbox'),
  BROADBAND_DATA: choice('BROADBAND_DATA', BROADBAND_DATA_SOURCES, 'sandbox'),
  BROADBAND_API_URL: raw(),
  BROADBAND_API_TOKEN: raw(),
  PORTAL_PROVISIONING_URL: address(
    'PORTAL_PROVISIONING_URL',
    ['https:', 'http:'],
    'https://provisioning.cloudphone.example',
  ),
  PORTAL_PROVISIONING_DELAY_MS: wholeNumber(
    'PORTAL_PROVISIONING_DELAY_MS',
    DEFAULT_PROVISIONING_DELAY_MS,
    MAX_PROVISIONING_DELAY_MS,
    ' of milliseconds',
  ),
  PORTAL_ADVANCED_CALL_FORWARD: flag('PORTAL_ADVANCED_CALL_FORWARD', false),
  PORTAL_CALL_RECORDINGS: choice('PORTAL_CALL_RECORDINGS', ['shown', 'hidden'], 'shown'),
  PORTAL_MAINTENANCE_MODE: flag('PORTAL_MAINTENANCE_MODE', DEFAULT_SIGNUP_SETTINGS.maintenanceMode),
  PORTAL_SIGNUP_REDIRECT_TO_TRIAL: flag(
    'PORTAL_SIGNUP_REDIRECT_TO_TRIAL',
    DEFAULT_SIGNUP_SETTINGS.signupRedirectToTrial,
  ),
  PORTAL_VOIP3_SIGNUP: flag('PORTAL_VOIP3_SIGNUP', DEFAULT_SIGNUP_SETTINGS.voip3Signup),
  PORTAL_SMS_HOURLY_LIMIT: wholeNumber('PORTAL_SMS_HOURLY_LIMIT', DEFAULT_SIGNUP_SETTINGS.smsHourlyLimit, 100_000, ''),
  CALL_RUNTIME: flag('CALL_RUNTIME', true),
  CALL_RUNTIME_SIP_PORT: raw().transform((value, ctx) => {
    const port = Number(value ?? 5080);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      return fail(ctx, `CALL_RUNTIME_SIP_PORT must be a port number, not "${value}"`);
    return port;
  }),
  CALL_RUNTIME_SIP_HOST: raw(),
};

type Variables = z.output<z.ZodObject<typeof shape>>;
export type VariableName = keyof typeof shape;

/** How messages leave the portal. The sandbox outbox pages (/sandbox/outbox) exist only while both are sandbox. */
export interface MessagingConfig {
  mail: { transport: 'sandbox' } | { transport: 'smtp'; url: string; from: string };
  sms: { transport: 'sandbox' } | { transport: 'https'; url: string; token: string; sender: string | undefined };
}

export type PaymentsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'hosted';
      apiUrl: string;
      secretKey: string;
      publicKey: string;
      webhookSecret: string;
      checkoutAction: string;
      checkoutSrc: string;
    };

export type BroadbandConfig = { source: 'sandbox' } | { source: 'https'; url: string; token: string };

export interface SocialConfig {
  /** Each provider's OAuth client, or null for none. */
  clients: Record<SocialProvider, { clientId: string; secret: string } | null>;
  /** SOCIAL_SIGN_IN_SANDBOX: the sandbox consent page stands in for unconfigured providers (when nothing is real). */
  sandbox: boolean;
}

/** The typed settings the modules receive. */
export interface Config {
  port: number;
  host: string;
  /** Where links in e-mails point, without a trailing slash; never taken from the request's Host header. */
  publicUrl: string;
  trustProxy: boolean | string;
  logLevel: (typeof LOG_LEVELS)[number];
  shutdownTimeoutMs: number;
  staticDir: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  /** The free space PGlite's folder's disk must have to start (db/data-dir-space.ts). */
  dataMinFreeBytes: number;
  audioStorage: 'database' | 'filesystem';
  speechCacheBytes: number;
  messaging: MessagingConfig;
  payments: PaymentsConfig;
  social: SocialConfig;
  cspThirdPartyHosts: string[];
  /** The analytics services the pages may load after consent (spec 000 section 7); none by default. */
  analytics: AnalyticsSettings;
  speechEngine: (typeof SPEECH_ENGINES)[number];
  addressLookup: (typeof ADDRESS_LOOKUPS)[number];
  chatService: (typeof CHAT_SERVICES)[number];
  broadband: BroadbandConfig;
  /** The desk phones' auto-provisioning service, without a trailing slash. */
  provisioningUrl: string;
  provisioningDelayMs: number;
  advancedCallForward: boolean;
  callRecordingsHidden: boolean;
  signup: SignupServerSettings;
  /** The test-call runtime, the server's child process: where it answers SIP and the `host:port` its addresses name; null when off. */
  callRuntime: { sipPort: number; sipHost: string } | null;
}

const isLoopback = (url: URL) => isLoopbackHost(url.hostname);

/** The checks that read two variables at once: a transport, provider or source that needs its settings. */
function checkTogether(v: Variables, ctx: z.RefinementCtx): void {
  const needs = (name: VariableName, because: string) => {
    if (v[name] === undefined)
      ctx.addIssue({ code: 'custom', message: `${name} must be set ${because}`, path: [name] });
  };
  if (v.MAIL_TRANSPORT === 'smtp') {
    needs('SMTP_URL', 'when MAIL_TRANSPORT=smtp');
    needs('MAIL_FROM', 'when MAIL_TRANSPORT=smtp');
  }
  if (v.SMS_TRANSPORT === 'https') {
    needs('SMS_GATEWAY_URL', 'when SMS_TRANSPORT=https');
    needs('SMS_GATEWAY_TOKEN', 'when SMS_TRANSPORT=https');
    // The token and the codes travel in this request: plain HTTP only to this machine.
    const url = v.SMS_GATEWAY_URL ? new URL(v.SMS_GATEWAY_URL) : undefined;
    if (url?.protocol === 'http:' && !isLoopback(url))
      ctx.addIssue({ code: 'custom', message: 'SMS_GATEWAY_URL must start with https:', path: ['SMS_GATEWAY_URL'] });
  }
  if (v.PORTAL_PAYMENTS_PROVIDER === 'hosted') {
    for (const name of PAYMENT_SETTINGS) {
      if (v[name] === undefined)
        ctx.addIssue({ code: 'custom', message: `PORTAL_PAYMENTS_PROVIDER=hosted needs ${name}`, path: [name] });
    }
  }
  if (v.BROADBAND_DATA === 'https') {
    if (!/^https?:\/\//.test(v.BROADBAND_API_URL ?? '')) {
      ctx.addIssue({
        code: 'custom',
        message: "BROADBAND_DATA=https needs BROADBAND_API_URL, the checker's address (https://...)",
        path: ['BROADBAND_API_URL'],
      });
    }
    if (!v.BROADBAND_API_TOKEN)
      ctx.addIssue({
        code: 'custom',
        message: "BROADBAND_DATA=https needs BROADBAND_API_TOKEN, the checker's bearer token",
        path: ['BROADBAND_API_TOKEN'],
      });
  }
  const analyticsNeeds: Record<string, VariableName[]> = {
    'tag-manager': ['ANALYTICS_TAG_MANAGER_URL'],
    'product-analytics': ['ANALYTICS_PRODUCT_URL', 'ANALYTICS_PRODUCT_KEY'],
    heatmap: ['ANALYTICS_HEATMAP_URL'],
  };
  for (const kind of v.ANALYTICS_SERVICES)
    for (const name of analyticsNeeds[kind] ?? []) needs(name, `when ANALYTICS_SERVICES lists ${kind}`);
  for (const provider of SOCIAL_PROVIDERS) {
    const prefix = provider.toUpperCase();
    const id = v[`${prefix}_CLIENT_ID` as VariableName];
    const secret = v[`${prefix}_CLIENT_SECRET` as VariableName];
    if (Boolean(id) !== Boolean(secret)) {
      ctx.addIssue({
        code: 'custom',
        message: `${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together (or neither, for the sandbox)`,
        path: [`${prefix}_CLIENT_SECRET`],
      });
    }
  }
}

function analyticsService(kind: (typeof ANALYTICS_SERVICE_KINDS)[number], v: Variables): AnalyticsService {
  if (kind === 'tag-manager') return { kind, url: v.ANALYTICS_TAG_MANAGER_URL! };
  if (kind === 'product-analytics') return { kind, url: v.ANALYTICS_PRODUCT_URL!, key: v.ANALYTICS_PRODUCT_KEY! };
  if (kind === 'heatmap') return { kind, url: v.ANALYTICS_HEATMAP_URL! };
  return { kind };
}

function toConfig(v: Variables): Config {
  const mail: MessagingConfig['mail'] =
    v.MAIL_TRANSPORT === 'smtp'
      ? { transport: 'smtp', url: v.SMTP_URL!, from: v.MAIL_FROM! }
      : { transport: 'sandbox' };
  const sms: MessagingConfig['sms'] =
    v.SMS_TRANSPORT === 'https'
      ? { transport: 'https', url: v.SMS_GATEWAY_URL!, token: v.SMS_GATEWAY_TOKEN!, sender: v.SMS_SENDER }
      : { transport: 'sandbox' };
  const payments: PaymentsConfig =
    v.PORTAL_PAYMENTS_PROVIDER === 'hosted'
      ? {
          provider: 'hosted',
          apiUrl: v.PORTAL_PAYMENTS_API_URL!,
          secretKey: v.PORTAL_PAYMENTS_SECRET_KEY!,
          publicKey: v.PORTAL_PAYMENTS_PUBLIC_KEY!,
          webhookSecret: v.PORTAL_PAYMENTS_WEBHOOK_SECRET!,
          checkoutAction: v.PORTAL_PAYMENTS_CHECKOUT_URL!,
          checkoutSrc: v.PORTAL_PAYMENTS_CHECKOUT_SRC ?? '',
        }
      : { provider: 'sandbox' };
  const clients = Object.fromEntries(
    SOCIAL_PROVIDERS.map((provider) => {
      const prefix = provider.toUpperCase();
      const clientId = v[`${prefix}_CLIENT_ID` as VariableName] as string | undefined;
      const secret = v[`${prefix}_CLIENT_SECRET` as VariableName] as string | undefined;
      return [provider, clientId && secret ? { clientId, secret } : null];
    }),
  ) as SocialConfig['clients'];
  return {
    port: v.PORT,
    host: v.HOST,
    publicUrl: withoutTrailingSlashes(v.PORTAL_PUBLIC_URL ?? `http://localhost:${v.PORT}`),
    trustProxy: v.TRUST_PROXY,
    logLevel: v.LOG_LEVEL,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    staticDir: v.PORTAL_STATIC_DIR,
    databaseUrl: v.DATABASE_URL,
    dataDir: v.PORTAL_DATA_DIR,
    dataMinFreeBytes: v.PORTAL_DATA_MIN_FREE_MB * 1024 * 1024,
    audioStorage: v.AUDIO_STORAGE ?? (v.DATABASE_URL ? 'database' : 'filesystem'),
    speechCacheBytes: Math.round(v.SPEECH_CACHE_MB * 1024 * 1024),
    messaging: { mail, sms },
    payments,
    social: { clients, sandbox: v.SOCIAL_SIGN_IN_SANDBOX },
    cspThirdPartyHosts: v.CSP_THIRD_PARTY_HOSTS,
    analytics: { services: v.ANALYTICS_SERVICES.map((kind) => analyticsService(kind, v)) },
    speechEngine: v.SPEECH_ENGINE,
    addressLookup: v.ADDRESS_LOOKUP,
    chatService: v.CHAT_SERVICE,
    broadband:
      v.BROADBAND_DATA === 'https'
        ? { source: 'https', url: v.BROADBAND_API_URL!, token: v.BROADBAND_API_TOKEN! }
        : { source: 'sandbox' },
    provisioningUrl: withoutTrailingSlashes(v.PORTAL_PROVISIONING_URL!),
    provisioningDelayMs: v.PORTAL_PROVISIONING_DELAY_MS,
    advancedCallForward: v.PORTAL_ADVANCED_CALL_FORWARD,
    callRecordingsHidden: v.PORTAL_CALL_RECORDINGS === 'hidden',
    signup: {
      maintenanceMode: v.PORTAL_MAINTENANCE_MODE,
      signupRedirectToTrial: v.PORTAL_SIGNUP_REDIRECT_TO_TRIAL,
      voip3Signup: v.PORTAL_VOIP3_SIGNUP,
      smsHourlyLimit: v.PORTAL_SMS_HOURLY_LIMIT,
    },
    callRuntime: v.CALL_RUNTIME
      ? { sipPort: v.CALL_RUNTIME_SIP_PORT, sipHost: v.CALL_RUNTIME_SIP_HOST ?? `127.0.0.1:${v.CALL_RUNTIME_SIP_PORT}` }
      : null,
  };
}

/** The whole environment: each variable, then the checks across variables, then the typed settings. */
export const environmentSchema = z.object(shape).superRefine(checkTogether).transform(toConfig);

/** A bad environment: the message names each variable to fix, one a line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment into the typed settings; throws a ConfigError naming every bad variable. */
export function readConfig(env: Env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  return parsed.data;
}

/** The environment a child process of the server starts with: this process's own, with `extra` on top. */
export const childEnvironment = (extra: Record<string, string>): Env => ({ ...process.env, ...extra });

let current: Config | undefined;

/** This process's settings: its environment, parsed the first time they are asked for (main.ts asks first). */
export function settings(): Config {
  current ??= readConfig(process.env);
  return current;
}

/**
 * The production adapters the configuration names, for buildApp; a sandbox transport is left
 * out, so buildApp uses its sandbox default (which needs the app's database and clock).
 */
export function messagingAdapters(config: MessagingConfig): { mailer?: Mailer; sms?: SmsSender } {
  return {
    ...(config.mail.transport === 'smtp' && {
      mailer: new SmtpMailer({ url: config.mail.url, from: config.mail.from }),
    }),
    ...(config.sms.transport === 'https' && {
      sms: new HttpsSmsGateway({ url: config.sms.url, token: config.sms.token, sender: config.sms.sender }),
    }),
  };
}

export type VariableGroup =
  'Server' | 'Storage' | 'Messages' | 'Payments' | 'Social sign-in' | 'Services' | 'Product switches' | 'Test calls';

export interface VariableDoc {
  group: VariableGroup;
  /** The default, as written in the docs ('' for none). */
  default: string;
  about: string;
  /** One of the few settings every deployer must know (README and docs/configuration.md list them). */
  essential?: boolean;
}

/** What each variable means, for docs/configuration.md (scripts/config-docs.ts); every variable has one. */
export const VARIABLES: Record<VariableName, VariableDoc> = {
  PORT: { group: 'Server', default: '8080', about: 'where the server listens', essential: true },
  HOST: { group: 'Server', default: '0.0.0.0', about: 'the interface to bind' },
  PORTAL_PUBLIC_URL: {
    group: 'Server',
    default: 'http://localhost:$PORT',
    about:
      "the address links in e-mails point to (never taken from the request's Host header); the social sign-in redirect URI to register is `$PORTAL_PUBLIC_URL/login`",
    essential: true,
  },
  TRUST_PROXY: {
    group: 'Server',
    default: '',
    about:
      "behind a reverse proxy or load balancer: `true` (trust every hop), or the proxy's addresses or CIDRs (`10.0.0.1,10.0.0.0/8`), so per-client limits and https are seen; never when clients reach the server directly (docs/operations.md)",
    essential: true,
  },
  LOG_LEVEL: {
    group: 'Server',
    default: 'info',
    about:
      '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. At `info` an answered request is logged only when it failed (5xx) or took over a second; `debug` logs every one, with the secrets in URLs redacted',
  },
  SHUTDOWN_TIMEOUT_MS: {
    group: 'Server',
    default: '20000',
    about: 'on SIGTERM or SIGINT, how long the requests in flight may take before the server exits anyway (code 1)',
  },
  PORTAL_STATIC_DIR: { group: 'Server', default: './dist', about: 'the built SPA the server serves' },
  DATABASE_URL: {
    group: 'Storage',
    default: '',
    about:
      '`postgres://...`: this PostgreSQL server instead of the embedded PGlite (same schema and migrations); needed for several processes',
    essential: true,
  },
  PORTAL_DATA_DIR: {
    group: 'Storage',
    default: './data',
    about:
      'the folder of the embedded PGlite database (locked while a server runs on it) and of stored audio (`audio/`); `memory://` keeps everything in memory',
    essential: true,
  },
  PORTAL_DATA_MIN_FREE_MB: {
    group: 'Storage',
    default: '64',
    about:
      "the free space, in MB, PGlite's folder's disk must have to start; short of it the server exits naming the folder and the room it needs, and writes nothing",
  },
  AUDIO_STORAGE: {
    group: 'Storage',
    default: '`database` with DATABASE_URL, else `filesystem`',
    about:
      'where the bytes of audio files and the text-to-speech cache live: `database` (the `stored_audio` table, shared by every process on one PostgreSQL) or `filesystem` (`PORTAL_DATA_DIR/audio/`)',
  },
  SPEECH_CACHE_MB: {
    group: 'Storage',
    default: '100',
    about: "the text-to-speech cache's size in megabytes; past it the least recently used entries are deleted",
  },
  MAIL_TRANSPORT: {
    group: 'Messages',
    default: 'sandbox',
    about:
      '`sandbox` keeps e-mails in the outbox (read at `/sandbox/outbox`); `smtp` sends them, with SMTP_URL and MAIL_FROM',
    essential: true,
  },
  SMTP_URL: { group: 'Messages', default: '', about: 'with `smtp`: `smtp://user:pass@host:587` or `smtps://...:465`' },
  MAIL_FROM: { group: 'Messages', default: '', about: 'with `smtp`: the From address' },
  SMS_TRANSPORT: {
    group: 'Messages',
    default: 'sandbox',
    about:
      '`sandbox` keeps texts in the outbox; `https` posts them as JSON to a gateway, with SMS_GATEWAY_URL and SMS_GATEWAY_TOKEN',
  },
  SMS_GATEWAY_URL: {
    group: 'Messages',
    default: '',
    about: 'with `https`: the gateway (plain `http:` only to this machine)',
  },
  SMS_GATEWAY_TOKEN: { group: 'Messages', default: '', about: "with `https`: the gateway's bearer token" },
  SMS_SENDER: { group: 'Messages', default: '', about: 'with `https`: the sender name, optional' },
  PORTAL_PAYMENTS_PROVIDER: {
    group: 'Payments',
    default: 'sandbox',
    about:
      'card payments: `sandbox` is the hosted checkout on this server (`/sandbox/checkout/`, test cards in docs/demo-accounts.md); `hosted` is a real hosted-payments provider, which needs the five settings below',
  },
  PORTAL_PAYMENTS_API_URL: { group: 'Payments', default: '', about: "with `hosted`: the provider's API" },
  PORTAL_PAYMENTS_SECRET_KEY: { group: 'Payments', default: '', about: 'with `hosted`: the secret key' },
  PORTAL_PAYMENTS_PUBLIC_KEY: { group: 'Payments', default: '', about: 'with `hosted`: the public key' },
  PORTAL_PAYMENTS_WEBHOOK_SECRET: {
    group: 'Payments',
    default: '',
    about: "with `hosted`: the webhooks' HMAC secret (`cko-signature`)",
  },
  PORTAL_PAYMENTS_CHECKOUT_URL: {
    group: 'Payments',
    default: '',
    about: "with `hosted`: the provider's hosted payment page",
  },
  PORTAL_PAYMENTS_CHECKOUT_SRC: {
    group: 'Payments',
    default: '',
    about: "with `hosted`: the provider's checkout script, optional",
  },
  GOOGLE_CLIENT_ID: {
    group: 'Social sign-in',
    default: '',
    about: "Google's OAuth client id (set with its secret, or neither)",
  },
  GOOGLE_CLIENT_SECRET: { group: 'Social sign-in', default: '', about: "Google's OAuth client secret" },
  FACEBOOK_CLIENT_ID: {
    group: 'Social sign-in',
    default: '',
    about: "Facebook's OAuth client id (set with its secret, or neither)",
  },
  FACEBOOK_CLIENT_SECRET: { group: 'Social sign-in', default: '', about: "Facebook's OAuth client secret" },
  LINKEDIN_CLIENT_ID: {
    group: 'Social sign-in',
    default: '',
    about: "LinkedIn's OAuth client id (set with its secret, or neither)",
  },
  LINKEDIN_CLIENT_SECRET: { group: 'Social sign-in', default: '', about: "LinkedIn's OAuth client secret" },
  SOCIAL_SIGN_IN_SANDBOX: {
    group: 'Social sign-in',
    default: 'on',
    about:
      'while no provider has a client and mail and SMS are sandbox, the providers use the sandbox consent page (anyone may pick any identity but a staff account); `off` turns it off. One configured provider, or real mail or SMS, turns it off for all',
  },
  CSP_THIRD_PARTY_HOSTS: {
    group: 'Services',
    default: '',
    about:
      "the third-party services the pages may load (chat widget, tag manager): their https origins, comma-separated (`https://widget.chat.example,https://*.tags.example`), added to the Content-Security-Policy's sources",
  },
  ANALYTICS_SERVICES: {
    group: 'Services',
    default: '',
    about:
      "the analytics services of spec 000 section 7, comma-separated: `tag-manager`, `product-analytics`, `heatmap`, or `sandbox` (events kept in the page, `window.portalAnalyticsSandbox`). None by default; with any, the pages ask for the customer's consent first and load a service only once its category is allowed. Their hosts join the Content-Security-Policy's third-party sources (docs/decisions/018)",
  },
  ANALYTICS_TAG_MANAGER_URL: {
    group: 'Services',
    default: '',
    about:
      "with `tag-manager`: its script (`https://www.googletagmanager.com/gtm.js?id=GTM-XXXX`); the portal's events go on its own data layer, `analyticsLayer`",
  },
  ANALYTICS_PRODUCT_URL: {
    group: 'Services',
    default: '',
    about:
      'with `product-analytics`: its event intake, which takes `POST {api_key, events}` as JSON (plain `http:` only to this machine)',
  },
  ANALYTICS_PRODUCT_KEY: {
    group: 'Services',
    default: '',
    about: "with `product-analytics`: the project's public key, sent as `api_key`",
  },
  ANALYTICS_HEATMAP_URL: {
    group: 'Services',
    default: '',
    about: 'with `heatmap`: its script, which takes commands through the `window.hj` queue',
  },
  SPEECH_ENGINE: {
    group: 'Services',
    default: 'espeak',
    about: 'text to speech: eSpeak NG in WebAssembly, nothing to install (server/src/speech/create-speech-engine.ts)',
  },
  ADDRESS_LOOKUP: {
    group: 'Services',
    default: 'sandbox',
    about:
      'postcode address lookup; the sandbox answers from a built-in data set (server/src/address/create-address-lookup.ts)',
  },
  CHAT_SERVICE: {
    group: 'Services',
    default: 'sandbox',
    about:
      'chat support; the sandbox keeps conversations in the database with a canned agent reply (server/src/chat/create-chat-service.ts)',
  },
  BROADBAND_DATA: {
    group: 'Services',
    default: 'sandbox',
    about:
      "broadband addresses and availability: the sandbox's built-in data set, or `https`, the networks' checker at BROADBAND_API_URL",
  },
  BROADBAND_API_URL: { group: 'Services', default: '', about: "with `https`: the checker's address" },
  BROADBAND_API_TOKEN: { group: 'Services', default: '', about: "with `https`: the checker's bearer token" },
  PORTAL_PROVISIONING_URL: {
    group: 'Services',
    default: 'https://provisioning.cloudphone.example',
    about:
      "the desk phones' auto-provisioning service: a device's provisioning string is `{this}/{mac}.cfg?key={its key}`",
  },
  PORTAL_PROVISIONING_DELAY_MS: {
    group: 'Services',
    default: '15000',
    about:
      'how long the sandbox takes to provision (an upgrade, a migration, a new product), 0 to 3600000 ms; a job survives a restart',
  },
  PORTAL_ADVANCED_CALL_FORWARD: {
    group: 'Product switches',
    default: 'off',
    about:
      'the spec\'s baked flag "advanced call-forward off" (spec 000 section 9): `on` shows the list of call forwardings on phone setup\'s temporary divert tab and lets the customer edit them; `off` hides it and its PUT answers 403',
  },
  PORTAL_CALL_RECORDINGS: {
    group: 'Product switches',
    default: 'shown',
    about:
      'the spec\'s baked flag "call-recording hide on" (spec 000 section 9): `hidden` answers every call-recording call 404 "Call recordings are not available" (docs/decisions/006)',
  },
  PORTAL_MAINTENANCE_MODE: {
    group: 'Product switches',
    default: 'off',
    about: 'spec 000\'s maintenance mode: `on` closes the trial sign-up, whose pages show "Under maintenance"',
  },
  PORTAL_SIGNUP_REDIRECT_TO_TRIAL: {
    group: 'Product switches',
    default: 'off',
    about: "spec 000's sign-up redirect to trial: `on` sends every self sign-up page to `/trial/signup`",
  },
  PORTAL_VOIP3_SIGNUP: {
    group: 'Product switches',
    default: 'on',
    about:
      "spec 000's VoIP3 sign-up: `on`, new sign-ups get voip3 (supplier 3) phones; `off`, supplier-2 phones, and the voip3 self sign-ups are closed",
  },
  PORTAL_SMS_HOURLY_LIMIT: {
    group: 'Product switches',
    default: '200',
    about: "texts the sign-up's SMS codes may send per hour, every number together (0 to 100000)",
  },
  CALL_RUNTIME: {
    group: 'Test calls',
    default: 'on',
    about:
      'the test-call runtime (call-runtime/), started as a child of the server bound to 127.0.0.1; `off` leaves it out and test calls answer 503',
  },
  CALL_RUNTIME_SIP_PORT: {
    group: 'Test calls',
    default: '5080',
    about: 'where the runtime answers SIP, over UDP and TCP',
  },
  CALL_RUNTIME_SIP_HOST: {
    group: 'Test calls',
    default: '127.0.0.1:{CALL_RUNTIME_SIP_PORT}',
    about: "the `host:port` a test call's SIP address names (`sip:flow-{token}@{this}`)",
  },
};
