import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoLogins } from './db/demo-logins.ts';

// Starts the real entry point twice on one PGlite folder, as `npm run serve` does.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let dataDir = '';
const running = new Set<ChildProcess>();

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function spawnServer(extraEnv: Record<string, string> = {}) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...env, PORT: '0', HOST: '127.0.0.1', PORTAL_DATA_DIR: dataDir, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

function start(): Promise<Started> {
  const child = spawnServer();
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve({ child, url: `http://127.0.0.1:${match[1]}`, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
}

/** A start expected to fail: its exit code and everything it printed. */
function startRefused(extraEnv: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const child = spawnServer(extraEnv);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function stop({ child }: Started): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

async function signIn(url: string) {
  const csrf = await fetch(`${url}/auth/csrf/`);
  const { csrftoken } = (await csrf.json()) as { csrftoken: string };
  return fetch(`${url}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrftoken}`, 'x-csrftoken': csrftoken },
    body: JSON.stringify(demoLogins.customer),
  });
}

// Starts the real process on a PGlite folder; the PostgreSQL run leaves this file out (vitest.config.ts).
describe('server/src/main.ts', () => {
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-main-'));
  });
  afterAll(() => {
    // A failed assertion must not leave a server behind.
    for (const child of running) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds on the first start, prints the demo logins, keeps the data on the next start, and stops cleanly', async () => {
    const first = await start();
    expect(first.output()).toContain('demo data seeded');
    for (const login of Object.values(demoLogins)) expect(first.output()).toContain(login.email);
    expect((await signIn(first.url)).status).toBe(200);
    expect(await stop(first)).toBe(0);

    const second = await start();
    try {
      expect(second.output()).not.toContain('demo data seeded');
      const signedIn = await signIn(second.url);
      expect(signedIn.status).toBe(200);
      // The demo audio lives in PORTAL_DATA_DIR/audio and is still served after the restart.
      const { key } = (await signedIn.json()) as { key: string };
      const headers = { authorization: `Token ${key}` };
      const navigation = (await (await fetch(`${second.url}/api/v3/navigation/`, { headers })).json()) as {
        products: { product_id: number }[];
      };
      const phone = navigation.products[0]!.product_id;
      const wav = await fetch(
        `${second.url}/api/v1/voip/${phone}/call-flows/current/audio-files/download/welcome_greeting.wav/`,
        { headers },
      );
      expect(wav.status).toBe(200);
      expect(wav.headers.get('content-type')).toBe('audio/wav');
      expect(existsSync(join(dataDir, 'audio', String(phone), 'welcome_greeting.wav'))).toBe(true);
    } finally {
      expect(await stop(second)).toBe(0);
    }
  }, 120_000);

  it('refuses a second server on the same folder, naming the folder and the running process', async () => {
    const first = await start();
    try {
      const second = await startRefused();
      expect(second.code).not.toBe(0);
      expect(second.output).toContain(`The data folder ${dataDir} is in use by process ${first.child.pid}`);
      // The first one is untouched and still serves.
      expect((await signIn(first.url)).status).toBe(200);
    } finally {
      expect(await stop(first)).toBe(0);
    }
    // A clean stop leaves no lock behind.
    expect(existsSync(join(dataDir, 'portal.lock'))).toBe(false);
  }, 120_000);

  it('stops at start on a bad environment value, naming the variable, before it opens the database', async () => {
    const refused = await startRefused({ PORTAL_CALL_RECORDINGS: 'sometimes', SMS_TRANSPORT: 'https' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The configuration is not valid');
    expect(refused.output).toContain('PORTAL_CALL_RECORDINGS must be shown or hidden, not "sometimes"');
    // No stack trace for a configuration error: the message is the answer.
    expect(refused.output).not.toMatch(/\n\s+at /);
    // The folder was not touched: no lock taken.
    expect(existsSync(join(dataDir, 'portal.lock'))).toBe(false);
  }, 60_000);

  it('refuses to start on a disk without the room it needs, naming the folder and the room, and loses nothing', async () => {
    // More free space asked for than any disk has: the start must stop before it opens the folder.
    const refused = await startRefused({ PORTAL_DATA_MIN_FREE_MB: '999999999' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`The data folder ${dataDir} is out of space: its disk has `);
    expect(refused.output).toContain('the server needs at least 999999999 MB free to start');
    expect(refused.output).not.toMatch(/RuntimeError|Aborted|\n\s+at /);
    expect(existsSync(join(dataDir, 'portal.lock'))).toBe(false);
    // The next start with room finds everything as it was.
    const next = await start();
    try {
      expect(next.output()).not.toContain('demo data seeded');
      expect((await signIn(next.url)).status).toBe(200);
    } finally {
      expect(await stop(next)).toBe(0);
    }
  }, 120_000);

  it('takes over the lock a killed server left behind', async () => {
    const killed = await start();
    killed.child.kill('SIGKILL');
    await exited(killed.child);
    const lockFile = join(dataDir, 'portal.lock');
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: killed.child.pid });

    const next = await start();
    try {
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: next.child.pid });
      expect((await signIn(next.url)).status).toBe(200);
    } finally {
      expect(await stop(next)).toBe(0);
    }
  }, 120_000);

  it('on SIGTERM lets a request in flight finish with 200, refuses new connections, and exits 0', async () => {
    const server = await start();
    const { url } = server;
    const csrf = (await (await fetch(`${url}/auth/csrf/`)).json()) as { csrftoken: string };
    const body = JSON.stringify(demoLogins.customer);
    const half = Math.floor(body.length / 2);
    // A sign-in whose body arrives slowly: the request is in flight when the signal comes.
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const slow = request(`${url}/auth/login/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          cookie: `csrftoken=${csrf.csrftoken}`,
          'x-csrftoken': csrf.csrftoken,
        },
      });
      slow.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      slow.on('error', reject);
      slow.write(body.slice(0, half));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => {
          void (async () => {
            // Still running, and no longer taking new connections.
            expect(server.child.exitCode).toBeNull();
            await expect(fetch(`${url}/api/schema/`, { headers: { connection: 'close' } })).rejects.toThrow();
            slow.end(body.slice(half));
          })().catch(reject);
        }, 1_000);
      }, 500);
    });
    const { status, text } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(text)).toHaveProperty('key');
    expect(await exited(server.child)).toBe(0);
    expect(server.output()).toContain('SIGTERM: finishing the requests in flight');
    expect(existsSync(join(dataDir, 'portal.lock'))).toBe(false);
  }, 120_000);
});
