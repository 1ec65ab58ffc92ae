import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { dateMessages, EARLIEST_DATE, isCalendarDate, isIsoDate, isoDate, LATEST_DATE } from './dates.ts';

describe('dates in requests', () => {
  it('are days of the calendar, leap days included', () => {
    for (const day of ['2024-02-29', '2000-02-29', '2025-12-31', '1900-01-01', '0001-01-01', '9999-12-31'])
      expect(isCalendarDate(day), day).toBe(true);
    for (const day of [
      '2027-02-30',
      '2100-02-29',
      '1900-02-29',
      '2025-04-31',
      '2025-13-01',
      '2025-00-10',
      '2025-01-00',
      '2025-1-01',
      ' 2025-01-01',
      '2025-01-01T00:00',
      '+02025-01-01',
      '١٩٩٩-01-01',
    ])
      expect(isCalendarDate(day), day).toBe(false);
  });

  it('lie from EARLIEST_DATE to LATEST_DATE', () => {
    expect([EARLIEST_DATE, LATEST_DATE].every(isIsoDate)).toBe(true);
    for (const day of ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31'])
      expect(isIsoDate(day), day).toBe(false);
  });

  it('are refused with the endpoint message when no day, with the bounds when out of them, and documented as format date', () => {
    const schema = isoDate('Enter a date as YYYY-MM-DD');
    const messages = (text: unknown) => z.safeParse(schema, text).error?.issues.map((issue) => issue.message);
    expect(messages('2026-03-01')).toBeUndefined();
    expect(messages('2027-02-30')).toEqual(['Enter a date as YYYY-MM-DD']);
    expect(messages('tomorrow')).toEqual(['Enter a date as YYYY-MM-DD']);
    expect(messages(20260301)).toEqual(['Enter a date as YYYY-MM-DD']);
    expect(messages('9999-12-31')).toEqual([dateMessages.outOfRange]);
    expect(messages('0000-01-01')).toEqual([dateMessages.outOfRange]);
    expect(z.toJSONSchema(schema)).toMatchObject({ type: 'string', format: 'date' });
  });
});
