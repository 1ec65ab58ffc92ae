import { afterEach, describe, expect, it, vi } from 'vitest';

import { DECODE_SAMPLE_RATE, decodeAudio, openLevelMeter, readFile } from './web-audio.ts';

// jsdom has no Web Audio: these fakes record how the thin wrappers use it.
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('decodeAudio', () => {
  it('decodes at 16 kHz, from a copy of the bytes, into channels and a duration', async () => {
    const made: { rate: number; given: ArrayBuffer }[] = [];
    vi.stubGlobal(
      'OfflineAudioContext',
      class {
        constructor(
          _channels: number,
          _length: number,
          private readonly rate: number,
        ) {}
        decodeAudioData(given: ArrayBuffer) {
          made.push({ rate: this.rate, given });
          const left = new Float32Array(this.rate * 2);
          const right = new Float32Array(this.rate * 2);
          return Promise.resolve({
            numberOfChannels: 2,
            sampleRate: this.rate,
            length: left.length,
            getChannelData: (i: number) => (i === 0 ? left : right),
          });
        }
      },
    );
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    const audio = await decodeAudio(bytes);
    expect(made[0]!.rate).toBe(DECODE_SAMPLE_RATE);
    expect(made[0]!.given).not.toBe(bytes); // decodeAudioData detaches what it is given
    expect(bytes.byteLength).toBe(3);
    expect(audio.sampleRate).toBe(DECODE_SAMPLE_RATE);
    expect(audio.channels).toHaveLength(2);
    expect(audio.duration).toBe(2);
  });

  it('rejects when the browser cannot decode', async () => {
    vi.stubGlobal(
      'OfflineAudioContext',
      class {
        decodeAudioData() {
          return Promise.reject(new DOMException('Unable to decode audio data', 'EncodingError'));
        }
      },
    );
    await expect(decodeAudio(new ArrayBuffer(8))).rejects.toMatchObject({ name: 'EncodingError' });
  });

  it('rejects in a browser without Web Audio', async () => {
    vi.stubGlobal('OfflineAudioContext', undefined);
    await expect(decodeAudio(new ArrayBuffer(8))).rejects.toThrow();
  });
});

describe('openLevelMeter', () => {
  it('reads the analyser as a 0-100 level and lets the stream go on close', () => {
    const calls: string[] = [];
    let block = 0.1; // -20 dBFS, a level of 67
    vi.stubGlobal(
      'AudioContext',
      class {
        state = 'suspended';
        createMediaStreamSource() {
          return { connect: () => calls.push('connect'), disconnect: () => calls.push('disconnect') };
        }
        createAnalyser() {
          return { fftSize: 0, getFloatTimeDomainData: (into: Float32Array) => into.fill(block) };
        }
        resume() {
          calls.push('resume');
          return Promise.resolve();
        }
        close() {
          calls.push('close');
          return Promise.resolve();
        }
      },
    );
    const meter = openLevelMeter({} as MediaStream);
    expect(meter.read()).toBe(67);
    block = 0;
    expect(meter.read()).toBe(0);
    meter.close();
    expect(calls).toEqual(['connect', 'resume', 'disconnect', 'close']);
  });
});

describe('readFile', () => {
  it('answers the bytes and ends its progress at 1', async () => {
    const progress: number[] = [];
    const bytes = await readFile(new Blob([new Uint8Array([5, 6, 7])]), (fraction) => progress.push(fraction));
    expect(Array.from(new Uint8Array(bytes))).toEqual([5, 6, 7]);
    expect(progress.at(-1)).toBe(1);
  });

  it('stops with an AbortError when aborted', async () => {
    const controller = new AbortController();
    const reading = readFile(new Blob([new Uint8Array(1024)]), () => undefined, controller.signal);
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });
});
