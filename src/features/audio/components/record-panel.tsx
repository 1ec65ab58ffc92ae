import { Box, Button, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

import { audioMessages, formatSeconds } from '@portal/contract';

import { formatElapsed } from '../../../lib/format.ts';
import { startRecording, type Recording } from '../logic/recorder.ts';
import { microphoneProblem } from '../logic/rules.ts';
import type { NewTake } from '../logic/types.ts';
import { decodeAudio, openLevelMeter, readFile, type LevelMeter as Meter } from '../logic/web-audio.ts';
import { LevelMeter } from './level-meter.tsx';

interface RecordPanelProps {
  /** Leaving the tab stops a recording (and keeps it). */
  active: boolean;
  maxSeconds: number;
  /** A recording has begun: the previous take is replaced. */
  onStart: () => void;
  onTake: (take: NewTake) => void;
  onBusyChange: (busy: boolean) => void;
}

type Phase = 'idle' | 'starting' | 'recording' | 'finishing';

interface Session {
  stream: MediaStream;
  recording: Recording;
  meter: Meter;
  startedAt: number;
  timers: number[];
}

const unreadable = 'Your recording could not be read. Please record again.';

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/**
 * Record: asks for the microphone, records (RecordRTC, mono WAV) with a live level meter
 * and the time so far, and stops on Stop or at the kind's limit. The microphone is
 * released as soon as the recording stops, the tab is left or the dialog closes.
 */
export function RecordPanel({ active, maxSeconds, onStart, onTake, onBusyChange }: RecordPanelProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [recorded, setRecorded] = useState(false);
  const [stoppedAtLimit, setStoppedAtLimit] = useState(false);
  const [readLevel, setReadLevel] = useState<(() => number) | null>(null);
  const session = useRef<Session | null>(null);
  const mounted = useRef(true);

  const release = (current: Session) => {
    for (const timer of current.timers) window.clearInterval(timer);
    current.meter.close();
    stopTracks(current.stream);
  };

  const stop = async (atLimit = false) => {
    const current = session.current;
    if (!current) return;
    session.current = null;
    setReadLevel(null);
    setPhase('finishing');
    setStoppedAtLimit(atLimit);
    let blob: Blob;
    try {
      blob = await current.recording.stop();
    } catch {
      release(current);
      if (mounted.current) {
        setError(unreadable);
        setPhase('idle');
      }
      return;
    }
    release(current);
    try {
      const audio = await decodeAudio(await readFile(blob, () => undefined));
      if (!mounted.current) return;
      onTake({ blob, audio, subKind: 'recording', label: 'Your recording' });
      setRecorded(true);
    } catch {
      if (mounted.current) setError(unreadable);
    }
    if (mounted.current) setPhase('idle');
  };

  const start = async () => {
    setError(null);
    setStoppedAtLimit(false);
    setPhase('starting');
    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new TypeError('No microphone access in this browser');
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (caught) {
      if (mounted.current) {
        setError(microphoneProblem(caught));
        setPhase('idle');
      }
      return;
    }
    if (!mounted.current) {
      stopTracks(stream);
      return;
    }
    let recording: Recording;
    let meter: Meter;
    try {
      recording = await startRecording(stream);
      meter = openLevelMeter(stream);
    } catch {
      stopTracks(stream);
      if (mounted.current) {
        setError(audioMessages.microphoneFailed);
        setPhase('idle');
      }
      return;
    }
    const startedAt = performance.now();
    const current: Session = { stream, recording, meter, startedAt, timers: [] };
    session.current = current;
    if (!mounted.current) {
      recording.cancel();
      release(current);
      return;
    }
    current.timers.push(
      window.setInterval(() => {
        const seconds = (performance.now() - startedAt) / 1000;
        setElapsed(Math.min(seconds, maxSeconds));
        if (seconds >= maxSeconds) void stop(true);
      }, 100),
    );
    // A microphone unplugged mid-recording ends its track: keep what was recorded.
    for (const track of stream.getAudioTracks()) track.addEventListener('ended', () => void stop());
    setElapsed(0);
    setReadLevel(() => meter.read);
    onStart();
    setPhase('recording');
  };

  // Closing the dialog mid-recording throws the recording away and frees the microphone.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const current = session.current;
      session.current = null;
      if (current) {
        current.recording.cancel();
        release(current);
      }
    };
  }, []);

  useEffect(() => {
    if (!active && session.current) void stop();
  });

  const busy = phase !== 'idle';
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const recording = phase === 'recording';
  return (
    <Stack gap="4">
      <Text>
        Record your message with your computer's or phone's microphone. Speak clearly, close to the microphone.
      </Text>
      <Flex gap="3" align="center" wrap="wrap">
        <Button
          type="button"
          colorPalette="brand"
          variant={recording ? 'solid' : 'outline'}
          onClick={() => void (recording ? stop() : start())}
          disabled={phase === 'starting' || phase === 'finishing'}
          loading={phase === 'starting' || phase === 'finishing'}
          loadingText={phase === 'starting' ? 'Starting' : 'Finishing'}
        >
          {recording ? 'Stop recording' : recorded ? 'Record again' : 'Start recording'}
        </Button>
        {recording && (
          <Text role="timer" aria-label="Recording time" fontVariantNumeric="tabular-nums">
            <Box as="span" display="inline-block" w="2" h="2" rounded="full" bg="red.600" me="2" aria-hidden="true" />
            {formatElapsed(elapsed)} of {formatElapsed(maxSeconds)}
          </Text>
        )}
      </Flex>
      {phase === 'starting' && (
        <Flex role="status" gap="2" align="center" color="fg.muted" fontSize="sm">
          <Spinner size="sm" color="brand.solid" />
          Waiting for the microphone. Your browser may ask you to allow it.
        </Flex>
      )}
      {recording && readLevel && (
        <Box>
          <Text fontSize="sm" mb="1" aria-hidden="true">
            Microphone level
          </Text>
          <LevelMeter read={readLevel} />
          <Text role="status" fontSize="sm" color="fg.muted" mt="2">
            Recording. It stops by itself after {formatSeconds(maxSeconds)}.
          </Text>
        </Box>
      )}
      {stoppedAtLimit && phase === 'idle' && !error && (
        <Text role="status" fontSize="sm">
          The recording stopped at the {formatSeconds(maxSeconds)} limit.
        </Text>
      )}
      {error && (
        <Text role="alert" color="fg.error" fontWeight="semibold">
          {error}
        </Text>
      )}
    </Stack>
  );
}
