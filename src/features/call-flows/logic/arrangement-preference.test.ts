import { describe, expect, it } from 'vitest';

import { readArrangement, rememberArrangement } from './arrangement-preference.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('arrangement preference', () => {
  it('is the tidy tree until a user chooses, then per user', () => {
    const storage = memoryStorage();
    expect(readArrangement(7, storage)).toBe('tree');
    rememberArrangement(7, 'layered', storage);
    expect(readArrangement(7, storage)).toBe('layered');
    expect(readArrangement(8, storage)).toBe('tree');
    rememberArrangement(7, 'tree', storage);
    expect(readArrangement(7, storage)).toBe('tree');
    expect(storage.length).toBe(0);
  });

  it('reads junk and refused storage as the tidy tree', () => {
    const storage = memoryStorage();
    storage.setItem('portal.call-flow-arrangement.7', 'sideways');
    expect(readArrangement(7, storage)).toBe('tree');
    const refusing = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as Storage;
    expect(readArrangement(7, refusing)).toBe('tree');
    expect(() => rememberArrangement(7, 'layered', refusing)).not.toThrow();
    expect(readArrangement(7, null)).toBe('tree');
  });
});
