import Papa from 'papaparse';

import type { CallActivityEntry } from '@portal/contract';

/** The call activity CSV's columns, in order. */
export const ACTIVITY_CSV_COLUMNS = [
  'Date',
  'Time',
  'Call type',
  'Caller',
  'Called',
  'Duration (seconds)',
  'User',
  'Extension',
] as const;

export const CALL_TYPE_LABELS = { outbound_call: 'Outbound', answered: 'Answered', missed: 'Missed' } as const;

/** Made once, on the first row: a formatter per row cost more than the row (an export holds thousands). */
let ukFormat: Intl.DateTimeFormat | undefined;

const ukParts = (iso: string) => {
  ukFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = ukFormat.formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('day')}/${part('month')}/${part('year')}`,
    time: `${part('hour')}:${part('minute')}:${part('second')}`,
  };
};

/**
 * The call activity as CSV, with papaparse as the contacts export (RFC 4180 quoting; a cell that
 * starts like a formula gets a leading ' so a spreadsheet shows it as text). Dates and times are
 * UK time, as the page shows them.
 */
export function activityToCsv(calls: readonly CallActivityEntry[]): string {
  const rows = calls.map((call) => {
    const { date, time } = ukParts(call.start_time);
    return [
      date,
      time,
      CALL_TYPE_LABELS[call.status],
      call.caller,
      call.called,
      String(call.duration),
      call.user?.name ?? '',
      call.user?.extension ?? '',
    ];
  });
  return Papa.unparse({ fields: [...ACTIVITY_CSV_COLUMNS], data: rows }, { escapeFormulae: true, newline: '\r\n' });
}
