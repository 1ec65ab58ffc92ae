/**
 * The date filter of the call history and the call reports (issue 20: "the same date filter as recordings"):
 * today, the last 7 or 30 days, or a custom range whose end is optional (a single date is one day).
 */
import { Box, chakra } from '@chakra-ui/react';
import { TextField } from './text-field.tsx';

/** A native select as the portal's filter forms draw it. */
export const filterSelectStyle = { borderWidth: '2px', borderColor: 'gray.700', rounded: 'md', px: '3', py: '2', bg: 'bg', h: '12' } as const;

export type DateRangeChoice = '24h' | '7d' | '30d' | 'custom';

interface DateRangeFieldsProps {
  /** Prefix of the fields' ids (`{idPrefix}-range`, `-start`, `-end`). */
  idPrefix: string;
  range: DateRangeChoice;
  /** YYYY-MM-DD, or '' */
  start: string;
  end: string;
  onRange: (range: DateRangeChoice) => void;
  onStart: (date: string) => void;
  onEnd: (date: string) => void;
}

/** The date fields of a filter form: the range, and the custom range's From and To (optional). */
export function DateRangeFields({ idPrefix, range, start, end, onRange, onStart, onEnd }: DateRangeFieldsProps) {
  return (
    <>
      <Box>
        <chakra.label htmlFor={`${idPrefix}-range`} display="block" fontWeight="medium" mb="1">
          Date
        </chakra.label>
        <chakra.select id={`${idPrefix}-range`} value={range} onChange={(event) => onRange(event.target.value as DateRangeChoice)} {...filterSelectStyle}>
          <option value="24h">Today (24h)</option>
          <option value="7d">Last 7 days</option>
          <option value="30d">Last 30 days</option>
          <option value="custom">Custom range</option>
        </chakra.select>
      </Box>
      {range === 'custom' && (
        <>
          <Box>
            <TextField id={`${idPrefix}-start`} label="From" type="date" value={start} onChange={(event) => onStart(event.target.value)} required />
          </Box>
          <Box>
            <TextField id={`${idPrefix}-end`} label="To (optional)" type="date" value={end} onChange={(event) => onEnd(event.target.value)} />
          </Box>
        </>
      )}
    </>
  );
}
