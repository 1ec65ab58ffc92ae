import { describe, expect, it } from 'vitest';

import { transferNumbers } from './describe.ts';

describe('numbers', () => {
  it('shows numbers by the one display rule, and a range as first to last', () => {
    expect(
      transferNumbers({
        range_start: '01632960500',
        range_end: '01632960509',
        isRange: true,
        confirmed_transfer_date: null,
        cloa_status: 'SIGNED',
      }),
    ).toBe('+441632960500 to +441632960509');
    expect(
      transferNumbers({
        range_start: '01632960500',
        range_end: '01632960500',
        isRange: false,
        confirmed_transfer_date: null,
        cloa_status: 'SIGNED',
      }),
    ).toBe('+441632960500');
  });
});
