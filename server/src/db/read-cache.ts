import { localWritesOf, type Reads } from './connect.ts';

/** Most answers one cache keeps; past it, it starts again empty. */
const MAX_ENTRIES = 10_000;

interface Cache {
  /** The write generation (connect.ts) the kept answers were read in. */
  generation: number;
  answers: Map<string, unknown>;
}
const caches = new WeakMap<object, Map<string, Cache>>();

/**
 * Answers `read()` for `key`, kept until anything is written, on a database only this process
 * writes (PGlite: connect.ts counts every statement that may write, and a PGlite folder is locked
 * to one process). Any write (a logout, a password or role change, a save, a touch of the last-used
 * time, anything else) empties every cache of the database, so a kept answer is always what the
 * query would answer now; an answer read while a write was under way is not kept. On PostgreSQL
 * other processes write too and nothing here would see it: every call reads; so does a call
 * inside a transaction (`db` is then the transaction, which has no write count).
 * The answer is shared by the requests that ask for it: its rows are frozen.
 */
export async function cachedUntilWrite<T extends object>(
  db: Reads,
  cacheName: string,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  const writes = localWritesOf(db);
  if (!writes) return read();
  let byName = caches.get(db);
  if (!byName) caches.set(db, (byName = new Map()));
  let cache = byName.get(cacheName);
  if (!cache) byName.set(cacheName, (cache = { generation: -1, answers: new Map() }));
  const generation = writes.generation();
  if (cache.generation !== generation) {
    cache.answers.clear();
    cache.generation = generation;
  }
  if (cache.answers.has(key)) return cache.answers.get(key) as T;
  const answer = await read();
  // Kept only if nothing was written while the query waited and ran.
  if (writes.generation() === generation && cache.generation === generation) {
    if (cache.answers.size >= MAX_ENTRIES) cache.answers.clear();
    freezeRows(answer);
    cache.answers.set(key, answer);
  }
  return answer;
}

/** Freezes an answer, its rows (an array's items) and their objects one level down (a joined row's parts). */
function freezeRows(answer: object) {
  const rows: unknown[] = Array.isArray(answer) ? answer : [answer];
  for (const row of rows) {
    if (row === null || typeof row !== 'object') continue;
    for (const part of Object.values(row))
      if (part !== null && typeof part === 'object' && !(part instanceof Date)) Object.freeze(part);
    Object.freeze(row);
  }
  Object.freeze(answer);
}
