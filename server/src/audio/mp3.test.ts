import { describe, expect, it } from 'vitest';

import { decodeMp3 } from '../test/mp3.ts';
import { MP3_BITRATE, wavToMp3 } from './mp3.ts';
import { encodeWav, melodySamples, WAV_SAMPLE_RATE } from './wav.ts';

describe('recordings as MP3', () => {
  it('encodes a stored WAV to an MP3 a decoder reads back at its length and sound', async () => {
    const seconds = 12;
    const wav = encodeWav(melodySamples([{ hz: 440, ms: seconds * 1000 }]));
    const mp3 = await wavToMp3(wav);
    const decoded = await decodeMp3(mp3);
    expect(decoded.errors).toEqual([]);
    expect(decoded.sampleRate).toBe(WAV_SAMPLE_RATE);
    // Mono: the first frame header's channel mode (the decoder answers two channels whatever the file holds).
    const sync = mp3.findIndex((byte, i) => byte === 0xff && ((mp3[i + 1] ?? 0) & 0xe0) === 0xe0);
    expect(mp3[sync + 3]! >> 6).toBe(3);
    // LAME adds its encoder delay and pads the last frame: under one 576-sample granule pair either way.
    expect(Math.abs(decoded.samplesDecoded / WAV_SAMPLE_RATE - seconds)).toBeLessThan(0.25);
    // Not silence: the tone is there (a 0.3 amplitude sine has an RMS of about 0.21).
    const middle = decoded.samples.subarray(WAV_SAMPLE_RATE, WAV_SAMPLE_RATE * 2);
    const rms = Math.sqrt(middle.reduce((sum, x) => sum + x * x, 0) / middle.length);
    expect(rms).toBeGreaterThan(0.15);
    // About the bitrate's size: 16 kbps is 2 KB a second, an eighth of the WAV.
    expect(mp3.length).toBeLessThan((MP3_BITRATE * 1000 * (seconds + 1)) / 8);
    expect(mp3.length).toBeLessThan(wav.length / 6);
  });

  it('encodes recordings asked for at once one after the other, each whole', async () => {
    const lengths = [3, 5, 1];
    const mp3s = await Promise.all(lengths.map((s) => wavToMp3(encodeWav(melodySamples([{ hz: 300, ms: s * 1000 }])))));
    const decoded = await Promise.all(mp3s.map(decodeMp3));
    expect(decoded.map((d) => Math.round(d.samplesDecoded / WAV_SAMPLE_RATE))).toEqual(lengths);
  });

  it('refuses bytes that are no stored recording', async () => {
    await expect(wavToMp3(Buffer.from('not audio at all, not even a header'))).rejects.toThrow(
      'not a stored recording',
    );
  });
});
