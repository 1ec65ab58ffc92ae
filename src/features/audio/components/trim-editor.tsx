import { Box, Button, chakra, Flex, Heading, Spinner, Text, useRecipe } from '@chakra-ui/react';
import { useId, useRef, useState, type RefObject } from 'react';

import { MIN_AUDIO_MS, type AudioKind } from '@portal/contract';

import { useWaveform } from '../hooks/use-waveform.ts';
import type { KeptRange } from '../logic/convert.ts';
import { audioLimits, formatLength, keptLengthProblem } from '../logic/rules.ts';
import type { Take } from '../logic/types.ts';

interface TrimEditorProps {
  take: Take;
  kind: AudioKind;
  kept: KeptRange;
  onKeptChange: (kept: KeptRange) => void;
  /** The End input, for the dialog to focus when Save finds the kept part too short or long. */
  endInputRef?: RefObject<HTMLInputElement | null>;
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/**
 * "Listen and trim": the waveform with the kept part as a draggable, resizable region,
 * Play/Pause for the kept part, and Start and End inputs in seconds for keyboard users and
 * precise cuts, all kept in step. Shows how long the kept part is and what is wrong with it.
 */
export function TrimEditor({ take, kind, kept, onKeptChange, endInputRef }: TrimEditorProps) {
  const headingId = useId();
  const problemId = useId();
  const waveform = useRef<HTMLDivElement>(null);
  const { maxSeconds } = audioLimits(kind);
  const duration = take.audio.duration;
  const { status, playing, togglePlay } = useWaveform(waveform, take, kept, onKeptChange, {
    minLength: MIN_AUDIO_MS / 1000,
    maxLength: maxSeconds,
  });
  const keptSeconds = kept.end - kept.start;
  const problem = keptLengthProblem(keptSeconds, kind);

  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderColor="gray.300"
      rounded="md"
      p={{ base: '3', md: '4' }}
    >
      <Heading as="h3" id={headingId} size="md" mb="1">
        Listen and trim
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="3" overflowWrap="anywhere">
        {take.label}, {formatLength(duration)}. Drag the shaded part or its edges to choose what to keep.
      </Text>

      <Box position="relative" minH="96px" bg="gray.50" rounded="sm" mb="3">
        <Box
          ref={waveform}
          role="img"
          aria-label="Waveform of the audio. The shaded part is what will be saved."
          css={{
            // wavesurfer draws in a shadow root; its parts are styled from here. Wider handles for fingers.
            '& ::part(region-handle)': { width: '12px', borderColor: '#0a4147', borderWidth: '3px' },
            '& ::part(region)': { borderBlock: '1px solid rgba(10, 65, 71, 0.35)' },
          }}
        />
        {status === 'loading' && (
          <Flex
            role="status"
            position="absolute"
            inset="0"
            align="center"
            justify="center"
            gap="2"
            color="fg.muted"
            fontSize="sm"
          >
            <Spinner size="sm" color="brand.solid" />
            Drawing the waveform…
          </Flex>
        )}
        {status === 'failed' && (
          <Flex
            position="absolute"
            inset="0"
            align="center"
            justify="center"
            p="3"
            textAlign="center"
            color="fg.muted"
            fontSize="sm"
          >
            The waveform could not be shown. You can still set the start and end below.
          </Flex>
        )}
      </Box>

      <Flex gap="3" align="center" wrap="wrap" mb="3">
        <Button
          type="button"
          variant="outline"
          colorPalette="brand"
          onClick={togglePlay}
          disabled={status !== 'ready'}
          minW="6rem"
        >
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Text fontSize="sm">
          Keeping {formatLength(keptSeconds)} of {formatLength(duration)}.
        </Text>
      </Flex>
      <Flex gap="3">
        <SecondsInput
          label="Start (seconds)"
          value={kept.start}
          valid={(seconds) => seconds >= 0 && seconds < kept.end}
          onCommit={(start) => onKeptChange({ start, end: kept.end })}
          max={duration}
          describedBy={problem ? problemId : undefined}
        />
        <SecondsInput
          label="End (seconds)"
          value={kept.end}
          valid={(seconds) => seconds > kept.start && seconds <= round(duration) + 0.005}
          onCommit={(end) => onKeptChange({ start: kept.start, end: Math.min(end, duration) })}
          max={duration}
          describedBy={problem ? problemId : undefined}
          inputRef={endInputRef}
        />
      </Flex>
      <Text
        id={problemId}
        aria-live="polite"
        color="fg.error"
        fontWeight="semibold"
        fontSize="sm"
        mt={problem ? '1' : '0'}
      >
        {problem}
      </Text>
    </Box>
  );
}

interface SecondsInputProps {
  label: string;
  value: number;
  max: number;
  /** Whether a typed value may be used; others stay in the box, marked invalid, until corrected. */
  valid: (seconds: number) => boolean;
  onCommit: (seconds: number) => void;
  describedBy?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * A number input in seconds that follows `value` (the region moving) without fighting the
 * person typing: what they type is used as soon as it is a valid time, and tidied on blur.
 */
function SecondsInput({ label, value, max, valid, onCommit, describedBy, inputRef }: SecondsInputProps) {
  const id = useId();
  const inputStyles = useRecipe({ key: 'input' })({ size: 'md', variant: 'outline' });
  const [text, setText] = useState(value.toFixed(2));
  // The value this box last showed or sent: a different one came from the region.
  const [shown, setShown] = useState(value);
  if (Math.abs(value - shown) >= 0.005) {
    setShown(value);
    setText(value.toFixed(2));
  }
  const parsed = Number.parseFloat(text);
  const invalid = text.trim() === '' || !Number.isFinite(parsed) || !valid(round(parsed));

  return (
    <Box flex="1" minW="0">
      <chakra.label htmlFor={id} display="block" fontWeight="semibold" fontSize="sm" mb="1">
        {label}
      </chakra.label>
      <chakra.input
        ref={inputRef}
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={round(max)}
        step={0.1}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const seconds = round(Number.parseFloat(next));
          if (next.trim() !== '' && Number.isFinite(seconds) && valid(seconds)) {
            setShown(seconds);
            onCommit(seconds);
          }
        }}
        onBlur={() => setText(value.toFixed(2))}
        css={[inputStyles, { bg: 'bg', borderWidth: '2px', borderColor: invalid ? 'border.error' : 'gray.700' }]}
      />
    </Box>
  );
}
