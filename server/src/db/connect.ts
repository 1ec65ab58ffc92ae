import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

/** The drizzle database, whichever driver is underneath (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; when set, node-postgres is used instead of PGlite. */
  url?: string | undefined;
  /** PGlite data folder (created if missing); 'memory://' keeps it in memory. */
  dataDir?: string | undefined;
  /** Put every table (and drizzle's migration log) in this schema instead of public. */
  schemaName?: string | undefined;
}

export interface OpenedDatabase {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

const drizzleConfig = { schema, casing: 'snake_case' } as const;

// Any constant, the same in every process that may migrate at once.
const MIGRATION_LOCK = 727_000;

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
      return { db, driver: 'postgres', close: () => pool.end() };
    }

    const dataDir = options.dataDir ?? process.env.PORTAL_DATA_DIR ?? 'data';
    let lock: DataDirLock | undefined;
    if (!dataDir.startsWith('memory://')) {
      mkdirSync(resolve(dataDir), { recursive: true });
      // One process per folder (data-dir-lock.ts); throws DataDirLockedError naming the holder.
      lock = lockDataDir(dataDir);
    }
    let client: PGlite | undefined;
    try {
      client = await PGlite.create(dataDir.startsWith('memory://') ? dataDir : resolve(dataDir));
      const db = drizzlePglite({ client, ...drizzleConfig });
      if (schemaName) {
        // PGlite is a single connection, so a session setting holds for every later query.
        await client.exec(`create schema if not exists "${schemaName}"; set search_path to "${schemaName}"`);
      }
      await migratePglite(db, migrations.config);
      const opened = client;
      return {
        db,
        driver: 'pglite',
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
      throw error;
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
