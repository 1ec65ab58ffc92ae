import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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

function start(): Promise<Started> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...env, PORT: '0', HOST: '127.0.0.1', PORTAL_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
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
      const navigation = (await (await fetch(`${second.url}/api/v3/navigation/`, { headers })).json()) as { products: { product_id: number }[] };
      const phone = navigation.products[0]!.product_id;
      const wav = await fetch(`${second.url}/api/v1/voip/${phone}/call-flows/current/audio-files/download/welcome_greeting.wav/`, { headers });
      expect(wav.status).toBe(200);
      expect(wav.headers.get('content-type')).toBe('audio/wav');
      expect(existsSync(join(dataDir, 'audio', String(phone), 'welcome_greeting.wav'))).toBe(true);
    } finally {
      expect(await stop(second)).toBe(0);
    }
  }, 120_000);
});
