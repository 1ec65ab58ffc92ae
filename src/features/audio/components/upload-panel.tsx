import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';

import { audioMessages, formatBytes, MAX_UPLOAD_FILE_BYTES, UPLOAD_ACCEPT } from '@portal/contract';

import { isAbort } from '../logic/readable-error.ts';
import { fileProblem, UPLOAD_EXTENSIONS } from '../logic/rules.ts';
import type { NewTake } from '../logic/types.ts';
import { decodeAudio, readFile } from '../logic/web-audio.ts';
import { ProgressBar } from './progress-bar.tsx';

interface UploadPanelProps {
  onTake: (take: NewTake) => void;
  onBusyChange: (busy: boolean) => void;
}

const formats = UPLOAD_EXTENSIONS.map((extension) => extension.slice(1).toUpperCase()).join(', ');

/**
 * Upload: a file chosen with the file input (keyboard and screen reader users) or dropped
 * on the zone around it. The name, type and size are checked before a byte is read; then
 * it is read and decoded (with progress), and what does not decode is refused.
 */
export function UploadPanel({ onTake, onBusyChange }: UploadPanelProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const reading = useRef<AbortController | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ label: string; value: number } | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => onBusyChange(progress !== null), [progress, onBusyChange]);
  useEffect(() => () => reading.current?.abort(), []);

  const take = async (file: File) => {
    setError(null);
    const problem = fileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
    try {
      setProgress({ label: 'Reading the file', value: 0 });
      // Reading is most of the wait on a slow disk; decoding gets the last tenth of the bar.
      const bytes = await readFile(
        file,
        (fraction) => setProgress({ label: 'Reading the file', value: fraction * 0.9 }),
        controller.signal,
      );
      setProgress({ label: 'Checking the audio', value: 0.9 });
      const audio = await decodeAudio(bytes);
      if (controller.signal.aborted) return;
      if ((audio.channels[0]?.length ?? 0) === 0) {
        setError(audioMessages.empty);
        return;
      }
      onTake({ blob: file, audio, subKind: 'upload', label: file.name });
    } catch (caught) {
      if (!isAbort(caught)) setError(audioMessages.undecodable);
    } finally {
      if (reading.current === controller) {
        reading.current = null;
        setProgress(null);
      }
      // The same file may be chosen again (after fixing it, or to start over).
      if (input.current) input.current.value = '';
    }
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void take(file);
  };

  return (
    <Stack gap="4">
      <Box
        onDragOver={(event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? 'brand.solid' : error ? 'border.error' : 'gray.400'}
        bg={dragging ? 'brand.subtle' : 'transparent'}
        rounded="md"
        p={{ base: '4', md: '5' }}
        textAlign="center"
      >
        <Text mb="3" color="fg.muted" aria-hidden="true">
          Drag an audio file here, or
        </Text>
        <chakra.label htmlFor={inputId} display="block" fontWeight="semibold" mb="2">
          Choose a file
        </chakra.label>
        <chakra.input
          ref={input}
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void take(file);
          }}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          maxW="full"
          fontSize="sm"
          css={{
            '&::file-selector-button': {
              marginInlineEnd: '3',
              paddingInline: '3',
              paddingBlock: '2',
              borderRadius: 'md',
              border: '2px solid',
              borderColor: 'gray.700',
              background: 'bg',
              fontWeight: 'semibold',
              cursor: 'pointer',
            },
          }}
          focusVisibleRing="outside"
        />
        <Text id={hintId} mt="3" fontSize="sm" color="fg.muted">
          {formats}, up to {formatBytes(MAX_UPLOAD_FILE_BYTES)}.
        </Text>
      </Box>
      {progress && <ProgressBar label={progress.label} value={progress.value} />}
      {error && (
        <Text id={errorId} role="alert" color="fg.error" fontWeight="semibold">
          {error}
        </Text>
      )}
    </Stack>
  );
}
