import { describe, expect, it } from 'vitest';

import {
  checkTransferRange,
  nationalNumber,
  numberMessages,
  numberPageCount,
  numbersToShow,
  ratedNumberWords,
  transferDateProblem,
  userNumbersProblem,
  type NumberRating,
} from './numbers.ts';

describe('numberPageCount', () => {
  it('rounds up, so the 21st number of 21 has a page (the spec rounds, which would hide it)', () => {
    expect(numberPageCount(0)).toBe(1);
    expect(numberPageCount(20)).toBe(1);
    expect(numberPageCount(21)).toBe(2);
    expect(numberPageCount(41)).toBe(3);
  });
});

describe('numbersToShow', () => {
  const list = (rating: NumberRating, n: number) =>
    Array.from({ length: n }, (_, i) => ({ rating, id: `${rating}${i}` }));
  const all = [...list('GOLD', 6), ...list('SILVER', 5), ...list('FREE', 7)];
  it('shows up to 4 gold and 4 silver and all free unfiltered; 1 gold and 1 silver on small screens', () => {
    const wide = numbersToShow(all, { rating: null, small: false });
    expect(wide.filter((n) => n.rating === 'GOLD')).toHaveLength(4);
    expect(wide.filter((n) => n.rating === 'SILVER')).toHaveLength(4);
    expect(wide.filter((n) => n.rating === 'FREE')).toHaveLength(7);
    const small = numbersToShow(all, { rating: null, small: true });
    expect(small.map((n) => n.rating)).toEqual(['GOLD', 'SILVER', ...Array(7).fill('FREE')]);
  });
  it('shows every number of a chosen rating', () => {
    expect(numbersToShow(all, { rating: 'GOLD', small: true })).toHaveLength(6);
  });
});

describe('transfers', () => {
  it('reads UK numbers in their usual spellings', () => {
    expect(nationalNumber('+44 20 7946 0500')).toBe('02079460500');
    expect(nationalNumber('0044-1632-960500')).toBe('01632960500');
    expect(nationalNumber('0800 123 4567')).toBeNull();
  });
  it('applies the range rule: an end contained in the start is one number; last digits fill in', () => {
    expect(checkTransferRange('01632960500', null)).toEqual({ rangeStart: '01632960500', rangeEnd: null, count: 1 });
    expect(checkTransferRange('01632960500', '500')).toEqual({ rangeStart: '01632960500', rangeEnd: null, count: 1 });
    expect(checkTransferRange('01632960500', '09')).toEqual({
      rangeStart: '01632960500',
      rangeEnd: '01632960509',
      count: 10,
    });
    expect(checkTransferRange('01632960500', '01632960599')).toMatchObject({ count: 100 });
  });
  it('refuses a backwards range and one beyond its block', () => {
    expect(checkTransferRange('01632960550', '40')).toEqual({
      problem: numberMessages.transferRangeOrder,
      field: 'range_end',
    });
    expect(checkTransferRange('01632960590', '01632960610')).toEqual({
      problem: numberMessages.transferRangeBlock,
      field: 'range_end',
    });
    expect(checkTransferRange('123', null)).toEqual({ problem: numberMessages.transferStart, field: 'range_start' });
  });
  it('takes a date 7 to 90 days ahead', () => {
    const today = new Date('2025-03-03T09:00:00Z');
    expect(transferDateProblem('2025-03-09', today)).toBe(numberMessages.transferTooSoon);
    expect(transferDateProblem('2025-03-10', today)).toBeNull();
    expect(transferDateProblem('2025-06-01', today)).toBeNull();
    expect(transferDateProblem('2025-06-02', today)).toBe(numberMessages.transferTooLate);
    expect(transferDateProblem('2025-02-30', today)).toBe(numberMessages.transferDate);
  });
});

describe('userNumbersProblem', () => {
  it('disables a user with 3 numbers, with the reason', () => {
    expect(userNumbersProblem(2)).toBeNull();
    expect(userNumbersProblem(3)).toBe(numberMessages.userFull);
  });
});

describe('a rating in a sentence', () => {
  it('takes "an" before a vowel: an Included number, a Gold number', () => {
    expect(ratedNumberWords('FREE')).toBe('an Included number');
    expect(ratedNumberWords('GOLD')).toBe('a Gold number');
    expect(ratedNumberWords('SILVER')).toBe('a Silver number');
  });
});
