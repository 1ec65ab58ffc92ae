import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../db/connect.ts';
import { openTestDatabase } from '../test/helper.ts';
import { FilesystemAudioStorage, MemoryAudioStorage, type AudioStorage } from './storage.ts';
import { DatabaseAudioStorage } from './stored-audio-repository.ts';

let database: OpenedDatabase;
const folder = mkdtempSync(join(tmpdir(), 'read-into-'));
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  rmSync(folder, { recursive: true, force: true });
});

const storages: Array<[string, () => AudioStorage]> = [
  ['the filesystem', () => new FilesystemAudioStorage(folder)],
  ['memory', () => new MemoryAudioStorage()],
  ['the database', () => new DatabaseAudioStorage(database.db)],
];

describe.each(storages)('reading stored audio part by part from %s', (_, make) => {
  it('hands over the bytes in order through the one buffer given, and false for a key with nothing stored', async () => {
    const storage = make();
    const buffer = Buffer.alloc(1000);
    // Two and a half buffers, an exact two, and an empty file.
    const files = { '9/a.wav': 2500, '9/b.wav': 2000, '9/c.wav': 0 };
    for (const [key, size] of Object.entries(files)) await storage.put(key, Buffer.from(Array.from({ length: size }, (_, i) => (i * 7) % 256)));
    for (const [key, size] of Object.entries(files)) {
      const parts: Buffer[] = [];
      const found = await storage.readInto(key, buffer, async (part) => {
        expect(part.buffer).toBe(buffer.buffer);
        parts.push(Buffer.from(part));
      });
      expect(found).toBe(true);
      expect(parts.map((part) => part.length)).toEqual(size === 2500 ? [1000, 1000, 500] : size === 2000 ? [1000, 1000] : []);
      expect(Buffer.concat(parts).equals((await storage.get(key))!)).toBe(true);
    }
    expect(await storage.readInto('9/none.wav', buffer, async () => expect.fail('no part of nothing'))).toBe(false);
    await expect(storage.readInto('../x', buffer, async () => {})).rejects.toThrow(/Invalid audio storage key/);
  });
});
