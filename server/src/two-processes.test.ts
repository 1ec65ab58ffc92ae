import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sampleFlow } from '@portal/editor-core/testing';

import { encodeWav, melodySamples } from './audio/wav.ts';
import { demoLogins } from './db/demo-logins.ts';
import { MAX_LOGIN_FAILURES } from './modules/identity/index.ts';

// Several processes on one PostgreSQL (docs/operations.md): two real server processes (server/src/main.ts) on one
// PostgreSQL database share sessions, stored audio, throttles and call-flow versions. PostgreSQL
// only (vitest.config.ts leaves it out of the PGlite run); with TEST_DATABASE_URL set and no
// server answering, it fails.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const databaseName = `portal_two_${process.pid}_${randomBytes(4).toString('hex')}`;
const children: ChildProcess[] = [];
const dataDirs: string[] = [];
let databaseUrl = '';
let a = '';
let b = '';
let productId = 0;

async function admin<T>(work: (client: pg.Client) => Promise<T>, url = adminUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Starts main.ts on the test database and answers its address once it listens. */
function startServer(): Promise<string> {
  // Each its own PORTAL_DATA_DIR: what they share must be in the database.
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-two-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      PORTAL_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUDIO_STORAGE: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
}

beforeAll(async () => {
  if (!adminUrl) throw new Error('two-processes.test.ts needs TEST_DATABASE_URL');
  await admin((client) => client.query(`create database "${databaseName}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.href;
  // The first migrates and seeds; the second finds it done (both would wait on the migration lock).
  a = await startServer();
  b = await startServer();
  productId = await admin(
    async (client) => (await client.query<{ id: number }>('select id from products order by id limit 1')).rows[0]!.id,
    databaseUrl,
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(
    children.map((child) =>
      child.exitCode !== null
        ? null
        : new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
    ),
  );
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (adminUrl) await admin((client) => client.query(`drop database if exists "${databaseName}" with (force)`));
}, 60_000);

/** A csrftoken from `server` with the cookie and header pair to send back (double submit: any process accepts it). */
async function csrfOf(server: string) {
  const { csrftoken } = (await (await fetch(`${server}/auth/csrf/`)).json()) as { csrftoken: string };
  return { cookie: `csrftoken=${csrftoken}`, 'x-csrftoken': csrftoken };
}

async function signIn(server: string, credentials: { email: string; password: string }) {
  return fetch(`${server}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await csrfOf(server)) },
    body: JSON.stringify(credentials),
  });
}

async function tokenFrom(server: string): Promise<string> {
  const response = await signIn(server, demoLogins.customer);
  expect(response.status).toBe(200);
  return ((await response.json()) as { key: string }).key;
}

const me = (server: string, key: string) =>
  fetch(`${server}/api/v3/me/`, { headers: { authorization: `Token ${key}` } });

describe('two server processes on one PostgreSQL', () => {
  it('accept a token issued by either', async () => {
    const key = await tokenFrom(a);
    expect((await me(b, key)).status).toBe(200);
    expect((await me(a, key)).status).toBe(200);
  });

  it('play a greeting uploaded through one through the other, byte for byte', async () => {
    const key = await tokenFrom(a);
    const bytes = encodeWav(melodySamples([{ hz: 523, ms: 700 }]));
    const form = new FormData();
    form.append('audio-file', new Blob([bytes], { type: 'audio/wav' }), 'greeting.wav');
    form.append(
      'audio-data',
      JSON.stringify({
        kind: 'greeting',
        sub_kind: 'upload',
        call_flow_filename: null,
        name: 'Shared',
        text: null,
        tts_voice: null,
      }),
    );
    const uploaded = await fetch(`${a}/api/v3/voip/${productId}/call-flows/current/audio-files/upload/`, {
      method: 'POST',
      headers: { authorization: `Token ${key}`, ...(await csrfOf(a)) },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { stored_filename } = (await uploaded.json()) as { stored_filename: string };
    const played = await fetch(
      `${b}/api/v1/voip/${productId}/call-flows/current/audio-files/download/${stored_filename}/`,
      {
        headers: { authorization: `Token ${key}` },
      },
    );
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.arrayBuffer()).equals(bytes)).toBe(true);
    // Kept in the database (AUDIO_STORAGE defaults to database with DATABASE_URL), not in either process's folder.
    const stored = await admin(
      (client) =>
        client.query('select size_bytes from stored_audio where key = $1', [`${productId}/${stored_filename}`]),
      databaseUrl,
    );
    expect(stored.rows).toEqual([{ size_bytes: bytes.length }]);
  });

  it('count failed sign-ins across both', async () => {
    const wrong = { email: demoLogins.trial.email, password: 'not-the-password-1' };
    // Every request comes from 127.0.0.1, so the (address, source) limit is the one reached.
    for (let i = 0; i < MAX_LOGIN_FAILURES.email_ip; i++) {
      expect((await signIn(i % 2 === 0 ? a : b, wrong)).status).toBe(400);
    }
    // The next, through either process, is refused.
    expect((await signIn(a, wrong)).status).toBe(429);
    expect((await signIn(b, wrong)).status).toBe(429);
  });

  it('give two conflicting saves of one call flow, one through each, one 200 and one 412', async () => {
    const key = await tokenFrom(a);
    const auth = async (server: string) => ({
      authorization: `Token ${key}`,
      'content-type': 'application/json',
      ...(await csrfOf(server)),
    });
    const created = await fetch(`${a}/api/v2/voip/${productId}/call-flows/`, {
      method: 'POST',
      headers: await auth(a),
      body: JSON.stringify({ name: 'Contested', enable: false, data: sampleFlow().data }),
    });
    expect(created.status).toBe(201);
    const { id, version } = (await created.json()) as { id: string; version: number };
    const save = async (server: string, name: string) =>
      fetch(`${server}/api/v2/voip/${productId}/call-flows/${id}/`, {
        method: 'PATCH',
        headers: await auth(server),
        body: JSON.stringify({ name, version }),
      });
    const [fromA, fromB] = await Promise.all([save(a, 'Saved by A'), save(b, 'Saved by B')]);
    expect([fromA.status, fromB.status].sort()).toEqual([200, 412]);
    const winner = fromA.status === 200 ? 'Saved by A' : 'Saved by B';
    const stored = await fetch(`${b}/api/v2/voip/${productId}/call-flows/${id}/`, {
      headers: { authorization: `Token ${key}` },
    });
    expect((await stored.json()) as { name: string; version: number }).toMatchObject({
      name: winner,
      version: version + 1,
    });
  });

  it('refuse a token logged out through one on the other at its next request', async () => {
    const key = await tokenFrom(a);
    expect((await me(a, key)).status).toBe(200);
    const out = await fetch(`${b}/auth/logout/`, {
      method: 'POST',
      headers: { authorization: `Token ${key}`, ...(await csrfOf(b)) },
    });
    expect(out.status).toBe(200);
    expect((await me(a, key)).status).toBe(401);
  });
});
