import { formatDate } from '../../../lib/format.ts';

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });

/** When a call started, as the page shows it: its date and its time in the UK. */
export const whenOf = (iso: string) => `${formatDate(iso)} ${timeFormat.format(new Date(iso))}`;
