import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useStore } from 'zustand';

import { displayPhone, formatCallDuration, type CallRecording, type CallRecordingsPage } from '@portal/contract';

import { Checkbox } from '../../../components/checkbox.tsx';
import { formatDate } from '../../../lib/format.ts';
import { downloadFileName, type RecordingsController } from '../logic/recordings-controller.ts';
import type { RecordingFilters } from '../logic/recordings-logic.ts';
import { whenOf } from '../logic/when.ts';
import { WaveformPlayer } from './waveform-player.tsx';

const STATUS_LABELS = { outbound_call: 'Outbound', answered: 'Answered', missed: 'Missed' } as const;

interface RecordingsResultsProps {
  page: CallRecordingsPage;
  fetching: boolean;
  deleted: boolean;
  filters: RecordingFilters;
  controller: RecordingsController;
  onApply: (next: RecordingFilters) => void;
  onTranscript: (recording: CallRecording, startTime: string) => void;
}

/** The calls found, each with its recordings (select, listen, download, transcript), the actions on the selected ones and the pages. */
export function RecordingsResults({
  page,
  fetching,
  deleted,
  filters,
  controller,
  onApply,
  onTranscript,
}: RecordingsResultsProps) {
  const selected = useStore(controller.state, (s) => s.selected);
  const playing = useStore(controller.state, (s) => s.playing);
  const progress = useStore(controller.state, (s) => s.progress);
  const busy = useStore(controller.state, (s) => s.busy);
  const entries = page.results;
  const recordings = entries.flatMap((entry) => entry.recordings);
  const allUuids = recordings.map((recording) => recording.uuid);
  const chosen = allUuids.filter((uuid) => selected.has(uuid));
  const pages = Math.max(1, Math.ceil(page.count / page.page_size));

  return (
    <Box data-testid="recordings-results" aria-busy={fetching || undefined}>
      <Flex gap="3" align="center" wrap="wrap" mb="3">
        <Text fontWeight="medium" aria-live="polite">
          {page.count} call{page.count === 1 ? '' : 's'} from {formatDate(page.range_start)} to{' '}
          {formatDate(page.range_end)}
        </Text>
        {entries.length > 0 && (
          <Button size="sm" variant="outline" onClick={() => controller.toggleAll(allUuids)}>
            {allUuids.length > 0 && allUuids.every((uuid) => selected.has(uuid)) ? 'Clear all' : 'Select all'}
          </Button>
        )}
        {!deleted && (
          <Button
            size="sm"
            colorPalette="brand"
            disabled={chosen.length === 0 || busy}
            onClick={() => void controller.download(chosen, downloadFileName(chosen, recordings))}
          >
            Download selected ({chosen.length})
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          colorPalette={deleted ? 'brand' : 'red'}
          disabled={chosen.length === 0 || busy}
          onClick={() => void controller.change(deleted ? 'restore' : 'delete', chosen)}
        >
          {deleted ? 'Restore' : 'Delete'} selected ({chosen.length})
        </Button>
      </Flex>
      <Text role="status" color="fg.muted" fontSize="sm" minH="5" mb="2">
        {progress ?? ''}
      </Text>
      {entries.length === 0 ? (
        <Box borderWidth="1px" rounded="lg" p="6" textAlign="center">
          <Text fontWeight="medium">
            {deleted ? 'No recently deleted recordings in this period.' : 'No call recordings match these filters.'}
          </Text>
          <Text color="fg.muted">Try another date range or clear the keyword.</Text>
        </Box>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Calls with recordings">
          {entries.map((entry) => (
            <Box as="li" key={entry.calllog_id} borderWidth="1px" rounded="lg" p="4">
              <Flex justify="space-between" gap="3" wrap="wrap">
                <Box>
                  <Text fontWeight="semibold">{whenOf(entry.start_time)}</Text>
                  <Text color="fg.muted" fontSize="sm">
                    {STATUS_LABELS[entry.status]} · {displayPhone(entry.caller)} to {displayPhone(entry.called)}
                    {entry.user ? ` · ${entry.user.name} (ext. ${entry.user.extension})` : ''}
                  </Text>
                </Box>
                <Text fontVariantNumeric="tabular-nums">{formatCallDuration(entry.duration)}</Text>
              </Flex>
              {entry.recordings.map((recording) => {
                const label = `recording of ${whenOf(entry.start_time)}`;
                return (
                  <Box key={recording.uuid} mt="3">
                    <Flex gap="3" align="center" wrap="wrap">
                      <Checkbox
                        id={`select-${recording.uuid}`}
                        label={`Select the ${label}`}
                        checked={selected.has(recording.uuid)}
                        onChange={(on) => controller.toggle(recording.uuid, on)}
                      />
                      <Text fontSize="sm" color="fg.muted">
                        {formatCallDuration(recording.duration)}
                        {recording.purge_at ? ` · removed for good on ${formatDate(recording.purge_at)}` : ''}
                      </Text>
                      {!deleted && (
                        <Flex gap="2" wrap="wrap" ms={{ md: 'auto' }}>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Listen to the ${label}`}
                            onClick={() => void controller.play(entry.calllog_id, recording, `the ${label}`)}
                          >
                            Listen
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Download the ${label}`}
                            disabled={busy}
                            onClick={() =>
                              void controller.download([recording.uuid], downloadFileName([recording.uuid], recordings))
                            }
                          >
                            Download
                          </Button>
                          {recording.transcriptions.length > 0 && (
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={`Transcript of the ${label}`}
                              onClick={() => onTranscript(recording, entry.start_time)}
                            >
                              Transcript
                            </Button>
                          )}
                        </Flex>
                      )}
                    </Flex>
                    {playing?.uuid === recording.uuid && (
                      <WaveformPlayer key={recording.uuid} blob={playing.blob} label={playing.label} />
                    )}
                  </Box>
                );
              })}
            </Box>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Flex as="nav" aria-label="Pages" gap="3" align="center" justify="center" mt="5">
          <Button
            size="sm"
            variant="outline"
            disabled={filters.page <= 1}
            onClick={() => onApply({ ...filters, page: filters.page - 1 })}
          >
            Previous
          </Button>
          <Text>
            Page {filters.page} of {pages}
          </Text>
          <Button
            size="sm"
            variant="outline"
            disabled={filters.page >= pages}
            onClick={() => onApply({ ...filters, page: filters.page + 1 })}
          >
            Next
          </Button>
        </Flex>
      )}
    </Box>
  );
}
