import { formatDateTime } from '../../../lib/format.ts';

/** When a call started, as the page shows it: its date and its time in the UK (the portal's date-and-time rule). */
export const whenOf = (iso: string) => formatDateTime(iso);
