import { resample } from './logic/resample.ts';
import { decodeWav, encodeWav } from './logic/wav.ts';

/**
 * Test support (never imported by the app). jsdom has no Web Audio: this stands in for the
 * browser's OfflineAudioContext. Decoding understands WAV (with our own decoder) and
 * refuses anything else, as a browser refuses a file that is not audio.
 * @example vi.stubGlobal('OfflineAudioContext', FakeOfflineAudioContext)
 */
export class FakeOfflineAudioContext {
  constructor(
    readonly numberOfChannels: number,
    readonly length: number,
    readonly sampleRate: number,
  ) {}
  decodeAudioData(bytes: ArrayBuffer) {
    try {
      const wav = decodeWav(bytes);
      const channels = wav.channels.map((channel) =>
        wav.sampleRate === this.sampleRate ? channel : resample(channel, wav.sampleRate, this.sampleRate),
      );
      return Promise.resolve({
        numberOfChannels: channels.length,
        sampleRate: this.sampleRate,
        length: channels[0]!.length,
        duration: channels[0]!.length / this.sampleRate,
        getChannelData: (index: number) => channels[index]!,
      });
    } catch {
      return Promise.reject(new DOMException('Unable to decode audio data', 'EncodingError'));
    }
  }
}

/** A 440 Hz tone of `seconds` at `rate`, half scale. */
export const tone = (seconds: number, rate = 16000) =>
  Float32Array.from({ length: Math.round(seconds * rate) }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate));

/** A mono WAV file of a tone, as a user would pick it. */
export function wavFile(seconds: number, name = 'welcome.wav', rate = 16000): File {
  return new File([encodeWav([tone(seconds, rate)], rate)], name, { type: 'audio/wav' });
}
