import { describe, expect, it } from 'vitest';

import { formatCallDuration, resolveCallDates, ukDate, ukMidnight } from './call-log.ts';
import { isIsoDate } from './dates.ts';

describe('resolveCallDates (spec 001 section 9: date filter)', () => {
  const today = '2025-03-10';
  it('24h is today; 7d today and the 6 days before; 30d, the default, today and the 29 before', () => {
    expect(resolveCallDates({ range: '24h' }, today)).toEqual({ from: today, to: today });
    expect(resolveCallDates({ range: '7d' }, today)).toEqual({ from: '2025-03-04', to: today });
    expect(resolveCallDates({ range: '30d' }, today)).toEqual({ from: '2025-02-09', to: today });
    expect(resolveCallDates({}, today)).toEqual({ from: '2025-02-09', to: today });
  });
  it('a custom range is inclusive; a single date is that one day', () => {
    expect(resolveCallDates({ range: 'custom', start_date: '2025-01-01', end_date: '2025-01-31' }, today)).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(resolveCallDates({ start_date: '2025-01-05' }, today)).toEqual({ from: '2025-01-05', to: '2025-01-05' });
  });
  it('refuses a custom range without a start, backwards, too long or with an impossible date', () => {
    expect(resolveCallDates({ range: 'custom' }, today)).toEqual({ error: 'Choose a start date for a custom range' });
    expect(resolveCallDates({ start_date: '2025-02-02', end_date: '2025-02-01' }, today)).toHaveProperty(
      'error',
      'The end date must not be before the start date',
    );
    expect(resolveCallDates({ start_date: '2020-01-01', end_date: '2025-01-01' }, today)).toHaveProperty('error');
    expect(resolveCallDates({ start_date: '2025-02-30' }, today)).toHaveProperty('error', 'Enter a date as YYYY-MM-DD');
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-2-01')).toBe(false);
  });
});

describe('UK days', () => {
  it('midnight is 00:00 GMT in winter and 23:00 UTC the evening before in summer', () => {
    expect(ukMidnight('2025-01-15').toISOString()).toBe('2025-01-15T00:00:00.000Z');
    expect(ukMidnight('2025-07-15').toISOString()).toBe('2025-07-14T23:00:00.000Z');
    expect(ukDate(new Date('2025-07-14T23:30:00Z'))).toBe('2025-07-15');
  });
});

describe('formatCallDuration (spec 001 section 9)', () => {
  it("answers 'ss Sec' under a minute, 'mm:ss Min' under an hour, else 'HH:mm:ss Hr'", () => {
    expect(formatCallDuration(0)).toBe('00 Sec');
    expect(formatCallDuration(7)).toBe('07 Sec');
    expect(formatCallDuration(59)).toBe('59 Sec');
    expect(formatCallDuration(60)).toBe('01:00 Min');
    expect(formatCallDuration(125)).toBe('02:05 Min');
    expect(formatCallDuration(3599)).toBe('59:59 Min');
    expect(formatCallDuration(3600)).toBe('01:00:00 Hr');
    expect(formatCallDuration(3725)).toBe('01:02:05 Hr');
  });
});
