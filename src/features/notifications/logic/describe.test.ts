import { describe, expect, it } from 'vitest';
import { spacedNumber, transferNumbers } from './describe.ts';

describe('numbers', () => {
  it('spaces UK numbers and shows a range as first to last', () => {
    expect(spacedNumber('02079460103')).toBe('020 7946 0103');
    expect(spacedNumber('01632960500')).toBe('01632 960500');
    expect(spacedNumber('+441632960500')).toBe('+441632960500');
    expect(transferNumbers({ range_start: '01632960500', range_end: '01632960509', isRange: true, confirmed_transfer_date: null, cloa_status: 'SIGNED' })).toBe(
      '01632 960500 to 01632 960509',
    );
    expect(transferNumbers({ range_start: '01632960500', range_end: '01632960500', isRange: false, confirmed_transfer_date: null, cloa_status: 'SIGNED' })).toBe(
      '01632 960500',
    );
  });
});
