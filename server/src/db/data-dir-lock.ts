import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * One process at a time per PORTAL_DATA_DIR. PGlite does not lock its folder, and two
 * processes writing one folder lose acknowledged writes and can leave it unopenable
 * (`PANIC: could not locate a valid checkpoint record`). The lock is a file created with
 * O_EXCL in the folder, holding the owner's pid, host and process start time; a lock whose
 * process is gone (kill -9, a crash, a container restarted with the same pid) is taken over.
 * The holder touches the file every HEARTBEAT_MS: a lock written on another host (a container
 * that got a new hostname, a shared volume) counts as stale once untouched for STALE_MS.
 */
const HEARTBEAT_MS = 10_000;
const STALE_MS = 60_000;
export const LOCK_FILE = 'portal.lock';

interface LockOwner {
  pid: number;
  host: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/PID/stat), to tell a reused pid apart. */
  started: string | null;
  since: string;
  command: string;
  nonce: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: Pick<LockOwner, 'pid' | 'host' | 'since' | 'command'> | null,
  ) {
    const who = owner
      ? `process ${owner.pid} on ${owner.host} (${owner.command}, since ${owner.since})`
      : 'another process (its lock file is being written)';
    super(
      `The data folder ${dataDir} is in use by ${who}. Two servers on one folder lose data: ` +
        `stop that one first, or give this one another PORTAL_DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still this process's; safe to call twice. */
  release(): void;
}

function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name, which sits in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner, touched: number): boolean {
  // Another host's process cannot be looked up: its heartbeat tells.
  if (owner.host !== hostname()) return Date.now() - touched < STALE_MS;
  if (owner.pid === process.pid) return false; // an earlier life of this pid (a restarted container's pid 1)
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStartTime(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

function readOwner(path: string): { raw: string; owner: LockOwner | null; touched: number } | null {
  let raw: string;
  let touched: number;
  try {
    touched = statSync(path).mtimeMs;
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const owner = JSON.parse(raw) as LockOwner;
    return { raw, owner: Number.isInteger(owner.pid) ? owner : null, touched };
  } catch {
    return { raw, owner: null, touched };
  }
}

/**
 * Takes the folder's lock or throws DataDirLockedError naming the folder and the process
 * holding it. `command` says what holds it ("server", "db:restore").
 */
export function lockDataDir(dataDir: string, command = 'server'): DataDirLock {
  const folder = resolve(dataDir);
  const path = join(folder, LOCK_FILE);
  const mine: LockOwner = {
    pid: process.pid,
    host: hostname(),
    started: processStartTime(process.pid),
    since: new Date().toISOString(),
    command,
    nonce: randomBytes(8).toString('hex'),
  };
  const text = JSON.stringify(mine);
  // Four waits for a lock being written, then its take-over, then one more try.
  for (let attempt = 0; attempt < 6; attempt++) {
    if (createLockFile(path, text)) return lockHandle(path, text);
    const found = readOwner(path);
    if (!found) continue; // released meanwhile: try again
    if (found.owner === null) {
      // Empty or half written: its owner may be writing it this instant, or died doing so (or its disk was full).
      if (attempt < 4) {
        sleepSync(100);
        continue;
      }
    } else if (isAlive(found.owner, found.touched)) {
      throw new DataDirLockedError(folder, found.owner);
    }
    takeOver(path, found.raw);
  }
  throw new DataDirLockedError(folder, readOwner(path)?.owner ?? null);
}

/**
 * Creates the lock file holding `text` (O_EXCL); false when one is there already. A write that fails (ENOSPC on a
 * full disk) removes the file it made, so that no empty lock is left to stand in the next start's way.
 */
function createLockFile(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeFileSync(fd, text);
  } catch (error) {
    closeSync(fd);
    unlinkSync(path);
    throw error;
  }
  closeSync(fd);
  return true;
}

/** Moves a stale lock aside; if another process replaced it meanwhile, puts that one back. */
function takeOver(path: string, staleRaw: string) {
  const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readFileSync(aside, 'utf8');
  if (moved !== staleRaw) {
    try {
      linkSync(aside, path); // a live lock taken meanwhile: restore it (fails if yet another is there)
    } catch {
      // EEXIST: someone holds the folder either way; the next attempt sees it
    }
  }
  unlinkSync(aside);
}

function lockHandle(path: string, text: string): DataDirLock {
  let released = false;
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // the folder went away (a restore moved it): nothing to keep fresh
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    try {
      if (readFileSync(path, 'utf8') === text) unlinkSync(path);
    } catch {
      // already gone
    }
  };
  // A process that exits without closing (an uncaught error) still leaves the folder free.
  process.on('exit', release);
  return { path, release };
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
