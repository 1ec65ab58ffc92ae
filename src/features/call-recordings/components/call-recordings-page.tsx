import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';

import type { CallRecording } from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import * as paths from '../../../config/paths.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { saveFile } from '../../../lib/save-file.ts';
import {
  deleteRecordings,
  downloadRecordings,
  recordingAudio,
  recordingsKey,
  restoreRecordings,
  useAdminPassword,
  useCallRecordings,
} from '../api/call-recordings-api.ts';
import { createRecordingsController, type RecordingsPorts } from '../logic/recordings-controller.ts';
import { filtersFrom, filtersSearch, listQuery, type RecordingFilters } from '../logic/recordings-logic.ts';
import { FiltersForm } from './filters-form.tsx';
import { PasswordPrompt } from './password-prompt.tsx';
import { RecordingAddOnWizard } from './recording-add-on-wizard.tsx';
import { RecordingsResults } from './recordings-results.tsx';
import { SetPasswordDialog } from './set-password-dialog.tsx';
import { TestCallsSection } from './test-calls-section.tsx';
import { TranscriptDialog } from './transcript-dialog.tsx';

/** The dialog open over the page (the admin password prompt is the controller's). */
type OpenDialog =
  | { kind: 'transcript'; recording: CallRecording; startTime: string }
  | { kind: 'set-password' }
  | { kind: 'add-recording' }
  | null;

/**
 * Call history and recordings (/call-recordings/{id}, and its recently-deleted view): the calls
 * with recordings, filtered by date, number, duration and a transcript keyword; play one on its
 * waveform, download one or a zip of the selected ones, delete and restore, read a transcript;
 * the admin password is asked for before listening or downloading when set
 * (logic/recordings-controller.ts). Below them, the phone's test calls, marked as such.
 */
export function CallRecordingsPage({ productId, deleted }: { productId: number; deleted: boolean }) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const list = useCallRecordings(productId, listQuery(filters, deleted));
  const admin = useAdminPassword(productId);
  const queryClient = useQueryClient();
  const ports = (): RecordingsPorts => ({
    recordingAudio: (calllogId, uuid, password) => recordingAudio(productId, calllogId, uuid, password),
    downloadRecordings: (uuids, password, onProgress) => downloadRecordings(productId, uuids, password, onProgress),
    deleteRecordings: (uuids) => deleteRecordings(productId, uuids),
    restoreRecordings: (uuids) => restoreRecordings(productId, uuids),
    recordingsChanged: () => queryClient.invalidateQueries({ queryKey: recordingsKey(productId) }),
    saveFile,
    succeeded: (title) => toaster.create({ type: 'success', title }),
    failed: (title, error) => toaster.create({ type: 'error', title, description: userErrorText(error) }),
  });
  const [controller] = useState(() => createRecordingsController(ports()));
  useEffect(() => {
    controller.setPorts(ports());
  });
  const prompt = useStore(controller.state, (s) => s.prompt);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  const apply = (next: RecordingFilters) => {
    controller.clearSelection();
    setParams(filtersSearch(next));
  };
  const search = filtersSearch(filters).toString();
  const otherView = deleted
    ? paths.callRecordings.build({ id: productId })
    : paths.callRecordingsRecentlyDeleted.build({ id: productId });

  return (
    <Box>
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap" mb="4">
        <Box>
          <Heading as="h1" size="2xl">
            {deleted ? 'Recently deleted recordings' : 'Call history and recordings'}
          </Heading>
          <Text color="fg.muted" mt="1">
            {deleted
              ? 'Deleted recordings can be restored for 30 days; after that they are removed for good.'
              : 'Calls with recordings on this phone. Listen, download, read transcripts or delete.'}
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap">
          <Button asChild variant="outline">
            <RouterLink to={`${otherView}${search ? `?${search}` : ''}`}>
              {deleted ? 'Back to call history' : 'Recently deleted'}
            </RouterLink>
          </Button>
          {!deleted && (
            <Button variant="outline" onClick={() => setDialog({ kind: 'add-recording' })}>
              Add call recording
            </Button>
          )}
          {!deleted && (
            <Button variant="outline" onClick={() => setDialog({ kind: 'set-password' })} disabled={!admin.data}>
              {admin.data?.password_is_set ? 'Change admin password' : 'Set admin password'}
            </Button>
          )}
        </Flex>
      </Flex>

      <FiltersForm key={params.toString()} filters={filters} onApply={apply} />

      {list.isPending ? (
        <Loading label="Loading calls" />
      ) : list.isError ? (
        <LoadError
          title="The calls could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <RecordingsResults
          page={list.data}
          fetching={list.isFetching}
          deleted={deleted}
          filters={filters}
          controller={controller}
          onApply={apply}
          onTranscript={(recording, startTime) => setDialog({ kind: 'transcript', recording, startTime })}
        />
      )}
      {!deleted && <TestCallsSection productId={productId} />}

      {dialog?.kind === 'transcript' && (
        <TranscriptDialog
          productId={productId}
          recording={dialog.recording}
          startTime={dialog.startTime}
          keyword={filters.keyword}
          onClose={close}
        />
      )}
      {prompt && (
        <PasswordPrompt
          wrong={prompt.wrong}
          onClose={controller.closePrompt}
          onSubmit={(typed) => void controller.submitPassword(typed)}
        />
      )}
      {dialog?.kind === 'add-recording' && <RecordingAddOnWizard productId={productId} onClose={close} />}
      {dialog?.kind === 'set-password' && admin.data && (
        <SetPasswordDialog productId={productId} isSet={admin.data.password_is_set} onClose={close} />
      )}
    </Box>
  );
}
