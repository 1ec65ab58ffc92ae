import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AUDIO_PLAY_ERROR, useAudioPlayback } from './use-audio-playback.ts';

/** jsdom has no media playback: a stand-in Audio that records what is played and paused. */
class FakeAudio extends EventTarget {
  static all: FakeAudio[] = [];
  paused = true;
  constructor(readonly src: string) {
    super();
    FakeAudio.all.push(this);
  }
  play() {
    this.paused = false;
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
}

let urls: string[];
beforeEach(() => {
  FakeAudio.all = [];
  urls = [];
  vi.stubGlobal('Audio', FakeAudio);
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:${++next}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void urls.push(url));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const blob = () => Promise.resolve(new Blob(['RIFF'], { type: 'audio/wav' }));

describe('useAudioPlayback', () => {
  it('plays one file at a time: a second file stops and releases the first', async () => {
    const { result } = renderHook(() => useAudioPlayback(blob));
    act(() => result.current.toggle('a.wav'));
    await waitFor(() => expect(result.current).toMatchObject({ current: 'a.wav', loading: false }));
    act(() => result.current.toggle('b.wav'));
    await waitFor(() => expect(result.current).toMatchObject({ current: 'b.wav', loading: false }));
    expect(FakeAudio.all.map((audio) => audio.paused)).toEqual([true, false]);
    expect(urls).toEqual(['blob:1']);
  });

  it('stops when the same file is pressed again, and when the file ends', async () => {
    const { result } = renderHook(() => useAudioPlayback(blob));
    act(() => result.current.toggle('a.wav'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.toggle('a.wav'));
    expect(result.current.current).toBeNull();
    expect(urls).toEqual(['blob:1']);

    act(() => result.current.toggle('a.wav'));
    await waitFor(() => expect(result.current).toMatchObject({ current: 'a.wav', loading: false }));
    act(() => void FakeAudio.all[1]!.dispatchEvent(new Event('ended')));
    expect(result.current.current).toBeNull();
    expect(urls).toEqual(['blob:1', 'blob:2']);
  });

  it('drops a slow download that an earlier press asked for', async () => {
    let finishSlow: (value: Blob) => void = () => {};
    const load = (key: string) =>
      key === 'slow.wav' ? new Promise<Blob>((resolve) => (finishSlow = resolve)) : blob();
    const { result } = renderHook(() => useAudioPlayback(load));
    act(() => result.current.toggle('slow.wav'));
    act(() => result.current.toggle('fast.wav'));
    await waitFor(() => expect(result.current).toMatchObject({ current: 'fast.wav', loading: false }));
    await act(async () => finishSlow(new Blob(['late'])));
    expect(FakeAudio.all).toHaveLength(1);
    expect(result.current.current).toBe('fast.wav');
  });

  it('says so when a file cannot be fetched, in the words given or its own', async () => {
    const failing = () => Promise.reject(new Error('404'));
    const plain = renderHook(() => useAudioPlayback(failing));
    act(() => plain.result.current.toggle('gone.wav'));
    await waitFor(() => expect(plain.result.current).toMatchObject({ current: null, error: AUDIO_PLAY_ERROR }));

    const worded = renderHook(() =>
      useAudioPlayback(failing, () => 'No audio file for voicemail greeting. Please upload one'),
    );
    act(() => worded.result.current.toggle('current'));
    await waitFor(() =>
      expect(worded.result.current.error).toBe('No audio file for voicemail greeting. Please upload one'),
    );
  });

  it('stops and releases the file when unmounted', async () => {
    const { result, unmount } = renderHook(() => useAudioPlayback(blob));
    act(() => result.current.toggle('a.wav'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    unmount();
    expect(FakeAudio.all[0]!.paused).toBe(true);
    expect(urls).toEqual(['blob:1']);
  });
});
