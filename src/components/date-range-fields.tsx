/**
 * The date filter of the call history and the call reports ("the same date filter as recordings"):
 * today, the last 7 or 30 days, or a custom range whose end is optional (a single date is one day).
 */
import { Box, chakra } from '@chakra-ui/react';

import { CALL_DATE_RANGES, type CallDateRange } from '@portal/contract';

import { Select } from './form/select-field.tsx';
import { TextField } from './text-field.tsx';

const RANGE_LABELS: Record<CallDateRange, string> = {
  '24h': 'Today (24h)',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  custom: 'Custom range',
};

interface DateRangeFieldsProps {
  /** Prefix of the fields' ids (`{idPrefix}-range`, `-start`, `-end`). */
  idPrefix: string;
  range: CallDateRange;
  /** YYYY-MM-DD, or '' */
  start: string;
  end: string;
  onRange: (range: CallDateRange) => void;
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
        <Select
          id={`${idPrefix}-range`}
          value={range}
          onChange={(event) => onRange(event.target.value as CallDateRange)}
          w="auto"
        >
          {CALL_DATE_RANGES.map((value) => (
            <option key={value} value={value}>
              {RANGE_LABELS[value]}
            </option>
          ))}
        </Select>
      </Box>
      {range === 'custom' && (
        <>
          <Box>
            <TextField
              id={`${idPrefix}-start`}
              label="From"
              type="date"
              value={start}
              onChange={(event) => onStart(event.target.value)}
              required
            />
          </Box>
          <Box>
            <TextField
              id={`${idPrefix}-end`}
              label="To (optional)"
              type="date"
              value={end}
              onChange={(event) => onEnd(event.target.value)}
            />
          </Box>
        </>
      )}
    </>
  );
}
