/** Opening hours (business hours) and the holiday schedule, and "is it open at this instant" in Europe/London. */

/** Days of the week, in the spec's names, Monday first. */
export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** A day of the week. */
export type Day = (typeof DAYS)[number];
/** Short labels of the days, as the opening-hours label shows them. */
export const DAY_LABELS: Readonly<Record<Day, string>> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};
/** Monday to Friday. */
export const WEEKDAYS: readonly Day[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

/** Opening-hour presets of the spec. */
export const OPENING_HOURS_PRESETS = ['nine_to_five', 'nine_to_six', 'twenty_four_hour', 'custom'] as const;
/** An opening-hours preset. */
export type OpeningHoursPreset = (typeof OPENING_HOURS_PRESETS)[number];

/** A slot of one day, from and to as HH:MM. */
export interface TimeSlot {
  from: string;
  to: string;
}

/** Opening hours: a preset and, per open day, its slots; a slot strictly inside another is a break. */
export interface OpeningHours {
  preset: OpeningHoursPreset;
  days: Partial<Record<Day, TimeSlot[]>>;
}

/** One period of the holiday schedule: every day from start_date to end_date (YYYY-MM-DD) inclusive. */
export interface HolidayPeriod {
  start_date: string;
  end_date: string;
}

/** The slot of each fixed preset (spec 001 section 9). */
export const PRESET_SLOTS: Readonly<Record<Exclude<OpeningHoursPreset, 'custom'>, TimeSlot>> = {
  nine_to_five: { from: '09:00', to: '17:00' },
  nine_to_six: { from: '09:00', to: '18:00' },
  twenty_four_hour: { from: '00:00', to: '23:59' },
};

const MINUTES_PER_DAY = 24 * 60;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Opening hours of a preset on the given days (Mon-Fri unless told), e.g. `presetHours('nine_to_five')`. */
export function presetHours(
  preset: Exclude<OpeningHoursPreset, 'custom'>,
  days: readonly Day[] = WEEKDAYS,
): OpeningHours {
  const slot = PRESET_SLOTS[preset];
  const result: OpeningHours = { preset, days: {} };
  for (const day of days) result.days[day] = [{ ...slot }];
  return result;
}

/** Minutes since midnight of an HH:MM time (hours 00-23, minutes 00-59), or null when malformed. */
export function parseTime(time: string): number | null {
  const match = TIME_PATTERN.exec(time);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** End of a slot in minutes; 23:59 means the end of the day, so 00:00-23:59 is 24 hours. */
function slotEnd(to: number): number {
  return to === MINUTES_PER_DAY - 1 ? MINUTES_PER_DAY : to;
}

/** Whether a string is a calendar date YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A problem with opening hours; `day` and `slot` point at the offending slot. */
export interface OpeningHoursProblem {
  code: 'invalid_time' | 'slot_order' | 'overlapping_slots' | 'break_not_within' | 'nested_break';
  message: string;
  day: Day;
  slot: number;
}

interface Interval {
  index: number;
  from: number;
  to: number;
}

/** The outer slots and breaks of one day, or the problems that stop them being read. */
function readDay(
  day: Day,
  slots: readonly TimeSlot[],
): { outers: Interval[]; breaks: Interval[]; problems: OpeningHoursProblem[] } {
  const problems: OpeningHoursProblem[] = [];
  const label = DAY_LABELS[day];
  const intervals: Interval[] = [];
  slots.forEach((slot, index) => {
    const from = parseTime(slot.from);
    const to = parseTime(slot.to);
    if (from === null || to === null) {
      problems.push({
        code: 'invalid_time',
        day,
        slot: index,
        message: `${label}: use HH:MM times, hours 00-23 and minutes 00-59`,
      });
    } else if (to <= from) {
      problems.push({
        code: 'slot_order',
        day,
        slot: index,
        message: `${label}: the closing time must be after the opening time`,
      });
    } else {
      intervals.push({ index, from, to: slotEnd(to) });
    }
  });
  const strictlyWithin = (a: Interval, b: Interval) => a.from > b.from && a.to < b.to;
  const outers = intervals.filter((a) => !intervals.some((b) => b !== a && strictlyWithin(a, b)));
  const breaks = intervals.filter((a) => !outers.includes(a));
  for (const br of breaks) {
    if (breaks.some((other) => other !== br && strictlyWithin(br, other))) {
      problems.push({
        code: 'nested_break',
        day,
        slot: br.index,
        message: `${label}: a break cannot lie within another break`,
      });
    }
  }
  // Any two slots that meet without one lying strictly inside the other overlap.
  for (let i = 0; i < intervals.length; i++) {
    for (let j = i + 1; j < intervals.length; j++) {
      const a = intervals[i] as Interval;
      const b = intervals[j] as Interval;
      const meet = a.from < b.to && b.from < a.to;
      if (!meet || strictlyWithin(a, b) || strictlyWithin(b, a)) continue;
      const contains = (a.from <= b.from && b.to <= a.to) || (b.from <= a.from && a.to <= b.to);
      problems.push(
        contains
          ? {
              code: 'break_not_within',
              day,
              slot: b.index,
              message: `${label}: a break must lie strictly within the opening hours`,
            }
          : { code: 'overlapping_slots', day, slot: b.index, message: `${label}: opening hours overlap` },
      );
    }
  }
  return { outers, breaks, problems };
}

/**
 * The minutes of a day (0-1440) the line is open, breaks taken out, in order: e.g. [{from: 540, to: 720}, {from:
 * 780, to: 1020}] for 09:00-17:00 with a 12:00-13:00 break. Slots that cannot be read are left out.
 */
export function openIntervals(hours: OpeningHours, day: Day): Array<{ from: number; to: number }> {
  const { outers, breaks } = readDay(day, hours.days[day] ?? []);
  const open: Array<{ from: number; to: number }> = [];
  for (const outer of [...outers].sort((a, b) => a.from - b.from)) {
    let from = outer.from;
    for (const pause of breaks.filter((b) => outer.from < b.from && b.to < outer.to).sort((a, b) => a.from - b.from)) {
      if (pause.from > from) open.push({ from, to: pause.from });
      from = Math.max(from, pause.to);
    }
    if (from < outer.to) open.push({ from, to: outer.to });
  }
  return open;
}

/** Problems of opening hours: malformed times, a slot ending before it starts, overlapping slots, a break not strictly within an outer slot. */
export function checkOpeningHours(hours: OpeningHours): OpeningHoursProblem[] {
  const problems: OpeningHoursProblem[] = [];
  for (const day of DAYS) problems.push(...readDay(day, hours.days[day] ?? []).problems);
  return problems;
}

/** 'always_open' with 7 days of 24 hours, 'always_closed' with no days or slots, else 'scheduled'. */
export function classifyHours(hours: OpeningHours): 'always_open' | 'always_closed' | 'scheduled' {
  const slotCount = DAYS.reduce((n, day) => n + (hours.days[day]?.length ?? 0), 0);
  if (slotCount === 0) return 'always_closed';
  const allDay = DAYS.every((day) => {
    const { outers, breaks, problems } = readDay(day, hours.days[day] ?? []);
    if (problems.length > 0 || breaks.length > 0) return false;
    const sorted = [...outers].sort((a, b) => a.from - b.from);
    let reach = 0;
    for (const slot of sorted) {
      if (slot.from > reach) return false;
      reach = Math.max(reach, slot.to);
    }
    return reach >= MINUTES_PER_DAY;
  });
  return allDay ? 'always_open' : 'scheduled';
}

/** The days part of a summary: "Mon-Fri", "Sat-Sun", "Mon, Wed", "Closed"; plus " with breaks" when any day has several slots. */
export function openingHoursLabel(hours: OpeningHours): string {
  const open = DAYS.map((day) => (hours.days[day]?.length ?? 0) > 0);
  const runs: string[] = [];
  for (let i = 0; i < DAYS.length; i++) {
    if (!open[i]) continue;
    let j = i;
    while (j + 1 < DAYS.length && open[j + 1]) j++;
    const first = DAY_LABELS[DAYS[i] as Day];
    runs.push(j === i ? first : `${first}-${DAY_LABELS[DAYS[j] as Day]}`);
    i = j;
  }
  if (runs.length === 0) return 'Closed';
  const withBreaks = DAYS.some((day) => (hours.days[day]?.length ?? 0) > 1);
  return runs.join(', ') + (withBreaks ? ' with breaks' : '');
}

/** Local date (YYYY-MM-DD), day and minutes of an instant in Europe/London. */
export interface LondonTime {
  date: string;
  day: Day;
  minutes: number;
}

let londonFormat: Intl.DateTimeFormat | undefined;
const WEEKDAY_TO_DAY: Readonly<Record<string, Day>> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
};

/** The wall-clock time of an instant in Europe/London, daylight saving included. */
export function londonTime(instant: Date): LondonTime {
  londonFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const part of londonFormat.formatToParts(instant)) parts[part.type] = part.value;
  const day = WEEKDAY_TO_DAY[parts.weekday ?? ''];
  if (!day) throw new Error(`Unexpected weekday from Intl: ${parts.weekday ?? ''}`);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    day,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Whether a London date (YYYY-MM-DD) falls in the holiday schedule, start_date..end_date inclusive. */
export function isHoliday(date: string, holidays: readonly HolidayPeriod[]): boolean {
  return holidays.some((period) => period.start_date <= date && date <= period.end_date);
}

/** Why the line is open or closed at an instant. */
export type OpeningReason = 'open' | 'holiday' | 'closed_day' | 'outside_hours' | 'break';

/** Whether opening hours are open at an instant in Europe/London, and why; a holiday closes the whole day. */
export function openingStatusAt(
  hours: OpeningHours,
  instant: Date,
  holidays: readonly HolidayPeriod[] = [],
): { open: boolean; reason: OpeningReason } {
  const local = londonTime(instant);
  if (isHoliday(local.date, holidays)) return { open: false, reason: 'holiday' };
  const slots = hours.days[local.day] ?? [];
  if (slots.length === 0) return { open: false, reason: 'closed_day' };
  const { outers, breaks } = readDay(local.day, slots);
  const inside = (slot: Interval) => slot.from <= local.minutes && local.minutes < slot.to;
  if (!outers.some(inside)) return { open: false, reason: 'outside_hours' };
  if (breaks.some(inside)) return { open: false, reason: 'break' };
  return { open: true, reason: 'open' };
}

/** Whether opening hours are open at an instant in Europe/London, e.g. `isOpenAt(presetHours('nine_to_five'), new Date())`. */
export function isOpenAt(hours: OpeningHours, instant: Date, holidays: readonly HolidayPeriod[] = []): boolean {
  return openingStatusAt(hours, instant, holidays).open;
}
