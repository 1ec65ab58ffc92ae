import { readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import {
  AUDIO_FORMAT,
  audioCallMessages,
  AudioFile,
  audioMessages,
  MAX_GREETING_SECONDS,
  MAX_STORED_AUDIO_BYTES,
  type AudioData,
} from '@portal/contract';

import { readWav } from '../../audio/check.ts';
import { DEFAULT_HOLD_MUSIC_MS } from '../../audio/defaults.ts';
import { encodeWav, melodySamples } from '../../audio/wav.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { audioFiles, products } from '../../db/schema/index.ts';
import { multipartMessages } from '../../plugins/multipart.ts';
import { authHeaders, getCsrf, login, multipartForm, useTestApp, type Csrf, type FormFile } from '../../test/helper.ts';
import { CountingSpeechEngine } from '../../test/speech.ts';

const engine = new CountingSpeechEngine();
const t = useTestApp({ speech: engine });

let csrf: Csrf;
let customer = '';
let trial = '';
const ids = { acme: 0, trial: 0 };

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [customer, trial] = await Promise.all([login(t.app, demoLogins.customer), login(t.app, demoLogins.trial)]);
  const rows = await t.db.select().from(products).orderBy(products.id);
  ids.acme = rows[0]!.id;
  ids.trial = rows[3]!.id;
});
afterAll(() => engine.close());

/** `ms` of a 440 Hz tone as a WAV file. */
const tone = (ms: number, sampleRate: number = AUDIO_FORMAT.sampleRate) =>
  encodeWav(melodySamples([{ hz: 440, ms }], sampleRate), sampleRate);
const wavFile = (bytes: Uint8Array, filename = 'greeting.wav'): FormFile => ({ filename, bytes });
/** Every file in the audio storage, by key. */
const storedKeys = () =>
  (readdirSync(t.audio.root, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.wav'))
    .map((name) => name.replaceAll('\\', '/'))
    .sort();

const uploadUrl = (id = ids.acme) => `/api/v3/voip/${id}/call-flows/current/audio-files/upload/`;
const listUrl = (id = ids.acme) => `/api/v3/voip/${id}/audio-files/`;
const ttsUrl = (id = ids.acme) => `/api/v1/voip/${id}/audio/text-to-speech/`;

const audioData = (data: Partial<Record<keyof AudioData, unknown>> = {}) =>
  JSON.stringify({
    kind: 'greeting',
    sub_kind: 'upload',
    call_flow_filename: null,
    name: 'Spring offer',
    text: null,
    tts_voice: null,
    ...data,
  });

function upload(
  fields: Record<string, string | FormFile>,
  options: { id?: number; key?: string; headers?: Record<string, string> } = {},
) {
  const form = multipartForm(fields);
  return t.app.inject({
    method: 'POST',
    url: uploadUrl(options.id),
    headers: { ...(options.headers ?? authHeaders(options.key ?? customer, csrf)), ...form.headers },
    payload: form.payload,
  });
}

const listFiles = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: listUrl() + query, headers: authHeaders(customer) });
  expect(response.statusCode).toBe(200);
  return z.object({ results: z.array(AudioFile) }).parse(response.json()).results;
};

describe('POST /api/v3/voip/:id/call-flows/current/audio-files/upload/', () => {
  it('stores a WAV under a name the server makes, and answers the file', async () => {
    const before = storedKeys();
    const bytes = tone(1500);
    const response = await upload({
      'audio-file': wavFile(bytes, '../../etc/passwd.wav'),
      'audio-data': audioData({ name: '  Spring offer  ', kind: 'announcement', sub_kind: 'recording' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const file = AudioFile.parse(response.json());
    expect(file).toMatchObject({
      kind: 'announcement',
      sub_kind: 'recording',
      name: 'Spring offer',
      text: null,
      tts_voice: null,
      duration_ms: 1500,
    });
    expect(file.stored_filename).toMatch(/^announcement-[0-9a-f]{16}\.wav$/);
    expect(file.call_flow_filename).toBe(file.stored_filename);
    expect(storedKeys()).toEqual([...before, `${ids.acme}/${file.stored_filename}`].sort());

    // Listed by name and by kind, and downloadable as the bytes sent.
    expect(await listFiles(`?filename=${file.stored_filename}`)).toEqual([file]);
    expect(await listFiles('?kind=announcement')).toEqual([file]);
    expect((await listFiles()).map((f) => f.stored_filename)).toEqual([
      'welcome_greeting.wav',
      'closed_greeting.wav',
      'main_menu.wav',
      file.stored_filename,
    ]);
    expect(await listFiles('?filename=%00')).toEqual([]);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/voip/${ids.acme}/call-flows/current/audio-files/download/${file.stored_filename}/`,
      headers: authHeaders(customer),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('audio/wav');
    expect(download.headers['content-disposition']).toBe(`inline; filename="${file.stored_filename}"`);
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it('keeps the words and voice of a text-to-speech take, which needs its words', async () => {
    const response = await upload({
      'audio-file': wavFile(tone(800)),
      'audio-data': audioData({
        kind: 'menu',
        sub_kind: 'text_to_speech',
        name: 'Menu',
        text: 'Press 1 for sales.',
        tts_voice: 'male',
        call_flow_filename: 'menu-1',
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(AudioFile.parse(response.json())).toMatchObject({
      kind: 'menu',
      sub_kind: 'text_to_speech',
      text: 'Press 1 for sales.',
      tts_voice: 'male',
      call_flow_filename: 'menu-1',
    });
    const wordless = await upload({
      'audio-file': wavFile(tone(800)),
      'audio-data': audioData({ sub_kind: 'text_to_speech', text: ' ' }),
    });
    expect(wordless.statusCode).toBe(400);
    expect(wordless.json()).toEqual({ 'audio-data.text': [audioMessages.ttsEmpty] });
  });

  it('refuses audio that breaks a rule with the shared message, and stores nothing', async () => {
    const rows = await listFiles();
    const keys = storedKeys();
    const mp3 = Buffer.concat([
      Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'),
      Buffer.from([0xff, 0xfb, 0x90, 0x64]),
      Buffer.alloc(2000),
    ]);
    const tooLong = encodeWav(new Int16Array(AUDIO_FORMAT.sampleRate * MAX_GREETING_SECONDS + 800));
    const tooLarge = Buffer.concat([tone(1000).subarray(0, 44), Buffer.alloc(MAX_STORED_AUDIO_BYTES)]);
    const cases: Array<[string, FormFile, string, number, string]> = [
      [
        'a text file',
        { filename: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('Call back after 3pm.\n') },
        'greeting',
        400,
        audioMessages.notAudio,
      ],
      [
        'an MP3',
        { filename: 'song.mp3', contentType: 'audio/mpeg', bytes: mp3 },
        'greeting',
        400,
        audioMessages.notAudio,
      ],
      ['an empty file', wavFile(new Uint8Array(0)), 'greeting', 400, audioMessages.empty],
      ['a WAV cut off', wavFile(tone(1000).subarray(0, 5000)), 'greeting', 400, audioMessages.truncated],
      ['16 kHz', wavFile(tone(1000, 16_000)), 'greeting', 400, audioMessages.wrongFormat],
      ['too short', wavFile(tone(200)), 'greeting', 400, audioMessages.tooShort],
      ['a greeting too long', wavFile(tooLong), 'greeting', 400, audioMessages.greetingTooLong],
      ['larger than any stored audio', wavFile(tooLarge), 'hold_music', 413, audioMessages.storedTooLarge],
    ];
    for (const [label, file, kind, status, detail] of cases) {
      const response = await upload({ 'audio-file': file, 'audio-data': audioData({ kind }) });
      expect(response.statusCode, label).toBe(status);
      expect(response.json(), label).toEqual({ detail });
    }
    expect(await listFiles()).toEqual(rows);
    expect(storedKeys()).toEqual(keys);
  });

  it('refuses forms that are not the upload, with the field to fix', async () => {
    const rows = await listFiles();
    const keys = storedKeys();
    const file = wavFile(tone(500));
    const cases: Array<[string, () => ReturnType<typeof upload>, number, unknown]> = [
      [
        'no file',
        () => upload({ 'audio-data': audioData() }),
        400,
        { 'audio-file': [audioCallMessages.fileMissing('audio-file')] },
      ],
      ['no audio-data', () => upload({ 'audio-file': file }), 400, { 'audio-data': [audioCallMessages.audioData] }],
      [
        'audio-data not JSON',
        () => upload({ 'audio-file': file, 'audio-data': '{kind: greeting' }),
        400,
        { 'audio-data': [multipartMessages.notJson('audio-data')] },
      ],
      [
        'audio-data with wrong values',
        () =>
          upload({ 'audio-file': file, 'audio-data': audioData({ kind: 'ringtone', name: ' ', tts_voice: 'robot' }) }),
        400,
        {
          'audio-data.kind': [audioCallMessages.kind],
          'audio-data.name': [audioCallMessages.nameRequired],
          'audio-data.tts_voice': [audioCallMessages.voice],
        },
      ],
      [
        'a name too long',
        () => upload({ 'audio-file': file, 'audio-data': audioData({ name: 'n'.repeat(101) }) }),
        400,
        { 'audio-data.name': [audioCallMessages.nameTooLong] },
      ],
      [
        'a name with a path separator',
        () => upload({ 'audio-file': file, 'audio-data': audioData({ name: '../../etc/greeting' }) }),
        400,
        { 'audio-data.name': [audioCallMessages.nameSlash] },
      ],
      [
        'a name with a backslash',
        () => upload({ 'audio-file': file, 'audio-data': audioData({ name: 'a\\b' }) }),
        400,
        { 'audio-data.name': [audioCallMessages.nameSlash] },
      ],
      [
        'a name with a right-to-left override',
        () => upload({ 'audio-file': file, 'audio-data': audioData({ name: 'offer\u202Egnp.exe' }) }),
        400,
        { 'audio-data.name': [audioCallMessages.nameHiddenCharacters] },
      ],
      [
        'a name with an isolate',
        () => upload({ 'audio-file': file, 'audio-data': audioData({ name: 'offer\u2067x' }) }),
        400,
        { 'audio-data.name': [audioCallMessages.nameHiddenCharacters] },
      ],
      [
        'a name with a control character',
        () => upload({ 'audio-file': file, 'audio-data': audioData({ name: 'offer\u0007' }) }),
        400,
        { 'audio-data.name': [audioCallMessages.nameHiddenCharacters] },
      ],
      [
        'the file under another field',
        () => upload({ file, 'audio-data': audioData() }),
        400,
        { 'audio-file': [audioCallMessages.fileMissing('audio-file')] },
      ],
      [
        'two files',
        () => upload({ 'audio-file': file, 'audio-data': audioData(), 'audio-file-2': file }),
        400,
        { detail: multipartMessages.oneFile },
      ],
      [
        'JSON instead of a form',
        () =>
          t.app.inject({
            method: 'POST',
            url: uploadUrl(),
            headers: authHeaders(customer, csrf),
            payload: { 'audio-data': { kind: 'greeting' } },
          }),
        400,
        // A JSON body reads as an empty form.
        { 'audio-file': [audioCallMessages.fileMissing('audio-file')], 'audio-data': [audioCallMessages.audioData] },
      ],
      [
        'XML',
        () =>
          t.app.inject({
            method: 'POST',
            url: uploadUrl(),
            headers: { ...authHeaders(customer, csrf), 'content-type': 'application/xml' },
            payload: '<audio/>',
          }),
        415,
        { detail: multipartMessages.notMultipart },
      ],
      [
        'a form cut off',
        () => {
          const form = multipartForm({ 'audio-data': audioData(), 'audio-file': file });
          return t.app.inject({
            method: 'POST',
            url: uploadUrl(),
            headers: { ...authHeaders(customer, csrf), ...form.headers },
            payload: form.payload.subarray(0, form.payload.length - 300),
          });
        },
        400,
        { detail: multipartMessages.unreadable },
      ],
      [
        'no boundary',
        () =>
          t.app.inject({
            method: 'POST',
            url: uploadUrl(),
            headers: { ...authHeaders(customer, csrf), 'content-type': 'multipart/form-data' },
            payload: 'x',
          }),
        400,
        { detail: multipartMessages.unreadable },
      ],
    ];
    for (const [label, send, status, body] of cases) {
      const response = await send();
      expect(response.statusCode, label).toBe(status);
      expect(response.json(), label).toEqual(body);
    }
    expect(await listFiles()).toEqual(rows);
    expect(storedKeys()).toEqual(keys);
  });

  it("answers 404 for another customer's product, 401 without a token and 403 without the CSRF header", async () => {
    const keys = storedKeys();
    const fields = { 'audio-file': wavFile(tone(500)), 'audio-data': audioData() };
    expect((await upload(fields, { key: trial })).statusCode).toBe(404);
    expect((await upload(fields, { id: 2_147_483_648 })).statusCode).toBe(404);
    expect((await upload(fields, { headers: csrf.headers })).statusCode).toBe(401);
    const noCsrf = await upload(fields, { headers: authHeaders(customer) });
    expect(noCsrf.statusCode).toBe(403);
    expect(storedKeys()).toEqual(keys);
    expect((await t.app.inject({ method: 'GET', url: listUrl(), headers: authHeaders(trial) })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: listUrl(ids.trial), headers: authHeaders(trial) })).json(),
    ).toEqual({ results: [] });
  });
});

describe('PUT /api/v1/voip/:id/call-flows/current/audio-files/upload/', () => {
  it('stores the file as a greeting named after the file, and answers its stored filename', async () => {
    const form = multipartForm({ file: wavFile(tone(1000), 'Summer hours.wav') });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/voip/${ids.acme}/call-flows/current/audio-files/upload/`,
      headers: { ...authHeaders(customer, csrf), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { filename } = z.object({ filename: z.string() }).parse(response.json());
    expect(filename).toMatch(/^greeting-[0-9a-f]{16}\.wav$/);
    const [row] = await t.db.select().from(audioFiles).where(eq(audioFiles.storedFilename, filename));
    expect(row).toMatchObject({
      productId: ids.acme,
      kind: 'greeting',
      subKind: 'upload',
      name: 'Summer hours',
      durationMs: 1000,
      sizeBytes: 44 + 16000,
    });
  });
});

describe('the default queue music', () => {
  it('is the built-in melody, as an AUDIO_FORMAT WAV with Range support', async () => {
    const url = `/api/v1/voip/${ids.acme}/call-flows/current/groups/default/call-queue/queuing-music/default/`;
    const response = await t.app.inject({ method: 'GET', url, headers: authHeaders(customer) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    const reading = readWav(response.rawPayload);
    expect(reading).toMatchObject({
      ok: true,
      wav: { sampleRate: 8000, channels: 1, bitsPerSample: 16, dataBytes: DEFAULT_HOLD_MUSIC_MS * 16 },
    });
    const part = await t.app.inject({ method: 'GET', url, headers: { ...authHeaders(customer), range: 'bytes=0-43' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(response.rawPayload.subarray(0, 44))).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: url.replace(String(ids.acme), String(ids.trial)),
          headers: authHeaders(customer),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('text to speech', () => {
  it('speaks the words as an AUDIO_FORMAT WAV, and answers the same words from the cache', async () => {
    const calls = engine.calls.length;
    const text = 'Our office is closed for the bank holiday.';
    const get = await t.app.inject({
      method: 'GET',
      url: `${ttsUrl()}?text=${encodeURIComponent(text)}&gender=male`,
      headers: authHeaders(customer),
    });
    expect(get.statusCode, get.body).toBe(200);
    expect(get.headers['content-type']).toBe('audio/wav');
    const reading = readWav(get.rawPayload);
    if (!reading.ok) throw new Error(reading.problem);
    expect(reading.wav).toMatchObject({ formatTag: 1, sampleRate: 8000, channels: 1, bitsPerSample: 16 });
    const seconds = reading.wav.dataBytes / 16000;
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(5);
    expect(engine.calls.slice(calls)).toEqual([{ text, voice: 'male' }]);

    // The same words in the same voice, by GET or POST: no synthesis.
    const again = await t.app.inject({
      method: 'GET',
      url: `${ttsUrl()}?text=${encodeURIComponent(`  ${text}\n`)}&gender=male`,
      headers: authHeaders(customer),
    });
    const post = await t.app.inject({
      method: 'POST',
      url: ttsUrl(),
      headers: authHeaders(customer, csrf),
      payload: { text, gender: 'male' },
    });
    expect(post.statusCode).toBe(200);
    expect(again.rawPayload.equals(get.rawPayload)).toBe(true);
    expect(post.rawPayload.equals(get.rawPayload)).toBe(true);
    expect(engine.calls.length).toBe(calls + 1);

    // The voice is female unless said.
    const female = await t.app.inject({
      method: 'POST',
      url: ttsUrl(),
      headers: authHeaders(customer, csrf),
      payload: { text },
    });
    expect(female.statusCode).toBe(200);
    expect(engine.calls.slice(calls + 1)).toEqual([{ text, voice: 'female' }]);
  });

  it('refuses no words, too many words and an unknown voice', async () => {
    const calls = engine.calls.length;
    const cases: Array<[string, unknown]> = [
      ['', { text: [audioMessages.ttsEmpty] }],
      ['?text=', { text: [audioMessages.ttsEmpty] }],
      ['?text=%20%0A%00%20', { text: [audioMessages.ttsEmpty] }],
      [`?text=${'a'.repeat(1001)}`, { text: [audioMessages.ttsTooLong] }],
      ['?text=Hello&gender=robot', { gender: [audioCallMessages.voice] }],
    ];
    for (const [query, body] of cases) {
      const response = await t.app.inject({ method: 'GET', url: ttsUrl() + query, headers: authHeaders(customer) });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(body);
    }
    const post = await t.app.inject({
      method: 'POST',
      url: ttsUrl(),
      headers: authHeaders(customer, csrf),
      payload: { text: ' ' },
    });
    expect(post.json()).toEqual({ text: [audioMessages.ttsEmpty] });
    expect(engine.calls.length).toBe(calls);
  });

  it("is for the signed-in customer's own cloud phone", async () => {
    const url = `${ttsUrl()}?text=Hello`;
    expect((await t.app.inject({ method: 'GET', url, headers: authHeaders(trial) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: ttsUrl(),
          headers: authHeaders(customer),
          payload: { text: 'Hello' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('answers 503 when the engine fails', async () => {
    engine.failing = true;
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: ttsUrl(),
        headers: authHeaders(customer, csrf),
        payload: { text: 'Nobody has asked for these words before.' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: 'Text to speech is not available right now. Try again in a moment.' });
    } finally {
      engine.failing = false;
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the uploads as multipart/form-data with a binary file field', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json<{
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }
        >
      >;
    }>();
    const form = (path: string, method: string) =>
      document.paths[path]?.[method]?.requestBody?.content['multipart/form-data']?.schema.properties;
    expect(form('/api/v3/voip/{id}/call-flows/current/audio-files/upload/', 'post')).toMatchObject({
      'audio-file': { type: 'string', format: 'binary' },
      'audio-data': { type: 'object' },
    });
    expect(form('/api/v1/products/{id}/configuration/hold-music/', 'post')).toMatchObject({
      file: { type: 'string', format: 'binary' },
    });
    expect(form('/api/v1/voip/{id}/voicemail/greeting/', 'post')).toMatchObject({
      file: { type: 'string', format: 'binary' },
    });
  });
});
