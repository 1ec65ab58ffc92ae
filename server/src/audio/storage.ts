import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/**
 * Where audio bytes live, by key (`{productId}/{stored_filename}`). The database holds what
 * a file is; this holds its bytes. The filesystem is the default; an object store would be
 * another implementation of the same three calls.
 */
export interface AudioStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /**
   * Reads the bytes under `key` in order into `buffer`, up to its length at a time, handing each part to `use`.
   * A part is valid only until `use` settles: the next part overwrites it, so a file of any size passes through
   * one buffer and leaves nothing behind for the garbage collector. False when nothing is stored under the key.
   */
  readInto(key: string, buffer: Buffer, use: (part: Buffer) => Promise<void>): Promise<boolean>;
  /** Removes the key; no error when it is already gone. */
  delete(key: string): Promise<void>;
}

// Segments start with a letter or digit, so no key can name '..' or a hidden file.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}){0,3}$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid audio storage key "${key}"`);
}

/** Files under one folder (PORTAL_DATA_DIR/audio by default), one per key. */
export class FilesystemAudioStorage implements AudioStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(partial, bytes);
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async readInto(key: string, buffer: Buffer, use: (part: Buffer) => Promise<void>): Promise<boolean> {
    let file: FileHandle;
    try {
      file = await open(this.pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    try {
      for (;;) {
        const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) return true;
        await use(buffer.subarray(0, bytesRead));
      }
    } finally {
      await file.close();
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** `readInto` over bytes already in memory: copied into `buffer` part by part, as a stored file would be. */
export async function readBytesInto(
  bytes: Uint8Array,
  buffer: Buffer,
  use: (part: Buffer) => Promise<void>,
): Promise<void> {
  for (let offset = 0; offset < bytes.length; offset += buffer.length) {
    const length = Math.min(buffer.length, bytes.length - offset);
    buffer.set(bytes.subarray(offset, offset + length));
    await use(buffer.subarray(0, length));
  }
}

/** Keeps the bytes in memory: for tests that do not look at files. */
export class MemoryAudioStorage implements AudioStorage {
  private readonly files = new Map<string, Buffer>();

  async put(key: string, bytes: Uint8Array): Promise<void> {
    assertStorageKey(key);
    this.files.set(key, Buffer.from(bytes));
  }

  async get(key: string): Promise<Buffer | null> {
    assertStorageKey(key);
    return this.files.get(key) ?? null;
  }

  async readInto(key: string, buffer: Buffer, use: (part: Buffer) => Promise<void>): Promise<boolean> {
    const bytes = await this.get(key);
    if (!bytes) return false;
    await readBytesInto(bytes, buffer, use);
    return true;
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}
