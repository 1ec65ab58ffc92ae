import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { activityToCsv } from './activity-csv.ts';
import {
  activityQuery,
  bucketLabel,
  changeText,
  figureValue,
  reportFiltersFrom,
  reportQuery,
  reportSearch,
} from './report-logic.ts';

describe('the report filters in the address', () => {
  it('reads and writes them, keeping tab=call-trends and leaving defaults out', () => {
    const filters = reportFiltersFrom(
      new URLSearchParams('tab=call-trends&range=custom&range_start=2025-01-01&range_end=2025-01-31&page=3'),
    );
    expect(filters).toEqual({ range: 'custom', range_start: '2025-01-01', range_end: '2025-01-31', page: 3 });
    expect(reportSearch(filters).toString()).toBe(
      'tab=call-trends&range=custom&range_start=2025-01-01&range_end=2025-01-31&page=3',
    );
    expect(reportQuery(filters)).toEqual({ range: 'custom', range_start: '2025-01-01', range_end: '2025-01-31' });
    expect(activityQuery(filters)).toEqual({
      range: 'custom',
      range_start: '2025-01-01',
      range_end: '2025-01-31',
      page: '3',
    });
    const junk = reportFiltersFrom(new URLSearchParams('range=forever&page=-2'));
    expect(junk).toEqual({ range: '30d', range_start: '', range_end: '', page: 1 });
    expect(reportSearch(junk).toString()).toBe('tab=call-trends');
    expect(reportQuery({ ...junk, range: '7d', range_start: '2025-01-01' })).toEqual({ range: '7d' });
  });
});

describe('the summary card change', () => {
  it('says up, down, no change or nothing to compare in words', () => {
    expect(changeText({ total: 15, previous: 10, previous_period_percentage: 50 }, 30)).toEqual({
      text: 'Up 50% on the previous 30 days',
      tone: 'up',
    });
    expect(changeText({ total: 5, previous: 10, previous_period_percentage: -50 }, 7)).toEqual({
      text: 'Down 50% on the previous 7 days',
      tone: 'down',
    });
    expect(changeText({ total: 3, previous: 3, previous_period_percentage: 0 }, 1).text).toBe(
      'No change on the previous day',
    );
    expect(changeText({ total: 3, previous: 0, previous_period_percentage: null }, 1).text).toBe(
      'None in the previous day to compare',
    );
    expect(changeText({ total: 0, previous: 0, previous_period_percentage: null }, 30).text).toBe(
      'None, as in the previous 30 days',
    );
  });

  it('shows call_minutes (minutes with their fraction) as the spec writes durations, and counts as numbers', () => {
    expect(figureValue(8.5, 'minutes')).toBe('08:30 Min');
    // 7 seconds as minutes is a fraction with no exact binary form; it still reads as 7 seconds.
    expect(figureValue(7 / 60, 'minutes')).toBe('07 Sec');
    expect(figureValue(3723 / 60, 'minutes')).toBe('01:02:03 Hr');
    expect(figureValue(1234, 'count')).toBe('1,234');
  });

  it('labels buckets by hour, day, week and month', () => {
    expect(bucketLabel('09', 'hour')).toBe('09:00');
    expect(bucketLabel('2025-03-03', 'day')).toBe('3 Mar');
    expect(bucketLabel('2025-03-03', 'week')).toBe('w/c 3 Mar');
    expect(bucketLabel('2025-03-01', 'month')).toBe('Mar 2025');
  });
});

describe('the call activity CSV', () => {
  it('writes UK dates and times, the call type and the matched user; a formula-like name stays text', () => {
    const csv = activityToCsv([
      {
        id: 1,
        status: 'outbound_call',
        caller: '201',
        called: '01632960101',
        start_time: '2024-06-10T08:15:00.000Z',
        duration: 125,
        user: { id: 3, name: '=Sam, "Jo"', extension: '201' },
      },
      {
        id: 2,
        status: 'missed',
        caller: '07700900123',
        called: '200',
        start_time: '2025-01-10T23:59:00.000Z',
        duration: 0,
        user: null,
      },
    ]);
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows).toEqual([
      ['Date', 'Time', 'Call type', 'Caller', 'Called', 'Duration (seconds)', 'User', 'Extension'],
      ['10/06/2024', '09:15:00', 'Outbound', '201', '01632960101', '125', `'=Sam, "Jo"`, '201'],
      ['10/01/2025', '23:59:00', 'Missed', '07700900123', '200', '0', '', ''],
    ]);
  });
});
