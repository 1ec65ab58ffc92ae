// What db:backup and db:restore share: the data folder, its lock, opening it once, tar.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

import { DataDirLockedError, LOCK_FILE, lockDataDir, type DataDirLock } from '../server/src/db/data-dir-lock.ts';

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

export function portalDataDir(): string {
  const dir = process.env.PORTAL_DATA_DIR || 'data';
  if (dir.startsWith('memory://'))
    fail('PORTAL_DATA_DIR is in memory: there is nothing on disk to back up or restore.');
  return resolve(dir);
}

export function refuseDatabaseUrl(command: string, instead: string) {
  if (!process.env.DATABASE_URL) return;
  fail(
    `DATABASE_URL is set: the data lives in that PostgreSQL server, not in PORTAL_DATA_DIR. ${command} handles the ` +
      `embedded database only; use PostgreSQL's own tools, e.g.\n  ${instead}\n` +
      'and copy the audio folder (PORTAL_DATA_DIR/audio) alongside.',
  );
}

/** Takes the folder's lock, or stops with the message that names the server holding it. */
export function lockOrExplain(dataDir: string, command: string): DataDirLock {
  try {
    return lockDataDir(dataDir, command);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(`${error.message}\n${command} needs the server stopped.`);
    throw error;
  }
}

/** Opens the embedded database and closes it cleanly (recovery and a checkpoint); throws a readable error if it cannot. */
export async function checkOpens(dataDir: string) {
  try {
    const client = await PGlite.create(dataDir);
    await client.query('select 1');
    await client.close();
  } catch (error) {
    throw new Error(`The database in ${dataDir} does not open (${(error as Error).message}). Nothing was changed.`);
  }
}

export function archiveFolder(dataDir: string, file: string) {
  execFileSync('tar', ['-czf', file, `--exclude=./${LOCK_FILE}`, '-C', dataDir, '.'], { stdio: 'inherit' });
}

export function extractArchive(file: string, into: string) {
  execFileSync('tar', ['-xzf', file, '-C', into], { stdio: ['ignore', 'ignore', 'pipe'] });
}
