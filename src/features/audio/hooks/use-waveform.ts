import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import type { Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';

import { cspNonce } from '../../../lib/csp-nonce.ts';
import type { KeptRange } from '../logic/convert.ts';
import { mixToMono, waveformPeaks } from '../logic/samples.ts';
import type { Take } from '../logic/types.ts';

/** Points in the waveform outline: plenty for a dialog's width, cheap to draw. */
const PEAK_BUCKETS = 2000;
// Canvas colours (no CSS variables there): brand 500 wave, brand 800 played part.
const WAVE_COLOR = '#177d84';
const PROGRESS_COLOR = '#0a4147';
const CURSOR_COLOR = '#051e22';
const REGION_COLOR = 'rgba(23, 125, 132, 0.18)';
/** Differences smaller than this (seconds) are rounding between the inputs and the region. */
const SAME = 0.001;

export type WaveformStatus = 'loading' | 'ready' | 'failed';

export interface WaveformOptions {
  /** Shortest and longest region the handles allow, in seconds. */
  minLength: number;
  maxLength: number;
}

/**
 * The take's waveform (wavesurfer.js, loaded on first use) with one region over the kept
 * part: dragging or resizing it calls onKeptChange, and a new `kept` (typed in the inputs)
 * moves it. Plays the kept part. wavesurfer draws from the outline of the audio the dialog
 * already decoded, so the file is not decoded a second time. Give each take its own
 * component (a key), so a new take starts with a fresh waveform.
 */
export function useWaveform(
  container: RefObject<HTMLElement | null>,
  take: Take,
  kept: KeptRange,
  onKeptChange: (kept: KeptRange) => void,
  { minLength, maxLength }: WaveformOptions,
) {
  const [status, setStatus] = useState<WaveformStatus>('loading');
  const [playing, setPlaying] = useState(false);
  const instance = useRef<{ wavesurfer: WaveSurfer; region: Region } | null>(null);
  // The latest values, for the listeners wavesurfer holds on to.
  const latest = useRef({ kept, onKeptChange });
  useEffect(() => {
    latest.current = { kept, onKeptChange };
  });

  const peaks = useMemo(() => waveformPeaks(mixToMono(take.audio.channels), PEAK_BUCKETS), [take.audio]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let wavesurfer: WaveSurfer | null = null;
    let url: string | null = null;

    void (async () => {
      try {
        const [{ default: WaveSurferClass }, { default: RegionsPlugin }] = await Promise.all([
          import('wavesurfer.js'),
          import('wavesurfer.js/dist/plugins/regions.esm.js'),
        ]);
        if (disposed) return;
        url = URL.createObjectURL(take.blob);
        const regions = RegionsPlugin.create();
        wavesurfer = WaveSurferClass.create({
          container: element,
          height: 96,
          waveColor: WAVE_COLOR,
          progressColor: PROGRESS_COLOR,
          cursorColor: CURSOR_COLOR,
          cursorWidth: 2,
          normalize: true,
          dragToSeek: true,
          plugins: [regions],
          // Its shadow-root <style> needs the page's CSP nonce (src/lib/csp-nonce.ts).
          cspNonce: cspNonce(),
        });
        wavesurfer.on('play', () => setPlaying(true));
        wavesurfer.on('pause', () => setPlaying(false));
        wavesurfer.on('finish', () => setPlaying(false));
        await wavesurfer.load(url, [peaks], take.audio.duration);
        if (disposed) return;
        const { start, end } = latest.current.kept;
        const region = regions.addRegion({
          start,
          end,
          color: REGION_COLOR,
          drag: true,
          resize: true,
          minLength,
          maxLength,
        });
        const report = (changed: Region) => latest.current.onKeptChange({ start: changed.start, end: changed.end });
        regions.on('region-update', report);
        regions.on('region-updated', report);
        instance.current = { wavesurfer, region };
        setStatus('ready');
      } catch {
        if (!disposed) setStatus('failed');
      }
    })();

    return () => {
      disposed = true;
      instance.current = null;
      wavesurfer?.destroy();
      if (url) URL.revokeObjectURL(url);
    };
  }, [container, take.blob, take.audio.duration, peaks, minLength, maxLength]);

  // Typed start and end move the region (and stop what is playing: it played the old part).
  useEffect(() => {
    const current = instance.current;
    if (!current) return;
    const { region, wavesurfer } = current;
    if (Math.abs(region.start - kept.start) < SAME && Math.abs(region.end - kept.end) < SAME) return;
    region.setOptions({ start: kept.start, end: kept.end });
    if (wavesurfer.isPlaying()) wavesurfer.pause();
  }, [kept.start, kept.end, status]);

  /** Plays the kept part (from where it was paused, if that is inside it), or pauses. */
  const togglePlay = () => {
    const current = instance.current;
    if (!current) return;
    const { wavesurfer } = current;
    if (wavesurfer.isPlaying()) {
      wavesurfer.pause();
      return;
    }
    const { start, end } = latest.current.kept;
    const at = wavesurfer.getCurrentTime();
    const from = at >= start && at < end - 0.05 ? at : start;
    void wavesurfer.play(from, end).catch(() => setPlaying(false));
  };

  return { status, playing, togglePlay };
}
