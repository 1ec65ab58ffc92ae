import { describe, expect, it } from 'vitest';

import { assignNumber, numbersBySeat } from './assign-number.ts';

describe('assignNumber', () => {
  it('patches the old seat first, then the new one', async () => {
    const calls: Array<[number, string[]]> = [];
    await assignNumber(
      '0102',
      { id: 1, numbers: ['0101', '0102'] },
      { id: 2, numbers: ['0201'] },
      async (id, numbers) => void calls.push([id, numbers]),
    );
    expect(calls).toEqual([
      [1, ['0101']],
      [2, ['0201', '0102']],
    ]);
  });

  it('restores the old seat when the new seat refuses, and throws', async () => {
    const calls: Array<[number, string[]]> = [];
    const patch = async (id: number, numbers: string[]) => {
      calls.push([id, numbers]);
      if (id === 2) throw new Error('refused');
    };
    await expect(
      assignNumber('0102', { id: 1, numbers: ['0101', '0102'] }, { id: 2, numbers: [] }, patch),
    ).rejects.toThrow('refused');
    expect(calls).toEqual([
      [1, ['0101']],
      [2, ['0102']],
      [1, ['0101', '0102']],
    ]);
  });

  it('only patches the new seat for a number that rings no one, and only the old to leave it unassigned', async () => {
    const calls: number[] = [];
    await assignNumber('0300', null, { id: 3, numbers: [] }, async (id) => void calls.push(id));
    await assignNumber('0300', { id: 3, numbers: ['0300'] }, null, async (id) => void calls.push(id));
    expect(calls).toEqual([3, 3]);
  });

  it('counts the numbers of each seat', () => {
    const bySeat = numbersBySeat([
      { number: 'a', user: null },
      { number: 'b', user: { id: 1 } },
      { number: 'c', user: { id: 1 } },
    ]);
    expect(bySeat.get(1)).toEqual(['b', 'c']);
    expect(bySeat.has(2)).toBe(false);
  });
});
