import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { readConfig } from '../config.ts';
import { openDatabase } from './connect.ts';
import {
  checkDataDirSpace,
  DataDirFullError,
  DEFAULT_MIN_FREE_MB,
  explainOpenFailure,
  freeBytes,
  type Statfs,
} from './data-dir-space.ts';

const MB = 1024 * 1024;
const root = mkdtempSync(join(tmpdir(), 'portal-space-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A disk with `free` bytes left, in blocks of 4 KiB; every path it is asked about is remembered. */
function diskWith(free: number) {
  const asked: string[] = [];
  const statfs: Statfs = (path) => {
    asked.push(path);
    statSync(path); // ENOENT for a folder not made yet, as the real one
    return { bavail: Math.floor(free / 4096), bsize: 4096 };
  };
  return { statfs, asked };
}

describe('the free space a PGlite folder needs', () => {
  it('is 64 MB unless PORTAL_DATA_MIN_FREE_MB says, a whole number of megabytes', () => {
    expect(DEFAULT_MIN_FREE_MB).toBe(64);
    const minFreeBytes = (env: Record<string, string>) => readConfig(env).dataMinFreeBytes;
    expect(minFreeBytes({})).toBe(64 * MB);
    expect(minFreeBytes({ PORTAL_DATA_MIN_FREE_MB: ' 200 ' })).toBe(200 * MB);
    expect(minFreeBytes({ PORTAL_DATA_MIN_FREE_MB: '0' })).toBe(0);
    for (const wrong of ['-1', '1.5', '1e3', 'lots']) {
      expect(() => minFreeBytes({ PORTAL_DATA_MIN_FREE_MB: wrong }), wrong).toThrow(
        `PORTAL_DATA_MIN_FREE_MB must be a whole number of megabytes, not "${wrong}"`,
      );
    }
  });

  it('is read on the folder, or on the nearest folder above it that exists', () => {
    const disk = diskWith(100 * MB);
    expect(freeBytes(join(root, 'not', 'made', 'yet'), disk.statfs)).toBe(100 * MB);
    expect(disk.asked.at(-1)).toBe(root);
  });

  it('stops a start with a message naming the folder, what is free and what is needed', () => {
    const folder = join(root, 'data');
    expect(() => checkDataDirSpace(folder, 64 * MB, diskWith(100 * MB).statfs)).not.toThrow();
    expect(() => checkDataDirSpace(folder, 64 * MB, diskWith(3.5 * MB).statfs)).toThrow(
      `The data folder ${folder} is out of space: its disk has 3.5 MB free and the server needs at least 64 MB free to start. ` +
        'Free some space on that disk (or move the folder and point PORTAL_DATA_DIR at it), then start again: nothing in the folder was changed.',
    );
    expect(() => checkDataDirSpace(folder, 64 * MB, diskWith(0).statfs)).toThrow('its disk has 0 MB free');
  });

  it('explains a failed open as a full disk when the disk said so or is now short of room, else leaves it alone', () => {
    const folder = join(root, 'data');
    const aborted = new Error('RuntimeError: Aborted()');
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(explainOpenFailure(aborted, folder, 64 * MB, diskWith(1 * MB).statfs)).toBeInstanceOf(DataDirFullError);
    expect(explainOpenFailure(enospc, folder, 64 * MB, diskWith(500 * MB).statfs)).toBeInstanceOf(DataDirFullError);
    expect((explainOpenFailure(enospc, folder, 64 * MB, diskWith(500 * MB).statfs) as Error).cause).toBe(enospc);
    // A disk that said it is full needs at least the default room, even where the setting asks for none.
    expect((explainOpenFailure(enospc, folder, 0, diskWith(0).statfs) as Error).message).toContain(
      'its disk has 0 MB free and the server needs at least 64 MB free to start',
    );
    expect(explainOpenFailure(aborted, folder, 64 * MB, diskWith(500 * MB).statfs)).toBe(aborted);
  });

  it('is checked by openDatabase before the folder is made, locked or written', async () => {
    const folder = join(root, 'never-made');
    const existing = mkdtempSync(join(root, 'existing-'));
    for (const dataDir of [folder, existing]) {
      await expect(openDatabase({ dataDir, minFreeBytes: 64 * MB, statfs: diskWith(10 * MB).statfs })).rejects.toThrow(
        DataDirFullError,
      );
    }
    expect(readdirSync(root)).not.toContain('never-made');
    expect(readdirSync(existing)).toEqual([]);
  });
});
