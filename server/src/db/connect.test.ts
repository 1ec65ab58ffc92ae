import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { openDatabase } from './connect.ts';

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
const rowsOf = async (db: Db, query: ReturnType<typeof sql.raw>) =>
  ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
const settingOf = async (db: Db, name: 'shared_buffers' | 'max_connections') =>
  (await rowsOf(db, sql.raw(`show ${name}`)))[0]?.[name];

// PGlite only (vitest.config.ts): on PostgreSQL the server's own settings apply.
describe('PGlite settings', () => {
  it('runs with small shared buffers, in memory and in a new folder (made by initdb in a child process)', async () => {
    const inMemory = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await settingOf(inMemory.db, 'shared_buffers')).toBe('16MB');
      expect(await settingOf(inMemory.db, 'max_connections')).toBe('3');
    } finally {
      await inMemory.close();
    }
    const dataDir = join(mkdtempSync(join(tmpdir(), 'portal-connect-')), 'new-folder');
    try {
      const opened = await openDatabase({ dataDir });
      try {
        expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
        expect(await settingOf(opened.db, 'shared_buffers')).toBe('16MB');
        // Migrated: the schema's tables exist.
        const tables = await rowsOf(
          opened.db,
          sql`select count(*)::int as n from information_schema.tables where table_name = 'auth_tokens'`,
        );
        expect(tables[0]?.n).toBe(1);
      } finally {
        await opened.close();
      }
    } finally {
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    }
  }, 120_000);
});
