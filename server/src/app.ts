import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AudioStorage } from './audio/storage.ts';
import { warmUpDummyPassword } from './auth/passwords.ts';
import type { Database } from './db/connect.ts';
import { SandboxMailer, type Mailer } from './mail/mailer.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { frameworkErrors, registerErrorHandler } from './plugins/errors.ts';
import { registerSpa } from './plugins/spa.ts';
import { audioHandlers } from './routes/audio.ts';
import { authHandlers } from './routes/auth.ts';
import { callFlowGuards, callFlowHandlers } from './routes/call-flows.ts';
import { registerEndpoints } from './routes/index.ts';
import { navigationHandlers } from './routes/navigation.ts';
import { notificationHandlers } from './routes/notifications.ts';
import { phoneSetupHandlers } from './routes/phone-setup.ts';
import { siteHandlers } from './routes/site.ts';
import { staffHandlers } from './routes/staff.ts';
import { statusHandlers } from './routes/status.ts';
import { trialHandlers } from './routes/trial.ts';
import { createSpeechEngine, type SpeechEngine } from './speech/engine.ts';
import { TextToSpeech } from './speech/text-to-speech.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Bytes of the sites' audio files (the audio_files table says what they are). */
    audio: AudioStorage;
    /** The clock; tests pass their own to move time. */
    now: () => Date;
    /** Text to speech: the configured engine, cached and queued. */
    speech: TextToSpeech;
    /** Outgoing e-mail (mail/mailer.ts); the sandbox outbox unless another is given. */
    mailer: Mailer;
  }
}

export interface BuildAppOptions {
  db: Database;
  audio: AudioStorage;
  now?: () => Date;
  /** The text-to-speech engine; default the one SPEECH_ENGINE names (speech/engine.ts). Closed with the app. */
  speech?: SpeechEngine;
  /** Outgoing e-mail; default the sandbox mailer, which writes to the outbox table. */
  mailer?: Mailer;
  /** The built SPA; default <repo>/dist. */
  staticDir?: string;
  logger?: boolean;
  /** Behind a load balancer, trust its X-Forwarded-For so throttling sees the client's IP. */
  trustProxy?: boolean | string;
}

export const defaultStaticDir = fileURLToPath(new URL('../../dist', import.meta.url));

/** The portal API and SPA as a Fastify instance: plugins, then routes. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  app.decorate('audio', options.audio);
  app.decorate('now', options.now ?? (() => new Date()));
  app.decorate('mailer', options.mailer ?? new SandboxMailer(options.db, app.now));
  const speech = options.speech ?? createSpeechEngine();
  app.decorate('speech', new TextToSpeech(speech, options.audio));
  app.addHook('onClose', async () => speech.close?.());

  // External plugins. Swagger must come before the routes it documents.
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

  // App plugins.
  registerErrorHandler(app);
  registerCsrf(app);
  registerAuth(app);
  app.addHook('onReady', warmUpDummyPassword);

  // Routes.
  registerEndpoints(
    app,
    { ...authHandlers, ...navigationHandlers, ...callFlowHandlers, ...siteHandlers, ...audioHandlers, ...phoneSetupHandlers, ...trialHandlers, ...statusHandlers, ...notificationHandlers, ...staffHandlers },
    callFlowGuards,
  );
  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
  await registerSpa(app, options.staticDir ?? defaultStaticDir);

  return app;
}
