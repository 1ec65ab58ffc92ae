import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

const root = mkdtempSync(join(tmpdir(), 'portal-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folder = () => mkdtempSync(join(root, 'data-'));
const owner = (fields: Record<string, unknown>) =>
  JSON.stringify({
    pid: process.pid,
    host: hostname(),
    started: null,
    since: '2026-01-01T00:00:00Z',
    command: 'server',
    nonce: 'n',
    ...fields,
  });

/** A process that has exited: its pid is free (or another process's, with another start time). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  it('holds the folder until released, and refuses a second holder naming the first', () => {
    const dir = folder();
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'server',
    });
    // Another live process's lock (the parent's pid; start time not recorded) is refused.
    writeFileSync(join(dir, LOCK_FILE), owner({ pid: process.ppid }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(
      `The data folder ${dir} is in use by process ${process.ppid} on ${hostname()}`,
    );
    // release() leaves a lock it does not own alone.
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });

  it('takes over a lock whose process is gone', async () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), owner({ pid: await deadPid() }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock from another host once its heartbeat is older than a minute, not before', () => {
    const dir = folder();
    const file = join(dir, LOCK_FILE);
    writeFileSync(file, owner({ pid: 1, host: 'another-host' }));
    expect(() => lockDataDir(dir)).toThrow('in use by process 1 on another-host');
    const old = new Date(Date.now() - 61_000);
    utimesSync(file, old, old);
    lockDataDir(dir).release();
  });

  it('takes over a lock of a reused pid (same pid, another start time)', () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), owner({ pid: process.ppid, started: '1' }));
    lockDataDir(dir).release();
  });

  it('takes over an empty lock file (its writer died, or its disk was full) and holds the folder', () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), '');
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
