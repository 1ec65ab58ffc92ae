import { statfsSync, type StatsFs } from 'node:fs';
import { dirname, resolve } from 'node:path';

import { isStorageFull } from '../plugins/errors.ts';

/**
 * The free space a PGlite data folder's disk must have for the server to start on it. PostgreSQL
 * writes its log ahead in files of 16 MB, makes the next one when the current one fills, and
 * writes a checkpoint when it stops; a start on a disk without that room died inside PGlite's
 * WebAssembly (`RuntimeError: Aborted()`), which said nothing of the disk. 64 MB is room for
 * that and for the first writes after the start. PORTAL_DATA_MIN_FREE_MB changes it.
 */
export const DEFAULT_MIN_FREE_MB = 64;
const MB = 1024 * 1024;

export class DataDirFullError extends Error {
  constructor(
    readonly dataDir: string,
    readonly freeBytes: number,
    readonly neededBytes: number,
    options?: { cause?: unknown },
  ) {
    super(
      `The data folder ${dataDir} is out of space: its disk has ${megabytes(freeBytes)} free and the server needs ` +
        `at least ${megabytes(neededBytes)} free to start. Free some space on that disk (or move the folder and ` +
        `point PORTAL_DATA_DIR at it), then start again: nothing in the folder was changed.`,
      options,
    );
    this.name = 'DataDirFullError';
  }
}

function megabytes(bytes: number): string {
  const mb = bytes / MB;
  return `${mb >= 10 || mb === 0 ? Math.floor(mb) : mb.toFixed(1)} MB`;
}

export type Statfs = (path: string) => Pick<StatsFs, 'bavail' | 'bsize'>;

/** The bytes free to this process on the disk of `path`, or of its nearest folder that exists (a folder not made yet). */
export function freeBytes(path: string, statfs: Statfs = statfsSync): number {
  for (let folder = resolve(path); ; folder = dirname(folder)) {
    try {
      const stats = statfs(folder);
      return Number(stats.bavail) * Number(stats.bsize);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(folder) === folder) throw error;
    }
  }
}

/** Throws DataDirFullError when the disk of `dataDir` has less than `neededBytes` free. */
export function checkDataDirSpace(dataDir: string, neededBytes: number, statfs: Statfs = statfsSync): void {
  const free = freeBytes(dataDir, statfs);
  if (free < neededBytes) throw new DataDirFullError(resolve(dataDir), free, neededBytes);
}

/**
 * What a failure to open the folder was: DataDirFullError when the disk said it is full (ENOSPC) or now has less
 * than `neededBytes` free (PGlite aborts its WebAssembly on a failed write), else the error as it was. The room it
 * names is at least DEFAULT_MIN_FREE_MB: a disk that filled is short of that, whatever PORTAL_DATA_MIN_FREE_MB says.
 */
export function explainOpenFailure(
  error: unknown,
  dataDir: string,
  neededBytes: number,
  statfs: Statfs = statfsSync,
): unknown {
  if (error instanceof DataDirFullError) return error;
  let free: number;
  try {
    free = freeBytes(dataDir, statfs);
  } catch {
    return error;
  }
  return isStorageFull(error) || free < neededBytes
    ? new DataDirFullError(resolve(dataDir), free, Math.max(neededBytes, DEFAULT_MIN_FREE_MB * MB), { cause: error })
    : error;
}
