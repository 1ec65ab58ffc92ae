import { resolve } from 'node:path';
import { buildApp } from './app.ts';
import { FilesystemAudioStorage, MemoryAudioStorage, type AudioStorage } from './audio/storage.ts';
import { DatabaseAudioStorage } from './audio/stored-audio-repository.ts';
import { messagingAdapters, readMessagingConfig } from './config.ts';
import { compileWasmForMemory, openDatabase } from './db/connect.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { DataDirFullError, readMinFreeBytes } from './db/data-dir-space.ts';
import { readE2eAccountsSetting } from './db/demo-e2e.ts';
import { demoLogins } from './db/demo-logins.ts';
import { seedIfEmpty } from './db/seed.ts';
import { readProvisioningDelay } from './modules/provisioning/runner.ts';
import { readAdvancedCallForward } from './modules/phone-setup/settings-handlers.ts';
import { readCallRecordingsHidden } from './modules/call-log/rules.ts';
import { readSignupSettings } from './modules/signup/settings.ts';

// Environment: PORT (8080), HOST (0.0.0.0), DATABASE_URL (PostgreSQL; else PGlite in
// PORTAL_DATA_DIR, default ./data, locked while the server runs), TRUST_PROXY (true, or a list
// of proxy addresses).
// AUDIO_STORAGE: where audio files and the text-to-speech cache (tts-cache/) keep their bytes:
// `database` (the stored_audio table; the default with DATABASE_URL, so several processes share
// them) or `filesystem` (PORTAL_DATA_DIR/audio; the default on PGlite, in memory beside an
// in-memory database). SPEECH_CACHE_MB: the text-to-speech cache's size (100).
// SPEECH_ENGINE names the text-to-speech engine: espeak (the default; see speech/engine.ts).
// ADDRESS_LOOKUP names the postcode address lookup: sandbox (the default; see address/lookup.ts).
// BROADBAND_DATA names the broadband address and availability data: sandbox (the default; see broadband/create-broadband-data.ts).
// CHAT_SERVICE names the chat support service: sandbox (the default; see chat/create-chat-service.ts).
// PORTAL_STATIC_DIR: the built SPA to serve (default <repo>/dist).
// MAIL_TRANSPORT / SMTP_URL / MAIL_FROM and SMS_TRANSPORT / SMS_GATEWAY_URL / SMS_GATEWAY_TOKEN /
// SMS_SENDER choose how e-mail and texts leave (config.ts); read before the database opens, so a
// bad value stops the start at once.
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${process.env.PORT}"`);
const trustProxy = process.env.TRUST_PROXY === 'true' ? true : process.env.TRUST_PROXY || false;
const messaging = readMessagingConfig(process.env);
const audioStorageKind = process.env.AUDIO_STORAGE || (process.env.DATABASE_URL ? 'database' : 'filesystem');
if (audioStorageKind !== 'database' && audioStorageKind !== 'filesystem') {
  throw new Error(`AUDIO_STORAGE must be database or filesystem, not "${process.env.AUDIO_STORAGE}"`);
}
const speechCacheMb = Number(process.env.SPEECH_CACHE_MB || 100);
if (!Number.isFinite(speechCacheMb) || speechCacheMb < 0) throw new Error(`SPEECH_CACHE_MB must be a number of megabytes, not "${process.env.SPEECH_CACHE_MB}"`);
// LOG_LEVEL: info by default; debug adds a line per answered request (plugins/log-redaction.ts).
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const logLevel = process.env.LOG_LEVEL || 'info';
if (!logLevels.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${logLevels.join(', ')}, not "${logLevel}"`);
// PORTAL_E2E_ACCOUNTS=on (scripts/e2e-server.mjs): the first start also seeds the e2e suite's own customers (db/demo-e2e.ts).
const e2eAccounts = readE2eAccountsSetting(process.env);
// PORTAL_PROVISIONING_DELAY_MS: how long the sandbox takes to provision (an upgrade, a new product); default 15 s.
const provisioningDelayMs = readProvisioningDelay(process.env);
// PORTAL_ADVANCED_CALL_FORWARD: the forwardings list and its editing on phone setup's divert tab; off by default (spec 000 section 9).
const advancedCallForward = readAdvancedCallForward(process.env);
// PORTAL_CALL_RECORDINGS: shown (default) or hidden, the spec's baked 'call-recording hide on' (spec 000 section 9; README).
const callRecordingsHidden = readCallRecordingsHidden(process.env);
// PORTAL_MAINTENANCE_MODE, PORTAL_SIGNUP_REDIRECT_TO_TRIAL, PORTAL_VOIP3_SIGNUP, PORTAL_SMS_HOURLY_LIMIT (modules/signup/settings.ts).
const signupSettings = readSignupSettings(process.env);
// PORTAL_DATA_MIN_FREE_MB: the free space (MB) PGlite's folder's disk must have to start; 64 by default (db/data-dir-space.ts).
const minFreeBytes = readMinFreeBytes(process.env);

// PGlite: compiled for memory rather than speed (db/connect.ts), and takes the folder's lock first; a second
// server on one folder stops here, naming the first, and so does a start on a disk without room, naming the folder.
if (!process.env.DATABASE_URL) compileWasmForMemory();
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.PORTAL_DATA_DIR, minFreeBytes }).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError || error instanceof DataDirFullError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const dataDir = process.env.PORTAL_DATA_DIR || 'data';
let audio: AudioStorage;
if (audioStorageKind === 'database') audio = new DatabaseAudioStorage(database.db, database.pool);
else audio = dataDir.startsWith('memory://') ? new MemoryAudioStorage() : new FilesystemAudioStorage(resolve(dataDir, 'audio'));
const seeded = await seedIfEmpty(database.db, audio, new Date(), { e2eAccounts });
const staticDir = process.env.PORTAL_STATIC_DIR ? resolve(process.env.PORTAL_STATIC_DIR) : undefined;
const app = await buildApp({
  db: database.db,
  audio,
  speechCacheBytes: Math.round(speechCacheMb * 1024 * 1024),
  logger: true,
  logLevel,
  trustProxy,
  provisioningDelayMs,
  advancedCallForward,
  callRecordingsHidden,
  signupSettings,
  ...messagingAdapters(messaging),
  ...(staticDir && { staticDir }),
});

// SIGTERM / SIGINT: stop accepting connections, let the requests in flight finish (and the
// work queued after their answers), close the database, release the folder's lock, exit 0.
// A second signal, or SHUTDOWN_TIMEOUT_MS (default 20 s) without finishing, exits 1 at once.
const shutdownTimeout = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 20_000);
let closing = false;
async function shutdown(signal: string) {
  if (closing) {
    console.error(`${signal} again: exiting without waiting`);
    process.exit(1);
  }
  closing = true;
  app.log.info(`${signal}: finishing the requests in flight, then closing`);
  setTimeout(() => {
    console.error(`Not closed within ${shutdownTimeout} ms of ${signal}: exiting`);
    process.exit(1);
  }, shutdownTimeout).unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    await database.close().catch(() => {});
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port, host });
} catch (error) {
  app.log.error(error);
  await database.close();
  process.exit(1);
}

const address = app.server.address();
const boundPort = typeof address === 'object' && address ? address.port : port;
console.log(
  [
    '',
    `Customer Portal: http://localhost:${boundPort}  (database: ${database.driver}${seeded ? ', demo data seeded' : ''})`,
    'Demo sign-ins:',
    ...Object.values(demoLogins).map((login) => `  ${login.email.padEnd(28)} ${login.password.padEnd(16)} ${login.about}`),
    '',
  ].join('\n'),
);
