import {
  CALL_DATE_RANGES,
  CALL_DURATION_FILTERS,
  type CallDateRange,
  type CallDurationFilter,
  type CallRecordingsQuery,
} from '@portal/contract';

/** The list's filters as the page keeps them in its address (so a reload or a shared link shows the same list). */
export interface RecordingFilters {
  range: CallDateRange;
  start_date: string;
  end_date: string;
  number: string;
  duration: CallDurationFilter | '';
  keyword: string;
  page: number;
}

/** The filters in the address, each one checked; anything unknown falls back to its default. */
export function filtersFrom(params: URLSearchParams): RecordingFilters {
  const range = params.get('range');
  const duration = params.get('duration');
  const page = Number(params.get('page'));
  return {
    range: (CALL_DATE_RANGES as readonly string[]).includes(range ?? '') ? (range as CallDateRange) : '30d',
    start_date: params.get('start_date') ?? '',
    end_date: params.get('end_date') ?? '',
    number: params.get('number') ?? '',
    duration: duration && duration in CALL_DURATION_FILTERS ? (duration as CallDurationFilter) : '',
    keyword: params.get('keyword') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The filters as the address's search (defaults left out). */
export function filtersSearch(filters: RecordingFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.range !== '30d') params.set('range', filters.range);
  if (filters.range === 'custom') {
    if (filters.start_date) params.set('start_date', filters.start_date);
    if (filters.end_date) params.set('end_date', filters.end_date);
  }
  if (filters.number.trim()) params.set('number', filters.number.trim());
  if (filters.duration) params.set('duration', filters.duration);
  if (filters.keyword.trim()) params.set('keyword', filters.keyword.trim());
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The filters as the list request's query. */
export function listQuery(filters: RecordingFilters, deleted: boolean): CallRecordingsQuery {
  return Object.fromEntries([
    ...filtersSearch(filters).entries(),
    ...(deleted ? [['deleted', 'true']] : []),
  ]) as CallRecordingsQuery;
}

/** Select all toggles: when every one is selected it clears them all, else it selects every one. */
export function toggleAll(selected: ReadonlySet<string>, all: readonly string[]): Set<string> {
  const everyOne = all.length > 0 && all.every((uuid) => selected.has(uuid));
  return everyOne ? new Set() : new Set(all);
}

/**
 * A text cut at each match of the keyword (any case), the matches marked, for highlighting.
 * @example highlightParts('Boiler leak, boiler off', 'boiler') // [{text:'Boiler',match:true},{text:' leak, ',match:false},{text:'boiler',match:true},{text:' off',match:false}]
 */
export function highlightParts(text: string, keyword: string): Array<{ text: string; match: boolean }> {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const parts: Array<{ text: string; match: boolean }> = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (let found = lower.indexOf(needle); found !== -1; found = lower.indexOf(needle, found + needle.length)) {
    if (found > at) parts.push({ text: text.slice(at, found), match: false });
    parts.push({ text: text.slice(found, found + needle.length), match: true });
    at = found + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/** Bytes as a person reads them while a download runs. */
export function progressText(received: number, total: number | null): string {
  const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return total
    ? `${Math.round((received / total) * 100)}% (${mb(received)} of ${mb(total)})`
    : `${mb(received)} received`;
}
