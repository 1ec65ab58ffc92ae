import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';

import { buildApp } from '../app.ts';
import { FilesystemAudioStorage } from '../audio/storage.ts';
import type { BroadbandData } from '../broadband/broadband-data.ts';
import { openDatabase, type Database, type OpenedDatabase } from '../db/connect.ts';
import type { DemoLogin } from '../db/demo-logins.ts';
import { products, requestThrottles, users, voipUsers } from '../db/schema/index.ts';
import { seedIfEmpty } from '../db/seed.ts';
import { issueToken } from '../modules/identity/index.ts';
import { CSRF_FORM_FIELD } from '../plugins/csrf.ts';
import type { SpeechEngine } from '../speech/engine.ts';
import { copyTemplateAudio, openFromTemplate, SEED_TIME, type TestTemplate } from './template.ts';

export { SEED_TIME };

/** The run's starting databases (template.ts), unless this run made none (one without global-setup.ts). */
function runTemplate(): TestTemplate | undefined {
  const template = inject('serverTestTemplate');
  return template?.driver === (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite') ? template : undefined;
}

/**
 * A fresh, migrated database for one test file: a copy of the run's template, else in-memory PGlite
 * (TEST_DB=pglite) or a uniquely named schema on TEST_DATABASE_URL (TEST_DB=postgres); close() drops it.
 */
export async function openTestDatabase(): Promise<OpenedDatabase> {
  const template = runTemplate();
  return template ? openFromTemplate(template, false) : openBareTestDatabase();
}

async function openBareTestDatabase(): Promise<OpenedDatabase> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ dataDir: 'memory://' });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const schemaName = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const opened = await openDatabase({ url, schemaName });
  return {
    ...opened,
    close: async () => {
      await opened.db.execute(sql.raw(`drop schema "${schemaName}" cascade`));
      await opened.close();
    },
  };
}

/** A clock the test moves by hand. */
export class TestClock {
  private current = SEED_TIME.getTime();
  now = () => new Date(this.current);
  set(date: Date) {
    this.current = date.getTime();
  }
  advance(ms: number) {
    this.current += ms;
  }
  /** Every wait the server asked for (the sign-in slow-down), in ms; nothing really waits. */
  slept: number[] = [];
  sleep = async (ms: number) => {
    this.slept.push(ms);
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** The audio files, in a temporary folder of this test file. */
  audio: FilesystemAudioStorage;
  clock: TestClock;
}

/**
 * Builds the app on a fresh, seeded database before the file's tests and closes both
 * after (fastify/demo's test/helper.ts). Fields are filled in by beforeAll.
 */
export function useTestApp(
  options: {
    staticDir?: string;
    seed?: boolean;
    speech?: SpeechEngine;
    advancedCallForward?: boolean;
    callRecordingsHidden?: boolean;
    broadbandData?: BroadbandData;
    /** The test-call runtime's SIP host and secret (app.ts callRuntime); on by default, as `npm start` has it; null for off. */
    callRuntime?: { sipHost: string; secret: string } | null;
    /** Logs at this level into `logStream` (the app logs nothing otherwise). */
    log?: { level: string; stream: { write(line: string): void } };
  } = {},
): TestApp {
  const t = { clock: new TestClock() } as TestApp;
  let database: OpenedDatabase | undefined;
  let audioDir: string | undefined;
  beforeAll(async () => {
    const seed = options.seed !== false;
    const template = runTemplate();
    database = template ? await openFromTemplate(template, seed) : await openBareTestDatabase();
    audioDir = mkdtempSync(join(tmpdir(), 'portal-audio-'));
    t.audio = new FilesystemAudioStorage(audioDir);
    if (seed && template) copyTemplateAudio(template, audioDir);
    else if (seed) await seedIfEmpty(database.db, t.audio, SEED_TIME);
    t.db = database.db;
    t.app = await buildApp({
      db: database.db,
      audio: t.audio,
      now: t.clock.now,
      sleep: t.clock.sleep,
      // Never the repository's dist/, which may or may not be built.
      staticDir: options.staticDir ?? '/nonexistent/portal-spa',
      ...(options.speech && { speech: options.speech }),
      ...(options.broadbandData && { broadbandData: options.broadbandData }),
      ...(options.callRuntime !== null && {
        callRuntime: options.callRuntime ?? { sipHost: '127.0.0.1:5080', secret: 'test-call-runtime-secret' },
      }),
      ...(options.advancedCallForward !== undefined && { advancedCallForward: options.advancedCallForward }),
      ...(options.callRecordingsHidden !== undefined && { callRecordingsHidden: options.callRecordingsHidden }),
      ...(options.log && { logger: true, logLevel: options.log.level, logStream: options.log.stream }),
    });
    await t.app.ready();
    settleAfterInject(t.app);
  });
  afterAll(async () => {
    await t.app?.close();
    await database?.close();
    if (audioDir) rmSync(audioDir, { recursive: true, force: true });
  });
  return t;
}

export interface Csrf {
  token: string;
  /** Cookie and X-CSRFToken headers for an unsafe call. */
  headers: { cookie: string; 'x-csrftoken': string };
}

/** Gets a csrftoken cookie the way the SPA does, with the header pair to send back. */
export async function getCsrf(app: FastifyInstance): Promise<Csrf> {
  const response = await app.inject({ method: 'GET', url: '/auth/csrf/' });
  const token = response.json<{ csrftoken: string }>().csrftoken;
  return { token, headers: { cookie: `csrftoken=${token}`, 'x-csrftoken': token } };
}

/**
 * Posts a form of the sandbox's hosted checkout as a browser does: the CSRF cookie (or `cookie`, '' for none) and the
 * form's own CSRF field.
 */
export function postSandboxForm(
  app: FastifyInstance,
  csrf: Csrf,
  url: string,
  fields: Record<string, string>,
  cookie = `csrftoken=${csrf.token}`,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ [CSRF_FORM_FIELD]: csrf.token, ...fields }).toString(),
  });
}

/** The sandbox's card form filled in with `card` and a valid expiry and security code. */
export const cardFields = (card: string) => ({ card_number: card, expiry: '12/30', cvc: '123' });

/** POST /auth/login/ with a CSRF pair; answers the raw response. */
export async function postLogin(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  extra: Pick<InjectOptions, 'remoteAddress'> = {},
) {
  const csrf = await getCsrf(app);
  return app.inject({ method: 'POST', url: '/auth/login/', headers: csrf.headers, payload: credentials, ...extra });
}

/** Signs in and answers the token key; fails the test if the sign-in fails. */
export async function login(app: FastifyInstance, user: { email: string; password: string }): Promise<string> {
  const response = await postLogin(app, user);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ key: string }>().key;
}

/** Headers of an authenticated call, with a CSRF pair for unsafe methods. */
export function authHeaders(key: string, csrf?: Csrf): Record<string, string> {
  return { authorization: `Token ${key}`, ...csrf?.headers };
}

/** A file part of a multipart form. */
export interface FormFile {
  filename: string;
  contentType?: string;
  bytes: Uint8Array;
}

/**
 * A multipart/form-data body, as a browser's FormData sends it: text fields and files by name.
 * @example app.inject({ method: 'POST', url, ...multipartForm({ file: { filename: 'a.wav', bytes } }) })
 */
export function multipartForm(fields: Record<string, string | FormFile>): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----portal-test-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const disposition =
      typeof value === 'string'
        ? `Content-Disposition: form-data; name="${name}"\r\n\r\n`
        : `Content-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType ?? 'audio/wav'}\r\n\r\n`;
    parts.push(
      Buffer.from(`--${boundary}\r\n${disposition}`),
      Buffer.from(typeof value === 'string' ? value : value.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The id of a seeded demo user. */
export async function userIdOf(db: Database, login: Pick<DemoLogin, 'email'>): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, login.email));
  if (!user) throw new Error(`no seeded user ${login.email}`);
  return user.id;
}

/**
 * A fresh token of a demo user without the password check (files that need many tokens
 * skip the hashing); `actingAs` makes it a staff member's switched session.
 */
export async function tokenOf(
  t: Pick<TestApp, 'db' | 'clock'>,
  login: DemoLogin,
  actingAs?: DemoLogin,
): Promise<string> {
  return issueToken(t.db, await userIdOf(t.db, login), t.clock.now(), actingAs ? await userIdOf(t.db, actingAs) : null);
}

/** Ids of the first seeded products, in seed order: Acme's cloud phone, broadband and fibre, BrightDesk's trial phone, Corner Cafe's phone. */
export async function seededProductIds(
  db: Database,
): Promise<{ acme: number; acmeBroadband: number; trial: number; cafe: number }> {
  const rows = await db.select({ id: products.id }).from(products).orderBy(products.id);
  return { acme: rows[0]!.id, acmeBroadband: rows[1]!.id, trial: rows[3]!.id, cafe: rows[4]!.id };
}

/**
 * Makes `app.inject` resolve only once the tasks the request left to run after its answer
 * (e-mails, texts) are done, so a test reads the outbox as a person would a moment later.
 */
export function settleAfterInject(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (
    options: InjectOptions | string,
  ) => Promise<Awaited<ReturnType<FastifyInstance['inject']>>>;
  const settled = async (options: InjectOptions | string) => {
    const response = await inject(options);
    await app.afterAnswerSettled();
    return response;
  };
  app.inject = settled as FastifyInstance['inject'];
}

/** The products of the account of the user with this e-mail address, by id. */
export async function productsOfUser(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return db.select().from(products).where(eq(products.accountId, user!.accountId!)).orderBy(products.id);
}

/** A cloud phone's users (its seats), by id. */
export const seatsOf = (db: Database, productId: number) =>
  db.select().from(voipUsers).where(eq(voipUsers.productId, productId)).orderBy(voipUsers.id);

/**
 * Forgets the hourly e-mail allowances of customers (mail/customer-mail-limit.ts), for files whose tests each ask for
 * links as one shared demo customer: what they test is the link, not the allowance, which has tests of its own.
 */
export async function forgetCustomerMailLimits(db: Database): Promise<void> {
  await db.delete(requestThrottles).where(like(requestThrottles.bucket, 'customer_mail_%'));
}
