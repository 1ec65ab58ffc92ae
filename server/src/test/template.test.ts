import { spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { dropLeftovers, TEST_DATABASE_NAME } from './template.ts';

// PostgreSQL only (vitest.config.ts): the test databases a killed run leaves on the server.
const url = process.env.TEST_DATABASE_URL!;

async function databases(): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ datname: string }>('select datname from pg_database')).rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const mine = `test_${process.pid}_c0ffee01`;
afterAll(() => onServer(`drop database if exists "${mine}" with (force)`));

describe('test databases left by a killed run', () => {
  it('are dropped when the process that made them is gone; a running one keeps its own', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await once(child, 'exit');
    const gone = [`test_${child.pid}_deadbeef`, `portal_template_${child.pid}_abc123_seeded`];
    for (const name of [...gone, mine]) await onServer(`create database "${name}"`);
    expect(gone.every((name) => TEST_DATABASE_NAME.test(name))).toBe(true);

    await dropLeftovers(url);
    const left = await databases();
    expect(left).toContain(mine);
    for (const name of gone) expect(left).not.toContain(name);
    // Other databases on the server are not the tests' to drop.
    expect(left).toContain(new URL(url).pathname.slice(1));
  });
});
