import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

import { FilesystemAudioStorage } from '../audio/storage.ts';
import { openDatabase, type OpenedDatabase } from '../db/connect.ts';
import { seedIfEmpty } from '../db/seed.ts';

/** When test data is seeded; the test clock starts here. */
export const SEED_TIME = new Date('2025-03-03T09:00:00Z');

/**
 * The server tests' starting databases, made once per run by global-setup.ts: migrating and seeding took
 * about six seconds of a file's set-up (the demo's password hashes and 90 days of calls), on each of the
 * 67 files and on both databases. A file now starts from a copy: a PGlite dump loaded into memory, or a
 * PostgreSQL database made from a template database. Both are exactly what migrating (and seeding at
 * SEED_TIME) would give.
 */
export interface TestTemplate {
  driver: 'pglite' | 'postgres';
  /** PGlite: a dump file; PostgreSQL: a template database's name. Migrated, nothing seeded. */
  empty: string;
  /** The same, seeded at SEED_TIME. */
  seeded: string;
  /** The audio files the seed wrote. */
  audio: string;
  /** Everything to remove at the end. */
  folder: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestTemplate: TestTemplate | null;
  }
}

/** The URL of another database on the server of `url`. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Makes the two starting databases (see TestTemplate). */
export async function buildTemplate(driver: 'pglite' | 'postgres'): Promise<TestTemplate> {
  const folder = mkdtempSync(join(tmpdir(), 'portal-test-template-'));
  const audio = join(folder, 'audio');
  const build = async (
    open: () => Promise<OpenedDatabase>,
    seeded: boolean,
    save: (opened: OpenedDatabase) => Promise<void>,
  ) => {
    const opened = await open();
    try {
      if (seeded) await seedIfEmpty(opened.db, new FilesystemAudioStorage(audio), SEED_TIME);
      await save(opened);
    } finally {
      await opened.close();
    }
  };
  if (driver === 'pglite') {
    const save = (file: string) => async (opened: OpenedDatabase) =>
      writeFileSync(file, Buffer.from(await (await opened.dump!()).arrayBuffer()));
    const empty = join(folder, 'empty.tar');
    const seeded = join(folder, 'seeded.tar');
    await build(() => openDatabase({ dataDir: 'memory://' }), false, save(empty));
    await build(() => openDatabase({ dataDir: 'memory://' }), true, save(seeded));
    return { driver, empty, seeded, audio, folder };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  await dropLeftovers(url);
  const stem = `portal_template_${process.pid}_${randomBytes(3).toString('hex')}`;
  const names = { empty: `${stem}_empty`, seeded: `${stem}_seeded` };
  for (const [kind, name] of Object.entries(names)) {
    await onServer(url, (client) => client.query(`create database "${name}"`));
    await build(
      () => openDatabase({ url: databaseUrl(url, name) }),
      kind === 'seeded',
      async () => {},
    );
  }
  return { driver, ...names, audio, folder };
}

/** The databases this file names after the process that made them: `portal_template_{pid}_…` and `test_{pid}_…`. */
export const TEST_DATABASE_NAME = /^(?:portal_template|test)_(\d+)_[0-9a-f]+(?:_empty|_seeded)?$/;

/** Whether a process of this machine is running (a signal 0 tests it, and sends nothing). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Drops the test databases of runs that were killed before they could (their process is gone), so they do not pile
 * up on a server that outlives the runs. A run still going keeps its own.
 */
export async function dropLeftovers(url: string): Promise<void> {
  await onServer(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database');
    for (const { datname } of rows) {
      const pid = TEST_DATABASE_NAME.exec(datname)?.[1];
      if (pid && Number(pid) !== process.pid && !running(Number(pid)))
        await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}

/** Removes what buildTemplate made. */
export async function removeTemplate(template: TestTemplate): Promise<void> {
  rmSync(template.folder, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (template.driver !== 'postgres' || !url) return;
  await onServer(url, async (client) => {
    for (const name of [template.empty, template.seeded])
      await client.query(`drop database if exists "${name}" with (force)`);
  });
}

/** A fresh database for one test file, copied from the template; close() removes a PostgreSQL copy. */
export async function openFromTemplate(template: TestTemplate, seeded: boolean): Promise<OpenedDatabase> {
  const source = seeded ? template.seeded : template.empty;
  if (template.driver === 'pglite') {
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(source)]) });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(url, (client) => client.query(`create database "${name}" template "${source}"`));
  const opened = await openDatabase({ url: databaseUrl(url, name) });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await onServer(url, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** Copies the seed's audio files into a test file's own folder. */
export function copyTemplateAudio(template: TestTemplate, to: string): void {
  if (existsSync(template.audio)) cpSync(template.audio, to, { recursive: true });
}
