import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { serverRoot } from '../paths.ts';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { checkDataDirSpace, DEFAULT_MIN_FREE_MB, explainOpenFailure, type Statfs } from './data-dir-space.ts';
import * as schema from './schema/index.ts';

/** The drizzle database, whichever driver is underneath (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

// What a repository function asks of its first argument: only the statements it runs. The database and a
// transaction of it both have them, so one function serves a handler (`request.server.db`) and a transaction (`tx`).
export type Reads = Pick<Database, 'select'>;
export type Inserts = Pick<Database, 'insert'>;
export type Updates = Pick<Database, 'update'>;
export type Deletes = Pick<Database, 'delete'>;

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; when set, node-postgres is used instead of PGlite. */
  url?: string | undefined;
  /** PGlite data folder (created if missing); 'memory://' keeps it in memory. */
  dataDir?: string | undefined;
  /** Put every table (and drizzle's migration log) in this schema instead of public. */
  schemaName?: string | undefined;
  /** PGlite only: start from this dump (OpenedDatabase.dump) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
  /** PGlite only: the free space the folder's disk must have to start (data-dir-space.ts); DEFAULT_MIN_FREE_MB unless said. */
  minFreeBytes?: number | undefined;
  /** PGlite only, for tests: how the free space is read (fs.statfsSync). */
  statfs?: Statfs | undefined;
}

export interface OpenedDatabase {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole cluster as an uncompressed tar, for loadDataDir (the server tests' template). */
  dump?(): Promise<Blob>;
  /** PostgreSQL only: the pool under `db`, for what drizzle does not do (a binary COPY: audio/stored-audio-repository.ts). */
  pool?: pg.Pool;
}

export const migrationsFolder = join(serverRoot, 'drizzle');

const drizzleConfig = { schema, casing: 'snake_case' } as const;

// Any constant, the same in every process that may migrate at once.
const MIGRATION_LOCK = 727_000;

/**
 * PGlite's start settings: its defaults plus smaller memory. PostgreSQL's default 128 MB of
 * shared buffers live in PGlite's WebAssembly memory and are touched as the cache fills, which
 * took an idle server past 500 MB; the portal's own data fits in a fraction of 16 MB, and the
 * operating system's page cache still holds the files. Wider room belongs on PostgreSQL.
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=512kB', '-c', 'temp_buffers=1MB'],
  // One backend in single-user mode: no room for other connections' locks and slots.
  ...[
    '-c',
    'max_connections=3',
    '-c',
    'max_wal_senders=0',
    '-c',
    'max_replication_slots=0',
    '-c',
    'max_prepared_transactions=0',
  ],
];

/**
 * Makes V8 compile WebAssembly, PGlite's PostgreSQL above all, with its baseline compiler only
 * (Liftoff), never tiering up to optimised code. The optimised copy of PGlite's code and the
 * compiling of it cost an idle server 80-110 MB (docs/decisions/012), and PGlite's queries run
 * about 1.4-1.5 times as long: the call reports' 30-day figures stay under a fifth of their budget.
 * Process-wide and only for modules compiled after it: the server calls it before it opens PGlite
 * (server/src/main.ts; so do the servers main.test.ts starts), as does the call-log bench; tests that
 * open PGlite in their own process keep the default.
 */
export function compileWasmForMemory(): void {
  setFlagsFromString('--liftoff-only');
}

/**
 * Writes to a database only this process can reach: PGlite (its folder is locked to one process,
 * or it lives in memory) counts every statement that may write, so a cache of what was read
 * (identity/tokens-repository.ts: the token lookup) can tell that nothing changed since. Statements
 * run one at a time (PGlite's query, exec and transaction share one lock); the count moves before
 * and after every statement that does not start with `select`, and before and after every
 * transaction (whatever ran inside it), so a read answered before a write ends is never taken
 * for one made after. PostgreSQL has none: other processes write too, and nothing here would see it.
 */
export interface LocalWrites {
  /** Moves whenever a statement that may write runs; equal values mean nothing was written in between. */
  generation(): number;
}
const localWrites = new WeakMap<object, LocalWrites>();

/** The write count of a database only this process writes (PGlite), or null (PostgreSQL). */
export function localWritesOf(db: Pick<Database, 'select'>): LocalWrites | null {
  return localWrites.get(db) ?? null;
}

const READ_STATEMENT = /^\s*select\s/i;

/** Wraps the PGlite client's query, exec and transaction to count the statements that may write. */
function watchWrites(client: PGlite): LocalWrites {
  let generation = 0;
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const counted = async <T>(write: boolean, run: () => Promise<T>): Promise<T> => {
    if (!write) return run();
    generation++;
    try {
      return await run();
    } finally {
      generation++;
    }
  };
  client.query = ((text: string, ...rest: unknown[]) =>
    counted(!READ_STATEMENT.test(text), () =>
      (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest),
    )) as PGlite['query'];
  client.exec = ((text: string, ...rest: unknown[]) =>
    counted(true, () => (exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest))) as PGlite['exec'];
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    counted(true, () => transaction(callback))) as PGlite['transaction'];
  return { generation: () => generation };
}

const pgliteModulePath = createRequire(import.meta.url).resolve('@electric-sql/pglite');

/**
 * Makes a new PGlite data folder (initdb) in a short-lived child process. initdb runs a second
 * WebAssembly instance whose few hundred MB the garbage collector of a quiet server may never
 * give back; in a child they go with it. A folder that already holds a database is left alone.
 */
async function initPgliteFolder(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const script = `const { PGlite } = require(${JSON.stringify(pgliteModulePath)});
PGlite.create(process.argv[1], { startParams: JSON.parse(process.argv[2]) })
  .then((db) => db.close())
  .catch((error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', script, dataDir, JSON.stringify(PGLITE_START_PARAMS)], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('exit', resolvePromise);
  });
  if (code !== 0) throw new Error(`Could not create the database in ${dataDir} (initdb exited with ${code})`);
}

/** Opens PGlite (default) or PostgreSQL (with `url`), and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const schemaName = options.schemaName;
  if (schemaName !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schemaName)) {
    throw new Error(`Invalid schema name "${schemaName}"`);
  }
  const migrations = migrationConfig(schemaName);
  try {
    if (options.url) {
      const pool = new pg.Pool({
        connectionString: options.url,
        // Every pooled connection must see the same schema, so it goes in the startup options.
        ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
      });
      // An idle client losing its connection must not crash the process; the next query reconnects.
      pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
      const db = drizzlePostgres({ client: pool, ...drizzleConfig });
      try {
        if (schemaName) await pool.query(`create schema if not exists "${schemaName}"`);
        // Processes starting together take turns; the later ones find nothing left to apply.
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePostgres(db, migrations.config);
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          lock.release();
        }
      } catch (error) {
        await pool.end();
        throw error;
      }
      return { db, driver: 'postgres', pool, close: () => pool.end() };
    }

    const dataDir = options.dataDir ?? 'data';
    const inMemory = dataDir.startsWith('memory://');
    const minFreeBytes = options.minFreeBytes ?? DEFAULT_MIN_FREE_MB * 1024 * 1024;
    let lock: DataDirLock | undefined;
    if (!inMemory) {
      // A disk without room to start stops here, saying so (DataDirFullError), before anything in the folder is written.
      checkDataDirSpace(dataDir, minFreeBytes, options.statfs);
      try {
        mkdirSync(resolve(dataDir), { recursive: true });
        // One process per folder (data-dir-lock.ts); throws DataDirLockedError naming the holder.
        lock = lockDataDir(dataDir);
      } catch (error) {
        // A disk that fills after the check (no room for the lock file): said as such, not as ENOSPC's stack.
        throw error instanceof DataDirLockedError
          ? error
          : explainOpenFailure(error, dataDir, minFreeBytes, options.statfs);
      }
    }
    let client: PGlite | undefined;
    try {
      // A new folder is made by initdb in a short-lived child process (its memory is not kept by this one).
      if (!inMemory) await initPgliteFolder(resolve(dataDir));
      client = await PGlite.create(inMemory ? dataDir : resolve(dataDir), {
        startParams: [...PGLITE_START_PARAMS],
        ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
      });
      const writes = watchWrites(client);
      const db = drizzlePglite({ client, ...drizzleConfig });
      localWrites.set(db, writes);
      if (schemaName) {
        // PGlite is a single connection, so a session setting holds for every later query.
        await client.exec(`create schema if not exists "${schemaName}"; set search_path to "${schemaName}"`);
      }
      await migratePglite(db, migrations.config);
      const opened = client;
      return {
        db,
        driver: 'pglite',
        dump: () => opened.dumpDataDir('none'),
        close: async () => {
          try {
            await opened.close();
          } finally {
            lock?.release();
          }
        },
      };
    } catch (error) {
      await client?.close().catch(() => {});
      lock?.release();
      // The disk may have filled while starting (another process's writes): say so rather than PGlite's abort.
      throw inMemory ? error : explainOpenFailure(error, dataDir, minFreeBytes, options.statfs);
    }
  } finally {
    migrations.cleanup();
  }
}

/**
 * drizzle-kit writes foreign keys as `REFERENCES "public"."users"`, so migrating into
 * another schema (one per test file on a shared PostgreSQL) runs a copy of the
 * migrations with that qualifier swapped. Production uses the files as they are.
 */
function migrationConfig(schemaName: string | undefined) {
  if (!schemaName || schemaName === 'public') {
    return { config: { migrationsFolder }, cleanup: () => {} };
  }
  const copy = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  cpSync(migrationsFolder, copy, { recursive: true });
  for (const file of readdirSync(copy).filter((name) => name.endsWith('.sql'))) {
    const path = join(copy, file);
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll('"public".', `"${schemaName}".`));
  }
  return {
    config: { migrationsFolder: copy, migrationsSchema: schemaName },
    cleanup: () => rmSync(copy, { recursive: true, force: true }),
  };
}
