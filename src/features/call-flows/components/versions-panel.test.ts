import { describe, expect, it } from 'vitest';
import { diffMarksFor } from './versions-panel.tsx';

describe('versions panel logic', () => {
  it('marks added and changed steps on the newer version, removed and changed on the older', () => {
    const diff = { added: ['a'], removed: ['r'], changed: ['c'], changes: [] };
    expect([...diffMarksFor(diff, 'newer')]).toEqual([
      ['c', 'changed'],
      ['a', 'added'],
    ]);
    expect([...diffMarksFor(diff, 'older')]).toEqual([
      ['c', 'changed'],
      ['r', 'removed'],
    ]);
  });
});
