import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';

import { analyticsOrigins, STORAGE_LIMITS } from '@portal/contract';

import { createAddressLookup } from './address/create-address-lookup.ts';
import type { AddressLookup } from './address/lookup.ts';
import type { AudioStorage } from './audio/storage.ts';
import type { BroadbandData } from './broadband/broadband-data.ts';
import { createBroadbandData } from './broadband/create-broadband-data.ts';
import type { ChatService } from './chat/chat.ts';
import { createChatService } from './chat/create-chat-service.ts';
import { settings, type Config } from './config.ts';
import type { Database } from './db/connect.ts';
import dbPlugin from './db/plugin.ts';
import type { Mailer } from './mail/mailer.ts';
import { SmtpMailer } from './mail/smtp.ts';
import { registerPaymentWebhook } from './modules/billing/payment-webhook.ts';
import { ownUrl, socialClients, warmUpDummyPassword } from './modules/identity/index.ts';
import { backgroundJobs, endpointGuards, endpointHandlers } from './modules/index.ts';
import { DEFAULT_PROVISIONING_DELAY_MS } from './modules/provisioning/settings.ts';
import { DEFAULT_SIGNUP_SETTINGS, isTrialPage, type SignupServerSettings } from './modules/signup/settings.ts';
import { registerCallRuntimeRoutes } from './modules/test-calls/internal-routes.ts';
import { serverRoot } from './paths.ts';
import { paymentProvider } from './payments/config.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { frameworkErrors, registerErrorHandler } from './plugins/errors.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { requestForLog, RequestLogController } from './plugins/log-redaction.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerTrustProxyWarning } from './plugins/trust-proxy-warning.ts';
import { registerEndpoints } from './routes/index.ts';
import { sandboxProvider } from './sandbox/checkout/provider.ts';
import { registerSandboxCheckout } from './sandbox/checkout/routes.ts';
import { registerSandboxCustomers } from './sandbox/customers/routes.ts';
import { SandboxMailer } from './sandbox/mailer.ts';
import { registerSandboxOauth } from './sandbox/oauth/routes.ts';
import { registerSandboxOutbox } from './sandbox/outbox/routes.ts';
import { SandboxSms } from './sandbox/sms.ts';
import type { SmsSender } from './sms/sms.ts';
import { createSpeechEngine } from './speech/create-speech-engine.ts';
import type { SpeechEngine } from './speech/engine.ts';
import { createSpeechCacheRepository } from './speech/speech-cache-repository.ts';
import { TextToSpeech } from './speech/text-to-speech.ts';

// The API's 400 answers say what zod's English messages say wherever a contract check has no message of its own.
// The contracts use zod/mini, which sets no locale (the browser loads none on its first page), so the server sets it.
z.config(z.locales.en());

declare module 'fastify' {
  interface FastifyInstance {
    /** Bytes of the sites' audio files (the audio_files table says what they are). */
    audio: AudioStorage;
    /** The clock; tests pass their own to move time. */
    now: () => Date;
    /** Waits `ms` (the sign-in slow-down); tests pass their own to measure without waiting. */
    sleep: (ms: number) => Promise<void>;
    /** Text to speech: the configured engine, cached and queued. */
    speech: TextToSpeech;
    /**
     * Runs a task after the current answer has gone (e-mails to an address that has an account:
     * the answer must not take longer for it than for an unknown one). A failure is logged.
     */
    runAfterAnswer: (task: () => Promise<void>) => void;
    /** Resolves once every task given to runAfterAnswer so far has finished (tests, shutdown). */
    afterAnswerSettled: () => Promise<void>;
    /** Outgoing e-mail (mail/mailer.ts); the sandbox outbox unless another is given. */
    mailer: Mailer;
    /** Outgoing text messages (sms/sms.ts); the sandbox outbox unless another is given. */
    sms: SmsSender;
    /** The postcode address lookup (address/lookup.ts); the sandbox data set unless another is given. */
    addressLookup: AddressLookup;
    /** Broadband address and availability data (broadband/broadband-data.ts); the sandbox data set unless another is given. */
    broadbandData: BroadbandData;
    /** Chat support (chat/chat.ts); the sandbox chat service unless another is given. */
    chat: ChatService;
    /** Card payments (payments/provider.ts); the sandbox provider unless PORTAL_PAYMENTS_PROVIDER says. */
    payments: PaymentProvider;
  }
}

export interface BuildAppOptions {
  db: Database;
  audio: AudioStorage;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** The text-to-speech engine; default the one SPEECH_ENGINE names (speech/engine.ts). Closed with the app. */
  speech?: SpeechEngine;
  /** The text-to-speech cache's size in bytes (SPEECH_CACHE_MB); default STORAGE_LIMITS.speechCacheBytes. */
  speechCacheBytes?: number;
  /** Outgoing e-mail; default the sandbox mailer, which writes to the outbox table. */
  mailer?: Mailer;
  /** Outgoing text messages; default the sandbox sender, which writes to the outbox table. */
  sms?: SmsSender;
  /** The postcode address lookup; default the one ADDRESS_LOOKUP names (address/lookup.ts). */
  addressLookup?: AddressLookup;
  /** Broadband address and availability data; default the one BROADBAND_DATA names (broadband/create-broadband-data.ts). */
  broadbandData?: BroadbandData;
  /** Chat support; default the one CHAT_SERVICE names (chat/create-chat-service.ts). */
  chat?: ChatService;
  /** Card payments; default the one PORTAL_PAYMENTS_PROVIDER names (payments/config.ts). */
  payments?: PaymentProvider;
  /**
   * The settings the adapters above are chosen by when not given, and social sign-in's and the CSP's
   * (config.ts); default this process's settings.
   */
  config?: Config;
  /** The built SPA; default <repo>/dist. */
  staticDir?: string;
  logger?: boolean;
  /** The logger's level (LOG_LEVEL); 'debug' logs every request. Default 'info'. */
  logLevel?: string;
  /** Where log lines go when `logger` is on; default standard output (tests read what was logged). */
  logStream?: { write(line: string): void };
  /** How long a provisioning job takes in the sandbox, in ms (PORTAL_PROVISIONING_DELAY_MS); default DEFAULT_PROVISIONING_DELAY_MS. */
  provisioningDelayMs?: number;
  /** The advanced call forward (PORTAL_ADVANCED_CALL_FORWARD): the forwardings list and its editing; default off, as the spec bakes it. */
  advancedCallForward?: boolean;
  /** The spec's baked 'call-recording hide on' (PORTAL_CALL_RECORDINGS=hidden): every call-recording call answers 404; default shown. */
  callRecordingsHidden?: boolean;
  /** The sign-up flags (modules/signup/settings.ts: PORTAL_MAINTENANCE_MODE, ...); default DEFAULT_SIGNUP_SETTINGS. */
  signupSettings?: SignupServerSettings;
  /** Behind a load balancer, trust its X-Forwarded-For so throttling sees the client's IP. */
  trustProxy?: boolean | string;
  /**
   * The test-call runtime (call-runtime/): the SIP `host:port` its addresses name and the secret of its internal
   * endpoints; none when CALL_RUNTIME=off (a test call then answers 503). `webUrl`: its loopback listener for
   * browsers' calls, when known at start (main.ts sets it once the runtime is up).
   */
  callRuntime?: { sipHost: string; secret: string; webUrl?: string };
}

export const defaultStaticDir = join(serverRoot, '..', 'dist');

/** The portal API and SPA as a Fastify instance: plugins, then routes. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Logged requests never show the secrets some URLs carry (plugins/log-redaction.ts).
    logger: options.logger
      ? {
          level: options.logLevel ?? 'info',
          serializers: { req: requestForLog },
          ...(options.logStream && { stream: options.logStream }),
        }
      : false,
    trustProxy: options.trustProxy ?? false,
    frameworkErrors,
    // One line per request, at debug unless it failed or was slow.
    logController: new RequestLogController(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('audio', options.audio);
  app.decorate('now', options.now ?? (() => new Date()));
  app.decorate('advancedCallForward', options.advancedCallForward ?? false);
  app.decorate('callRecordingsHidden', options.callRecordingsHidden ?? false);
  app.decorate('signupSettings', { ...(options.signupSettings ?? DEFAULT_SIGNUP_SETTINGS) });
  app.decorate('testCallSipHost', options.callRuntime?.sipHost ?? null);
  app.decorate(
    'testCallRuntime',
    options.callRuntime ? { secret: options.callRuntime.secret, webUrl: options.callRuntime.webUrl ?? null } : null,
  );
  app.decorate('provisioningDelayMs', options.provisioningDelayMs ?? DEFAULT_PROVISIONING_DELAY_MS);
  app.decorate('sleep', options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))));
  const afterAnswer = new Set<Promise<void>>();
  app.decorate('runAfterAnswer', (task: () => Promise<void>) => {
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => app.log.error({ err: error }, 'task after the answer failed'))
      .finally(() => afterAnswer.delete(run));
    afterAnswer.add(run);
  });
  app.decorate('afterAnswerSettled', async () => {
    while (afterAnswer.size > 0) await Promise.all([...afterAnswer]);
  });
  app.addHook('onClose', async () => app.afterAnswerSettled());
  app.decorate('mailer', options.mailer ?? new SandboxMailer(options.db, app.now));
  app.decorate('sms', options.sms ?? new SandboxSms(options.db, app.now));
  if (app.mailer instanceof SmtpMailer) {
    const smtp = app.mailer;
    app.addHook('onClose', async () => smtp.close());
  }
  const config = options.config ?? settings();
  app.decorate('addressLookup', options.addressLookup ?? createAddressLookup(config.addressLookup));
  app.decorate('broadbandData', options.broadbandData ?? createBroadbandData(config.broadband));
  app.decorate('chat', options.chat ?? createChatService(options.db, app.now, config.chatService));
  app.decorate('payments', options.payments ?? paymentProvider(config.payments, () => sandboxProvider(options.db)));
  const sandboxServer = app.mailer instanceof SandboxMailer && app.sms instanceof SandboxSms;
  app.decorate(
    'social',
    socialClients(config.social, () => ownUrl(app), sandboxServer),
  );
  const speech = options.speech ?? createSpeechEngine(config.speechEngine);
  app.decorate(
    'speech',
    new TextToSpeech(speech, options.audio, undefined, {
      index: createSpeechCacheRepository(options.db),
      maxBytes: options.speechCacheBytes ?? STORAGE_LIMITS.speechCacheBytes,
      now: app.now,
      onError: (error) => app.log.warn({ err: error }, 'text-to-speech cache index not updated'),
    }),
  );
  app.addHook('onClose', async () => speech.close?.());

  // External plugins. Swagger must come before the routes it documents.
  // Security headers, compression, the TRUST_PROXY hint: on every answer (plugins/).
  // The analytics services' hosts join the third-party list only when configured (spec 000 section 7).
  const pageCsp = await registerSecurityHeaders(app, [
    ...new Set([...config.cspThirdPartyHosts, ...analyticsOrigins(config.analytics)]),
  ]);
  await registerCompression(app);
  registerTrustProxyWarning(app, options.trustProxy ?? false);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Customer Portal API', version: '1.0.0' },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Token {key}, with the key answered by POST /auth/login/',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // App plugins: the database (modules and the sandbox query it through their repositories' functions, given
  // `app.db` or a transaction), then the background jobs, then the request hooks.
  await app.register(dbPlugin, { db: options.db });
  for (const job of backgroundJobs) await app.register(job);
  registerErrorHandler(app);
  registerJsonBody(app);
  registerCsrf(app);
  registerAuth(app);
  app.addHook('onReady', warmUpDummyPassword);

  // Routes.
  registerEndpoints(app, endpointHandlers, endpointGuards);
  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
  if (options.callRuntime) registerCallRuntimeRoutes(app, options.callRuntime.secret);
  // The sandbox outbox exists only while no message can leave the machine.
  if (sandboxServer) registerSandboxOutbox(app);
  // So does its customer factory, for the end-to-end tests: never in a production configuration.
  if (sandboxServer) registerSandboxCustomers(app);
  // The sandbox OAuth provider, for each social provider that is not configured.
  await registerSandboxOauth(app);
  // The sandbox payment provider's hosted checkout, while it is the provider; the provider's webhooks either way.
  if (app.payments.mode === 'sandbox') await registerSandboxCheckout(app);
  await registerPaymentWebhook(app);
  // In maintenance mode the trial pages answer 503 (spec 000 section 2); the page says 'Under maintenance'.
  await registerSpa(
    app,
    options.staticDir ?? defaultStaticDir,
    pageCsp,
    (path) => (app.signupSettings.maintenanceMode && isTrialPage(path) ? 503 : 200),
    config.analytics,
  );

  return app;
}
