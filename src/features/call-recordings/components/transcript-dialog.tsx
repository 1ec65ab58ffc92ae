import { Button, chakra, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

import { formatCallDuration, transcriptFilename, type CallRecording, type TranscriptView } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { downloadTranscript, getTranscript } from '../api/call-recordings-api.ts';
import { highlightParts } from '../logic/recordings-logic.ts';
import { whenOf } from '../logic/when.ts';

function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {highlightParts(text, keyword).map((part, i) =>
        part.match ? (
          <chakra.mark key={i} bg="yellow.200" color="black" px="0.5" rounded="sm">
            {part.text}
          </chakra.mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** A recording's transcript, the filter's keyword marked in it, with its download. */
export function TranscriptDialog({
  productId,
  recording,
  startTime,
  keyword,
  onClose,
}: {
  productId: number;
  recording: CallRecording;
  startTime: string;
  keyword: string;
  onClose: () => void;
}) {
  const [state, setState] = useState<{ transcript?: TranscriptView; error?: unknown }>({});
  useEffect(() => {
    let current = true;
    getTranscript(productId, recording.uuid, startTime).then(
      (transcript) => current && setState({ transcript }),
      (error: unknown) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [productId, recording.uuid, startTime]);
  const download = async () => {
    try {
      saveFile(await downloadTranscript(productId, recording.uuid, startTime), transcriptFilename(new Date(startTime)));
    } catch (error) {
      toaster.create({
        type: 'error',
        title: 'The transcript could not be downloaded',
        description: userErrorText(error),
      });
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Transcript of ${whenOf(startTime)}`}
      width="44rem"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button colorPalette="brand" onClick={() => void download()} disabled={!state.transcript}>
            Download transcript
          </Button>
        </>
      }
    >
      {state.error !== undefined ? (
        <LoadError title="The transcript could not be loaded" error={state.error} />
      ) : !state.transcript ? (
        <Loading label="Loading the transcript" />
      ) : (
        <Stack gap="3">
          <Text color="fg.muted">
            Started {whenOf(state.transcript.calllog_start_time)} · Length{' '}
            {formatCallDuration(state.transcript.total_transcription_time)}
          </Text>
          <Stack as="ol" gap="2" listStyleType="none" data-testid="transcript-lines">
            {state.transcript.lines.map((line, i) => (
              <li key={i}>
                <Text>
                  <chakra.span fontWeight="semibold">{line.speaker}: </chakra.span>
                  <Highlighted text={line.text} keyword={keyword} />
                </Text>
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </Dialog>
  );
}
