import { describe, expect, it } from 'vitest';

import { audioMessages, MAX_GREETING_SECONDS, MAX_HOLD_MUSIC_SECONDS, MAX_STORED_AUDIO_BYTES } from '@portal/contract';

import { checkAudio, readWav } from './check.ts';
import { encodeWav, wavHeader } from './wav.ts';

/** `ms` of a quiet 440 Hz tone at 8 kHz. */
function tone(ms: number, sampleRate = 8000): Int16Array {
  const samples = new Int16Array(Math.round((ms * sampleRate) / 1000));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate));
  return samples;
}

/** A chunk: four-letter id, size, body, and the pad byte an odd body needs. */
function chunk(id: string, body: Uint8Array): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'ascii');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, Buffer.from(body), Buffer.alloc(body.length % 2)]);
}

/** A RIFF/WAVE file of these chunks. */
function riff(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WAVE', 8, 'ascii');
  return Buffer.concat([header, body]);
}

/** A fmt chunk; the defaults are AUDIO_FORMAT. */
function fmt({ tag = 1, channels = 1, rate = 8000, bits = 16, size = 16 } = {}): Buffer {
  const body = Buffer.alloc(size);
  body.writeUInt16LE(tag, 0);
  body.writeUInt16LE(channels, 2);
  body.writeUInt32LE(rate, 4);
  body.writeUInt32LE((rate * channels * bits) / 8, 8);
  body.writeUInt16LE((channels * bits) / 8, 12);
  body.writeUInt16LE(bits, 14);
  return chunk('fmt ', body);
}

const pcm = (samples: Int16Array) => Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);

describe('readWav', () => {
  it('walks the chunks to fmt and data, in any order, skipping others', () => {
    const samples = pcm(tone(500));
    const info = chunk('LIST', Buffer.from('INFOISFT\u0005\u0000\u0000\u0000Lavf\u0000', 'latin1'));
    const reading = readWav(
      riff(
        chunk('JUNK', Buffer.alloc(27)),
        fmt({ size: 18 }),
        info,
        chunk('data', samples),
        chunk('id3 ', Buffer.alloc(10)),
      ),
    );
    expect(reading).toEqual({
      ok: true,
      wav: {
        formatTag: 1,
        channels: 1,
        sampleRate: 8000,
        byteRate: 16000,
        blockAlign: 2,
        bitsPerSample: 16,
        dataOffset: 12 + 36 + 26 + info.length + 8,
        dataBytes: samples.length,
      },
    });
  });

  it('says what is wrong with what is not a whole WAV', () => {
    const cases: Array<[string, Uint8Array, string]> = [
      ['nothing', new Uint8Array(0), 'empty'],
      ['text', Buffer.from('Hello, this is a text file, not audio.\n'), 'notAudio'],
      [
        'an MP3 with an ID3 tag',
        Buffer.concat([
          Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'),
          Buffer.from([0xff, 0xfb, 0x90, 0x64]),
          Buffer.alloc(400),
        ]),
        'notAudio',
      ],
      ['a bare MP3 frame', Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]), 'notAudio'],
      ['RIFF but not WAVE', Buffer.from('RIFF\u0004\u0000\u0000\u0000AVI ', 'latin1'), 'notAudio'],
      ['big-endian RIFX', Buffer.from('RIFX\u0004\u0000\u0000\u0000WAVE', 'latin1'), 'wrongFormat'],
      ['a header cut short', Buffer.from('RIFF\u0004\u0000', 'latin1'), 'truncated'],
      ['no data chunk', riff(fmt()), 'empty'],
      ['data before fmt', riff(chunk('data', pcm(tone(300))), fmt()), 'notAudio'],
      ['a fmt chunk too small', riff(chunk('fmt ', Buffer.alloc(8)), chunk('data', pcm(tone(300)))), 'notAudio'],
      ['an empty data chunk', riff(fmt(), chunk('data', Buffer.alloc(0))), 'empty'],
      ['data cut short', riff(fmt(), chunk('data', pcm(tone(300)))).subarray(0, 2000), 'truncated'],
      ['a chunk header cut short', riff(fmt(), chunk('data', pcm(tone(300)))).subarray(0, 40), 'truncated'],
    ];
    for (const [label, bytes, problem] of cases) expect(readWav(bytes), label).toEqual({ ok: false, problem });
  });
});

describe('checkAudio', () => {
  it('accepts an AUDIO_FORMAT WAV and stores it with the plain 44-byte header', () => {
    const samples = pcm(tone(1500));
    const upload = riff(fmt({ size: 18 }), chunk('LIST', Buffer.from('INFOISFTxx', 'latin1')), chunk('data', samples));
    const checked = checkAudio(upload, 'greeting');
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.durationMs).toBe(1500);
    expect(checked.wav.equals(Buffer.concat([wavHeader(samples.length), samples]))).toBe(true);
    expect(checkAudio(encodeWav(tone(250)), 'menu')).toMatchObject({ ok: true, durationMs: 250 });
  });

  it('refuses other formats, broken files, and audio too short or too long, with the shared messages', () => {
    const cases: Array<[string, Uint8Array, string, string]> = [
      ['16 kHz', encodeWav(tone(1000, 16000), 16000), 'greeting', audioMessages.wrongFormat],
      ['stereo', riff(fmt({ channels: 2 }), chunk('data', pcm(tone(1000)))), 'greeting', audioMessages.wrongFormat],
      ['8-bit', riff(fmt({ bits: 8 }), chunk('data', Buffer.alloc(8000, 128))), 'greeting', audioMessages.wrongFormat],
      [
        '32-bit float',
        riff(fmt({ tag: 3, bits: 32 }), chunk('data', Buffer.alloc(32000))),
        'greeting',
        audioMessages.wrongFormat,
      ],
      [
        'mu-law',
        riff(fmt({ tag: 7, bits: 8 }), chunk('data', Buffer.alloc(8000))),
        'greeting',
        audioMessages.wrongFormat,
      ],
      ['text', Buffer.from('not audio'), 'greeting', audioMessages.notAudio],
      ['empty', new Uint8Array(0), 'greeting', audioMessages.empty],
      ['cut off', encodeWav(tone(1000)).subarray(0, 9000), 'greeting', audioMessages.truncated],
      ['half a sample', riff(fmt(), chunk('data', Buffer.alloc(4001))), 'greeting', audioMessages.truncated],
      ['too short', encodeWav(tone(249)), 'greeting', audioMessages.tooShort],
      [
        'a greeting too long',
        encodeWav(new Int16Array(8000 * MAX_GREETING_SECONDS + 8)),
        'voicemail_greeting',
        audioMessages.greetingTooLong,
      ],
      [
        'hold music too long',
        encodeWav(new Int16Array(8000 * MAX_HOLD_MUSIC_SECONDS + 8)),
        'hold_music',
        audioMessages.holdMusicTooLong,
      ],
    ];
    for (const [label, bytes, kind, message] of cases)
      expect(checkAudio(bytes, kind), label).toEqual({ ok: false, status: 400, message });
  });

  it('allows hold music longer than a greeting, and refuses files over the stored size', () => {
    const sixMinutes = encodeWav(new Int16Array(8000 * 6 * 60));
    expect(checkAudio(sixMinutes, 'greeting')).toMatchObject({ ok: false, message: audioMessages.greetingTooLong });
    expect(checkAudio(sixMinutes, 'hold_music')).toMatchObject({ ok: true, durationMs: 6 * 60 * 1000 });
    // The longest hold music, with metadata that pushes the file over the size.
    const padded = riff(
      fmt(),
      chunk('LIST', Buffer.alloc(100)),
      chunk('data', Buffer.alloc(MAX_STORED_AUDIO_BYTES - 44)),
    );
    expect(checkAudio(padded, 'hold_music')).toEqual({ ok: false, status: 413, message: audioMessages.storedTooLarge });
  });
});
