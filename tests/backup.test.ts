import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

// npm run db:backup / db:restore (scripts/) as a user runs them, on a real PGlite folder.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'portal-backup-'));
const dataDir = join(work, 'data');
const backups = join(work, 'backups');
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(script: 'db-backup' | 'db-restore', ...args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: repoRoot,
    env: { ...env, PORTAL_DATA_DIR: dataDir, PORTAL_BACKUP_DIR: backups },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

async function withDatabase<T>(folder: string, work: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create(folder);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const rows = (folder: string) =>
  withDatabase(
    folder,
    async (db) => (await db.query<{ id: number; note: string }>('select id, note from probe order by id')).rows,
  );

const greeting = (folder: string) => join(folder, 'audio', '7', 'welcome_greeting.wav');

describe('npm run db:backup and db:restore', () => {
  it('restores the rows and the audio as they were at the backup, keeping the later folder aside', async () => {
    mkdirSync(join(dataDir, 'audio', '7'), { recursive: true });
    await withDatabase(dataDir, async (db) => {
      await db.exec("create table probe (id int primary key, note text); insert into probe values (1, 'at backup')");
    });
    writeFileSync(greeting(dataDir), 'RIFF-the-greeting-at-backup');

    const backup = run('db-backup');
    expect(backup.code, backup.output).toBe(0);
    const file = /\/\S+portal-backup-\d{4}-\d\d-\d\dT[\d-]+Z\.tar\.gz/.exec(backup.output)?.[0];
    expect(file, backup.output).toBeDefined();
    expect(readdirSync(backups)).toHaveLength(1);

    // Changed after the backup: a row changed and one added, the greeting replaced, a new file.
    await withDatabase(dataDir, async (db) => {
      await db.exec("update probe set note = 'after' where id = 1; insert into probe values (2, 'added after')");
    });
    writeFileSync(greeting(dataDir), 'RIFF-a-later-greeting');
    writeFileSync(join(dataDir, 'audio', '7', 'later.wav'), 'RIFF-later');

    const restored = run('db-restore', file!);
    expect(restored.code, restored.output).toBe(0);
    expect(await rows(dataDir)).toEqual([{ id: 1, note: 'at backup' }]);
    expect(readFileSync(greeting(dataDir), 'utf8')).toBe('RIFF-the-greeting-at-backup');
    expect(existsSync(join(dataDir, 'audio', '7', 'later.wav'))).toBe(false);
    expect(existsSync(join(dataDir, 'portal.lock'))).toBe(false);

    // The folder as it was before the restore is kept, whole.
    const aside = readdirSync(work).filter((name) => name.startsWith('data.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(restored.output).toContain(join(work, aside[0]!));
    expect(await rows(join(work, aside[0]!))).toEqual([
      { id: 1, note: 'after' },
      { id: 2, note: 'added after' },
    ]);
    expect(readFileSync(greeting(join(work, aside[0]!)), 'utf8')).toBe('RIFF-a-later-greeting');
  }, 300_000);

  it('refuses while a server holds the folder, naming it, and changes nothing', async () => {
    const file = join(backups, readdirSync(backups)[0]!);
    const lockFile = join(dataDir, 'portal.lock');
    // A live process holds the lock: this test's own pid, as a server would write it.
    writeFileSync(
      lockFile,
      JSON.stringify({
        pid: process.pid,
        host: (await import('node:os')).hostname(),
        started: null,
        since: 'now',
        command: 'server',
        nonce: 'x',
      }),
    );
    try {
      const restore = run('db-restore', file);
      expect(restore.code).not.toBe(0);
      expect(restore.output).toContain(`The data folder ${dataDir} is in use by process ${process.pid}`);
      expect(restore.output).toContain('db:restore needs the server stopped');
      const backup = run('db-backup');
      expect(backup.code).not.toBe(0);
      expect(backup.output).toContain(`in use by process ${process.pid}`);
    } finally {
      rmSync(lockFile);
    }
    expect(readdirSync(work).filter((name) => name.startsWith('data.before-restore-'))).toHaveLength(1);
    expect(await rows(dataDir)).toEqual([{ id: 1, note: 'at backup' }]);
  }, 300_000);

  it('refuses a file that is not a backup, and DATABASE_URL (pg_dump instead)', () => {
    const junk = join(work, 'junk.tar.gz');
    writeFileSync(junk, 'not an archive');
    const restore = run('db-restore', junk);
    expect(restore.code).not.toBe(0);
    expect(restore.output).toContain('could not be unpacked');
    const withUrl = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORTAL_DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      encoding: 'utf8',
    });
    expect(withUrl.status).not.toBe(0);
    expect(withUrl.stderr).toContain('pg_dump');
  }, 120_000);
});
