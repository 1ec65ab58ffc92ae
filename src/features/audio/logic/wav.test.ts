import { describe, expect, it } from 'vitest';

import { AUDIO_FORMAT, audioMessages, MAX_STORED_AUDIO_BYTES } from '@portal/contract';

import { decodeWav, encodeWav, readWavHeader, storedWavProblem, toInt16, WAV_HEADER_BYTES, WavError } from './wav.ts';

const ascii = (bytes: ArrayBuffer, offset: number, length: number) =>
  String.fromCharCode(...new Uint8Array(bytes, offset, length));

describe('encodeWav', () => {
  it('writes the 44-byte header of 8 kHz 16-bit mono PCM', () => {
    const bytes = encodeWav([new Float32Array(800)], 8000);
    const view = new DataView(bytes);
    expect(bytes.byteLength).toBe(WAV_HEADER_BYTES + 1600);
    expect(ascii(bytes, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(bytes.byteLength - 8);
    expect(ascii(bytes, 8, 4)).toBe('WAVE');
    expect(ascii(bytes, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint32(28, true)).toBe(16000); // byte rate
    expect(view.getUint16(32, true)).toBe(2); // block align
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(bytes, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(1600);
  });

  it('defaults to the stored rate and interleaves several channels', () => {
    const left = Float32Array.from([0.5, -0.5]);
    const right = Float32Array.from([-1, 1]);
    const bytes = encodeWav([left, right]);
    const view = new DataView(bytes);
    expect(view.getUint32(24, true)).toBe(AUDIO_FORMAT.sampleRate);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint16(32, true)).toBe(4);
    expect([0, 1, 2, 3].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      toInt16(0.5),
      -32768,
      toInt16(-0.5),
      32767,
    ]);
  });

  it('clips and rounds samples to 16 bits', () => {
    expect(toInt16(2)).toBe(32767);
    expect(toInt16(-2)).toBe(-32768);
    expect(toInt16(0)).toBe(0);
    expect(toInt16(Number.NaN)).toBe(0);
    expect(toInt16(0.5)).toBe(16384);
  });

  it('refuses no channels at all', () => {
    expect(() => encodeWav([])).toThrow();
  });
});

describe('decodeWav', () => {
  it('reads back what encodeWav wrote, within two 16-bit steps', () => {
    const samples = Float32Array.from({ length: 100 }, (_, i) => Math.sin(i / 5) * 0.8);
    const decoded = decodeWav(encodeWav([samples], 16000));
    expect(decoded.sampleRate).toBe(16000);
    expect(decoded.channels).toHaveLength(1);
    decoded.channels[0]!.forEach((value, i) => expect(Math.abs(value - samples[i]!)).toBeLessThan(2 / 32768));
  });

  it('skips chunks it does not know (LIST) and their padding', () => {
    const plain = new Uint8Array(encodeWav([Float32Array.from([0.25, -0.25])], 8000));
    const list = new Uint8Array([...'LIST'].map((c) => c.charCodeAt(0)).concat([3, 0, 0, 0, 1, 2, 3, 0]));
    const joined = new Uint8Array(plain.length + list.length);
    joined.set(plain.subarray(0, 36));
    joined.set(list, 36);
    joined.set(plain.subarray(36), 36 + list.length);
    const decoded = decodeWav(joined.buffer);
    expect(Array.from(decoded.channels[0]!)).toEqual([toInt16(0.25) / 32768, toInt16(-0.25) / 32768]);
  });

  it('says what is wrong with a file it cannot read', () => {
    const reason = (bytes: ArrayBuffer) => {
      try {
        decodeWav(bytes);
      } catch (error) {
        return error instanceof WavError ? error.reason : 'other';
      }
      return 'ok';
    };
    expect(reason(new TextEncoder().encode('hello, this is not audio at all').buffer)).toBe('not-wav');
    const float = encodeWav([new Float32Array(4)]);
    new DataView(float).setUint16(34, 32, true);
    expect(reason(float)).toBe('unsupported');
    expect(reason(encodeWav([new Float32Array(100)]).slice(0, 100))).toBe('truncated');
    expect(reason(encodeWav([new Float32Array(100)]).slice(0, 30))).toBe('truncated');
  });

  it('reads the header alone', () => {
    expect(readWavHeader(encodeWav([new Float32Array(10)], 8000))).toEqual({
      format: 1,
      channels: 1,
      sampleRate: 8000,
      bitsPerSample: 16,
      dataOffset: 44,
      dataBytes: 20,
    });
  });
});

describe('storedWavProblem', () => {
  it('accepts what the dialog saves and refuses what the server would', () => {
    expect(storedWavProblem(encodeWav([new Float32Array(8000)], 8000))).toBeNull();
    expect(storedWavProblem(encodeWav([new Float32Array(8000)], 16000))).toBe(audioMessages.wrongFormat);
    expect(storedWavProblem(encodeWav([new Float32Array(8), new Float32Array(8)], 8000))).toBe(
      audioMessages.wrongFormat,
    );
    expect(storedWavProblem(new TextEncoder().encode('not a wav').buffer)).toBe(audioMessages.wrongFormat);
    expect(storedWavProblem(encodeWav([new Float32Array(8000)], 8000).slice(0, 1000))).toBe(audioMessages.truncated);
    const tooLong = new Float32Array((MAX_STORED_AUDIO_BYTES - 44) / 2 + 1);
    expect(storedWavProblem(encodeWav([tooLong], 8000))).toBe(audioMessages.storedTooLarge);
  });
});
