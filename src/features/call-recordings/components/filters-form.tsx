import { Box, Button, chakra, Flex } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';

import { CALL_DURATION_FILTERS } from '@portal/contract';

import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { Select } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { RecordingFilters } from '../logic/recordings-logic.ts';

/** The list's filters: date range, number, duration and a keyword in the transcripts, applied together. */
export function FiltersForm({
  filters,
  onApply,
}: {
  filters: RecordingFilters;
  onApply: (next: RecordingFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const set = <K extends keyof RecordingFilters>(key: K, value: RecordingFilters[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, page: 1 });
  };
  return (
    <chakra.form onSubmit={submit} aria-label="Filter calls" borderWidth="1px" rounded="lg" p="4" mb="5">
      <Flex gap="4" wrap="wrap" align="flex-end">
        <DateRangeFields
          idPrefix="recordings"
          range={draft.range}
          start={draft.start_date}
          end={draft.end_date}
          onRange={(range) => set('range', range)}
          onStart={(date) => set('start_date', date)}
          onEnd={(date) => set('end_date', date)}
        />
        <Box>
          <TextField
            id="recordings-number"
            label="Number"
            inputMode="tel"
            value={draft.number}
            onChange={(event) => set('number', event.target.value)}
            maxW="14rem"
          />
        </Box>
        <Box>
          <chakra.label htmlFor="recordings-duration" display="block" fontWeight="medium" mb="1">
            Duration
          </chakra.label>
          <Select
            id="recordings-duration"
            value={draft.duration}
            onChange={(event) => set('duration', event.target.value as RecordingFilters['duration'])}
            w="auto"
          >
            <option value="">Any length</option>
            {Object.entries(CALL_DURATION_FILTERS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Box>
        <Box>
          <TextField
            id="recordings-keyword"
            label="Keyword in transcripts"
            type="search"
            value={draft.keyword}
            onChange={(event) => set('keyword', event.target.value)}
            maxW="16rem"
          />
        </Box>
        <Button type="submit" colorPalette="brand" h="12">
          Apply filters
        </Button>
      </Flex>
    </chakra.form>
  );
}
