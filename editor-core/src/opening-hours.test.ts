import { describe, expect, it } from 'vitest';

import {
  checkOpeningHours,
  classifyHours,
  DAYS,
  isOpenAt,
  londonTime,
  openingHoursLabel,
  openingStatusAt,
  parseTime,
  presetHours,
  type OpeningHours,
} from './opening-hours.ts';

const custom = (days: OpeningHours['days']): OpeningHours => ({ preset: 'custom', days });

describe('opening hours', () => {
  it('has the spec presets', () => {
    expect(presetHours('nine_to_five').days.mon).toEqual([{ from: '09:00', to: '17:00' }]);
    expect(presetHours('nine_to_six').days.fri).toEqual([{ from: '09:00', to: '18:00' }]);
    expect(presetHours('twenty_four_hour', DAYS).days.sun).toEqual([{ from: '00:00', to: '23:59' }]);
    expect(presetHours('nine_to_five').days.sat).toBeUndefined();
  });

  it('reads HH:MM with hours 00-23 and minutes 00-59', () => {
    expect(parseTime('00:00')).toBe(0);
    expect(parseTime('23:59')).toBe(23 * 60 + 59);
    for (const bad of ['24:00', '12:60', '9:00', '09:5', '0900', '']) expect(parseTime(bad), bad).toBeNull();
    expect(checkOpeningHours(custom({ tue: [{ from: '9:00', to: '17:00' }] }))[0]).toMatchObject({
      code: 'invalid_time',
      day: 'tue',
      slot: 0,
    });
    expect(checkOpeningHours(custom({ tue: [{ from: '17:00', to: '09:00' }] }))[0]?.code).toBe('slot_order');
  });

  it('detects overlapping slots in a day, and breaks not strictly within an outer slot', () => {
    expect(
      checkOpeningHours(
        custom({
          mon: [
            { from: '09:00', to: '12:00' },
            { from: '12:00', to: '17:00' },
          ],
        }),
      ),
    ).toEqual([]);
    expect(
      checkOpeningHours(
        custom({
          mon: [
            { from: '09:00', to: '12:30' },
            { from: '12:00', to: '17:00' },
          ],
        }),
      ).map((p) => p.code),
    ).toEqual(['overlapping_slots']);
    expect(
      checkOpeningHours(
        custom({
          mon: [
            { from: '09:00', to: '17:00' },
            { from: '12:00', to: '13:00' },
          ],
        }),
      ),
    ).toEqual([]);
    expect(
      checkOpeningHours(
        custom({
          mon: [
            { from: '09:00', to: '17:00' },
            { from: '09:00', to: '13:00' },
          ],
        }),
      ).map((p) => p.code),
    ).toEqual(['break_not_within']);
    expect(
      checkOpeningHours(
        custom({
          mon: [
            { from: '09:00', to: '17:00' },
            { from: '12:00', to: '17:00' },
          ],
        }),
      ).map((p) => p.code),
    ).toEqual(['break_not_within']);
    expect(
      checkOpeningHours(
        custom({
          mon: [
            { from: '09:00', to: '17:00' },
            { from: '10:00', to: '15:00' },
            { from: '11:00', to: '12:00' },
          ],
        }),
      ).map((p) => p.code),
    ).toEqual(['nested_break']);
    expect(
      checkOpeningHours(
        custom({
          mon: [
            { from: '09:00', to: '17:00' },
            { from: '09:00', to: '17:00' },
          ],
        }),
      ).map((p) => p.code),
    ).toEqual(['break_not_within']);
  });

  it('is always open with 7 days of 24 hours and always closed with no days or slots', () => {
    expect(classifyHours(presetHours('twenty_four_hour', DAYS))).toBe('always_open');
    expect(classifyHours(presetHours('twenty_four_hour', ['mon', 'tue', 'wed', 'thu', 'fri', 'sat']))).toBe(
      'scheduled',
    );
    expect(classifyHours(custom({}))).toBe('always_closed');
    expect(classifyHours(custom({ mon: [] }))).toBe('always_closed');
    expect(classifyHours(presetHours('nine_to_five'))).toBe('scheduled');
    const always = presetHours('twenty_four_hour', DAYS);
    expect(isOpenAt(always, new Date('2025-03-30T01:30:00Z'))).toBe(true);
    expect(isOpenAt(always, new Date('2025-06-01T22:59:30Z'))).toBe(true);
    expect(isOpenAt(custom({}), new Date('2025-06-02T10:00:00Z'))).toBe(false);
  });

  it("labels Mon-Fri 'Mon-Fri', with ' with breaks' when any day has several slots", () => {
    expect(openingHoursLabel(presetHours('nine_to_five'))).toBe('Mon-Fri');
    const withBreak = presetHours('nine_to_five');
    withBreak.days.wed = [
      { from: '09:00', to: '17:00' },
      { from: '12:00', to: '13:00' },
    ];
    expect(openingHoursLabel(withBreak)).toBe('Mon-Fri with breaks');
    expect(openingHoursLabel(presetHours('nine_to_six', ['mon', 'wed', 'sat', 'sun']))).toBe('Mon, Wed, Sat-Sun');
    expect(openingHoursLabel(custom({}))).toBe('Closed');
  });

  it('reads instants in Europe/London across the daylight-saving changes', () => {
    expect(londonTime(new Date('2025-01-06T09:00:00Z'))).toEqual({ date: '2025-01-06', day: 'mon', minutes: 9 * 60 });
    expect(londonTime(new Date('2025-07-07T08:30:00Z'))).toEqual({
      date: '2025-07-07',
      day: 'mon',
      minutes: 9 * 60 + 30,
    });
    // Clocks go forward at 01:00 UTC on 30 March 2025 and back at 01:00 UTC on 26 October 2025.
    expect(londonTime(new Date('2025-03-30T00:59:00Z')).minutes).toBe(59);
    expect(londonTime(new Date('2025-03-30T01:00:00Z')).minutes).toBe(120);
    expect(londonTime(new Date('2025-10-26T00:30:00Z')).minutes).toBe(90);
    expect(londonTime(new Date('2025-10-26T01:30:00Z')).minutes).toBe(90);
    // Sunday 23:30 UTC in summer is already Monday in London.
    expect(londonTime(new Date('2025-07-06T23:30:00Z'))).toEqual({ date: '2025-07-07', day: 'mon', minutes: 30 });
  });

  it('answers open or closed at an instant, by London wall-clock time', () => {
    const hours = presetHours('nine_to_five');
    expect(isOpenAt(hours, new Date('2025-07-07T08:30:00Z'))).toBe(true); // 09:30 BST
    expect(isOpenAt(hours, new Date('2025-01-06T08:30:00Z'))).toBe(false); // 08:30 GMT
    expect(isOpenAt(hours, new Date('2025-07-07T15:59:00Z'))).toBe(true); // 16:59 BST
    expect(isOpenAt(hours, new Date('2025-07-07T16:00:00Z'))).toBe(false); // 17:00 BST
    expect(openingStatusAt(hours, new Date('2025-07-05T10:00:00Z'))).toEqual({ open: false, reason: 'closed_day' });
    const lunch = custom({
      mon: [
        { from: '09:00', to: '17:00' },
        { from: '12:00', to: '13:00' },
      ],
    });
    expect(openingStatusAt(lunch, new Date('2025-01-06T12:30:00Z'))).toEqual({ open: false, reason: 'break' });
    expect(isOpenAt(lunch, new Date('2025-01-06T13:00:00Z'))).toBe(true);
  });

  it('closes on every day of the holiday schedule, start_date..end_date inclusive', () => {
    const hours = presetHours('nine_to_five');
    const holidays = [{ start_date: '2025-12-24', end_date: '2025-12-26' }];
    expect(openingStatusAt(hours, new Date('2025-12-24T10:00:00Z'), holidays)).toEqual({
      open: false,
      reason: 'holiday',
    });
    expect(isOpenAt(hours, new Date('2025-12-26T10:00:00Z'), holidays)).toBe(false);
    expect(isOpenAt(hours, new Date('2025-12-23T10:00:00Z'), holidays)).toBe(true);
    // 23:30 UTC on 23 June is 00:30 on 24 June in London: a holiday starting 24 June already applies.
    expect(
      openingStatusAt(presetHours('twenty_four_hour', DAYS), new Date('2025-06-23T23:30:00Z'), [
        { start_date: '2025-06-24', end_date: '2025-06-24' },
      ]).reason,
    ).toBe('holiday');
  });
});
