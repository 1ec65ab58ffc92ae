import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';

import { cspNonce } from '../../../lib/csp-nonce.ts';

// Canvas colours (no CSS variables there), as the greeting editor's waveform.
const WAVE_COLOR = '#177d84';
const PROGRESS_COLOR = '#0a4147';

/**
 * A recording on a waveform (wavesurfer.js, loaded on first use), playing as soon as it is
 * drawn, with a pause/play button; a click on the wave seeks. The greeting editor's waveform
 * (features/audio) edits a region of a take and is not exported, so this is the plain player.
 */
export function WaveformPlayer({ blob, label }: { blob: Blob; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const instance = useRef<WaveSurfer | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let wavesurfer: WaveSurfer | null = null;
    const url = URL.createObjectURL(blob);
    void (async () => {
      try {
        const { default: WaveSurferClass } = await import('wavesurfer.js');
        if (disposed) return;
        wavesurfer = WaveSurferClass.create({
          container: element,
          height: 64,
          waveColor: WAVE_COLOR,
          progressColor: PROGRESS_COLOR,
          cursorWidth: 2,
          normalize: true,
          dragToSeek: true,
          cspNonce: cspNonce(),
        });
        wavesurfer.on('play', () => setPlaying(true));
        wavesurfer.on('pause', () => setPlaying(false));
        wavesurfer.on('finish', () => setPlaying(false));
        await wavesurfer.load(url);
        if (disposed) return;
        instance.current = wavesurfer;
        setStatus('ready');
        void wavesurfer.play().catch(() => setPlaying(false));
      } catch {
        if (!disposed) setStatus('failed');
      }
    })();
    return () => {
      disposed = true;
      instance.current = null;
      wavesurfer?.destroy();
      URL.revokeObjectURL(url);
    };
  }, [blob]);

  return (
    <Box borderWidth="1px" rounded="md" p="3" mt="2" data-testid="recording-player">
      <Box ref={container} aria-hidden="true" minH="64px" />
      <Flex align="center" gap="3" mt="2">
        <Button
          size="sm"
          colorPalette="brand"
          disabled={status !== 'ready'}
          onClick={() => void instance.current?.playPause()}
          aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
        >
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Text role="status" color={status === 'failed' ? 'fg.error' : 'fg.muted'} fontSize="sm">
          {status === 'loading'
            ? 'Loading the recording…'
            : status === 'failed'
              ? 'The recording could not be played.'
              : playing
                ? 'Playing'
                : 'Paused'}
        </Text>
      </Flex>
    </Box>
  );
}
