import { useCallback, useEffect, useRef, useState } from 'react';

export interface AudioPlayback {
  /** The file playing or loading, if any. */
  current: string | null;
  loading: boolean;
  error: string | null;
  /** Plays a file (stopping any other); playing the same one again stops it. */
  toggle: (key: string) => void;
  stop: () => void;
}

export const AUDIO_PLAY_ERROR = 'The audio file could not be played. Please try again.';

/**
 * Plays audio files one at a time, each fetched as a Blob by `load` (with the page's auth),
 * played from an object URL and released after; stops when unmounted. Every "Play" of the
 * portal (call-flow selects and steps, phone setup) goes through it. `errorText` words a
 * failure; AUDIO_PLAY_ERROR otherwise.
 */
export function useAudioPlayback(
  load: (key: string) => Promise<Blob>,
  errorText?: (error: unknown) => string,
): AudioPlayback {
  const [state, setState] = useState<{ current: string | null; loading: boolean; error: string | null }>({
    current: null,
    loading: false,
    error: null,
  });
  const audio = useRef<{ element: HTMLAudioElement; url: string } | null>(null);
  // Each play gets a number, so a slow download for an earlier click is dropped.
  const request = useRef(0);

  const release = useCallback(() => {
    if (audio.current) {
      audio.current.element.pause();
      URL.revokeObjectURL(audio.current.url);
      audio.current = null;
    }
  }, []);

  const stop = useCallback(() => {
    request.current++;
    release();
    setState({ current: null, loading: false, error: null });
  }, [release]);

  const play = useCallback(
    async (name: string) => {
      const id = ++request.current;
      release();
      setState({ current: name, loading: true, error: null });
      try {
        const blob = await load(name);
        if (id !== request.current) return;
        const url = URL.createObjectURL(blob);
        const element = new Audio(url);
        audio.current = { element, url };
        element.addEventListener('ended', () => {
          if (id === request.current) stop();
        });
        await element.play();
        if (id === request.current) setState({ current: name, loading: false, error: null });
      } catch (error) {
        if (id !== request.current) return;
        release();
        setState({ current: null, loading: false, error: errorText ? errorText(error) : AUDIO_PLAY_ERROR });
      }
    },
    [load, errorText, release, stop],
  );

  useEffect(
    () => () => {
      request.current++;
      release();
    },
    [release],
  );

  const toggle = useCallback(
    (name: string) => (state.current === name ? stop() : void play(name)),
    [state, stop, play],
  );
  return { ...state, toggle, stop };
}
