import { MPEGDecoder } from 'mpg123-decoder';

/** What a real MP3 decoder (mpg123, WebAssembly) reads back from `mp3`: its sample rate, first channel's samples and errors. */
export async function decodeMp3(mp3: Uint8Array) {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, samplesDecoded, sampleRate, errors } = decoder.decode(mp3);
    return { samplesDecoded, sampleRate, errors, samples: channelData[0] ?? new Float32Array(0) };
  } finally {
    decoder.free();
  }
}
