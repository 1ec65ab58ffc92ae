import { resolve } from 'node:path';

import { buildApp } from './app.ts';
import { FilesystemAudioStorage, MemoryAudioStorage, type AudioStorage } from './audio/storage.ts';
import { DatabaseAudioStorage } from './audio/stored-audio-repository.ts';
import { callRuntimeSettings, startCallRuntime } from './call-runtime-process.ts';
import { ConfigError, messagingAdapters, settings, type Config } from './config.ts';
import { compileWasmForMemory, openDatabase } from './db/connect.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { DataDirFullError } from './db/data-dir-space.ts';
import { demoLogins } from './db/demo-logins.ts';
import { seedIfEmpty } from './db/seed.ts';

// Every setting comes from the environment through config.ts (docs/configuration.md), read here before
// anything else, so a bad value stops the start at once with the variable's name.
let config: Config;
try {
  config = settings();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`The configuration is not valid:\n${error.message}`);
  process.exit(1);
}
const callRuntime = config.callRuntime && callRuntimeSettings(config.callRuntime);

// PGlite: compiled for memory rather than speed (db/connect.ts), and takes the folder's lock first; a second
// server on one folder stops here, naming the first, and so does a start on a disk without room, naming the folder.
if (!config.databaseUrl) compileWasmForMemory();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  minFreeBytes: config.dataMinFreeBytes,
}).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError || error instanceof DataDirFullError)) throw error;
  console.error(error.message);
  process.exit(1);
});
let audio: AudioStorage;
if (config.audioStorage === 'database') audio = new DatabaseAudioStorage(database.db, database.pool);
else
  audio = config.dataDir.startsWith('memory://')
    ? new MemoryAudioStorage()
    : new FilesystemAudioStorage(resolve(config.dataDir, 'audio'));
const seeded = await seedIfEmpty(database.db, audio, new Date());
const app = await buildApp({
  db: database.db,
  audio,
  config,
  speechCacheBytes: config.speechCacheBytes,
  logger: true,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
  provisioningDelayMs: config.provisioningDelayMs,
  advancedCallForward: config.advancedCallForward,
  callRecordingsHidden: config.callRecordingsHidden,
  signupSettings: config.signup,
  ...(callRuntime && { callRuntime: { sipHost: callRuntime.sipHost, secret: callRuntime.secret } }),
  ...messagingAdapters(config.messaging),
  ...(config.staticDir && { staticDir: config.staticDir }),
});

// SIGTERM / SIGINT: stop accepting connections, let the requests in flight finish (and the
// work queued after their answers), close the database, release the folder's lock, exit 0.
// A second signal, or SHUTDOWN_TIMEOUT_MS (default 20 s) without finishing, exits 1 at once.
const shutdownTimeout = config.shutdownTimeoutMs;
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
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error(error);
  await database.close();
  process.exit(1);
}

const address = app.server.address();
const boundPort = typeof address === 'object' && address ? address.port : config.port;
if (callRuntime) {
  const child = startCallRuntime(
    callRuntime,
    `http://127.0.0.1:${boundPort}`,
    (code) => {
      if (closing) return;
      app.testCallSipHost = null;
      app.testCallRuntime = null;
      app.log.error(`The test-call runtime stopped (exit code ${code}); test calls are off until the server restarts`);
    },
    ({ webUrl }) => {
      if (app.testCallRuntime) app.testCallRuntime.webUrl = webUrl;
    },
  );
  process.on('exit', () => child.kill('SIGTERM'));
}
console.log(
  [
    '',
    `Customer Portal: http://localhost:${boundPort}  (database: ${database.driver}${seeded ? ', demo data seeded' : ''})`,
    'Demo sign-ins:',
    ...Object.values(demoLogins).map(
      (login) => `  ${login.email.padEnd(28)} ${login.password.padEnd(16)} ${login.about}`,
    ),
    '',
  ].join('\n'),
);
