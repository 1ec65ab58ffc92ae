import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import {
  audioCallMessages,
  audioMessages,
  DEFAULT_VOICEMAIL_GREETING_TEXT,
  HoldMusic,
  MAX_STORED_AUDIO_BYTES,
  VoicemailConfiguration,
  VoicemailGreetingText,
} from '@portal/contract';

import { readWav } from '../../audio/check.ts';
import { defaultHoldMusic } from '../../audio/defaults.ts';
import { encodeWav, melodySamples } from '../../audio/wav.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { products } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, multipartForm, useTestApp, type Csrf, type FormFile } from '../../test/helper.ts';
import { CountingSpeechEngine } from '../../test/speech.ts';

const engine = new CountingSpeechEngine();
const t = useTestApp({ speech: engine });

let csrf: Csrf;
let customer = '';
let trial = '';
const ids = { acme: 0, acmeBroadband: 0, trial: 0 };

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [customer, trial] = await Promise.all([login(t.app, demoLogins.customer), login(t.app, demoLogins.trial)]);
  const rows = await t.db.select().from(products).orderBy(products.id);
  ids.acme = rows[0]!.id;
  ids.acmeBroadband = rows[1]!.id;
  ids.trial = rows[3]!.id;
});
afterAll(() => engine.close());

const voicemail = (id = ids.acme) => `/api/v3/voip/${id}/phone-setup/voicemail`;
const greetingUploadUrl = (id = ids.acme) => `/api/v1/voip/${id}/voicemail/greeting/`;
const holdMusic = (id = ids.acme) => `/api/v3/voip/${id}/phone-setup/hold-music`;
const holdMusicUploadUrl = (id = ids.acme) => `/api/v1/products/${id}/configuration/hold-music/`;

const tone = (ms: number, hz = 440, sampleRate = 8000) =>
  encodeWav(melodySamples([{ hz, ms }], sampleRate), sampleRate);
const storedKeys = () =>
  (readdirSync(t.audio.root, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.wav'))
    .map((name) => name.replaceAll('\\', '/'))
    .sort();
const keysLike = (pattern: RegExp) => storedKeys().filter((key) => pattern.test(key));

const get = (url: string, key = customer, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...authHeaders(key), ...headers } });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, key = customer) =>
  t.app.inject({ method, url, headers: authHeaders(key, csrf), ...(payload && { payload }) });
function sendFile(url: string, file: FormFile | null, key = customer) {
  const form = multipartForm(file ? { file } : {});
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...authHeaders(key, csrf), ...form.headers },
    payload: form.payload,
  });
}

const configuration = async () =>
  z.object({ results: VoicemailConfiguration }).parse((await get(`${voicemail()}/configuration/`)).json()).results;
const greetingText = async () => VoicemailGreetingText.parse((await get(`${voicemail()}/greeting/tts-text/`)).json());

describe('voicemail configuration', () => {
  it('starts as the defaults, and changes voicemail_delay or voicemail_to_email', async () => {
    expect(await configuration()).toEqual({
      custom_audio: false,
      voicemail_delay: false,
      voicemail_to_email: { enabled: false, email: '' },
    });

    const delay = await send('PUT', `${voicemail()}/configuration/`, { voicemail_delay: true });
    expect(delay.statusCode).toBe(200);
    expect(delay.json()).toEqual({
      result: { custom_audio: false, voicemail_delay: true, voicemail_to_email: { enabled: false, email: '' } },
    });

    const toEmail = await send('PUT', `${voicemail()}/configuration/`, {
      voicemail_to_email: { enabled: true, email: ' office@acme-plumbing.example ' },
    });
    expect(toEmail.statusCode).toBe(200);
    expect(toEmail.json()).toEqual({
      result: {
        custom_audio: false,
        voicemail_delay: true,
        voicemail_to_email: { enabled: true, email: 'office@acme-plumbing.example' },
      },
    });
    // Turning it off keeps the address.
    await send('PUT', `${voicemail()}/configuration/`, {
      voicemail_to_email: { enabled: false, email: 'office@acme-plumbing.example' },
    });
    expect(await configuration()).toEqual({
      custom_audio: false,
      voicemail_delay: true,
      voicemail_to_email: { enabled: false, email: 'office@acme-plumbing.example' },
    });
  });

  it('needs an address to send to when voicemail to email is on, and something to change', async () => {
    const before = await configuration();
    const cases: Array<[unknown, unknown]> = [
      [
        { voicemail_to_email: { enabled: true, email: 'not-an-address' } },
        { 'voicemail_to_email.email': [audioCallMessages.emailInvalid] },
      ],
      [
        { voicemail_to_email: { enabled: true, email: '' } },
        { 'voicemail_to_email.email': [audioCallMessages.emailRequired] },
      ],
      [{}, { non_field_errors: [audioCallMessages.nothingToChange] }],
      [{ voicemail_delay: 'yes' }, { voicemail_delay: ['Invalid input: expected boolean, received string'] }],
    ];
    for (const [payload, body] of cases) {
      const response = await send('PUT', `${voicemail()}/configuration/`, payload as object);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(body);
    }
    expect(await configuration()).toEqual(before);
  });
});

describe('the voicemail greeting', () => {
  it('is the default greeting until the site has its own, spoken once and then cached', async () => {
    const calls = engine.calls.length;
    const first = await get(`${voicemail()}/greeting/`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('audio/wav');
    expect(readWav(first.rawPayload)).toMatchObject({
      ok: true,
      wav: { sampleRate: 8000, channels: 1, bitsPerSample: 16 },
    });
    const second = await get(`${voicemail()}/greeting/`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(engine.calls.slice(calls)).toEqual([{ text: DEFAULT_VOICEMAIL_GREETING_TEXT, voice: 'female' }]);
    // Range, as for every audio answer.
    const part = await get(`${voicemail()}/greeting/`, customer, { range: 'bytes=-100' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(first.rawPayload.subarray(-100))).toBe(true);
  });

  it('is replaced by an upload, then by text to speech, and reset to the default', async () => {
    const defaultGreeting = (await get(`${voicemail()}/greeting/`)).rawPayload;
    const uploaded = tone(1200, 523.25);
    const upload = await sendFile(`${greetingUploadUrl()}?audio_type=greeting`, {
      filename: 'greeting.wav',
      bytes: uploaded,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toMatchObject({ result: { custom_audio: true } });
    expect((await get(`${voicemail()}/greeting/`)).rawPayload.equals(uploaded)).toBe(true);
    expect(await greetingText()).toEqual({ text: null, gender: null });
    const [uploadedKey] = keysLike(/^\d+\/voicemail-greeting-/);
    expect(uploadedKey).toMatch(new RegExp(`^${ids.acme}/voicemail-greeting-[0-9a-f]{16}\\.wav$`));

    const words = 'Hello, you have reached Acme Plumbing. Leave a message and we will call you back.';
    const spoken = await send('POST', `${voicemail()}/greeting/tts-text/`, { text: `  ${words}\n`, gender: 'male' });
    expect(spoken.statusCode, spoken.body).toBe(200);
    expect(spoken.json()).toEqual({ text: words, gender: 'male' });
    expect(await greetingText()).toEqual({ text: words, gender: 'male' });
    expect((await configuration()).custom_audio).toBe(true);
    const greeting = (await get(`${voicemail()}/greeting/`)).rawPayload;
    const reading = readWav(greeting);
    if (!reading.ok) throw new Error(reading.problem);
    expect(reading.wav.dataBytes / 16000).toBeGreaterThan(3);
    // The uploaded greeting's bytes are gone: one greeting per site in the storage.
    expect(keysLike(/^\d+\/voicemail-greeting-/)).toHaveLength(1);
    expect(keysLike(/^\d+\/voicemail-greeting-/)).not.toContain(uploadedKey);

    // Reset clears the audio and the text.
    const reset = await t.app.inject({
      method: 'POST',
      url: `${greetingUploadUrl()}?reset=true`,
      headers: authHeaders(customer, csrf),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ result: { custom_audio: false } });
    expect(await greetingText()).toEqual({ text: null, gender: null });
    expect(keysLike(/^\d+\/voicemail-greeting-/)).toEqual([]);
    expect((await get(`${voicemail()}/greeting/`)).rawPayload.equals(defaultGreeting)).toBe(true);
  });

  it('forgets the words on DELETE tts-text, keeping the audio', async () => {
    await send('POST', `${voicemail()}/greeting/tts-text/`, { text: 'We are at lunch until two.' });
    const greeting = (await get(`${voicemail()}/greeting/`)).rawPayload;
    expect(await greetingText()).toEqual({ text: 'We are at lunch until two.', gender: 'female' });
    const deleted = await send('DELETE', `${voicemail()}/greeting/tts-text/`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ text: null, gender: null });
    expect((await configuration()).custom_audio).toBe(true);
    expect((await get(`${voicemail()}/greeting/`)).rawPayload.equals(greeting)).toBe(true);
  });

  it('refuses a bad greeting and keeps the one it has', async () => {
    const before = {
      configuration: await configuration(),
      text: await greetingText(),
      keys: storedKeys(),
      greeting: (await get(`${voicemail()}/greeting/`)).rawPayload,
    };
    const cases: Array<[string, () => ReturnType<typeof sendFile>, unknown]> = [
      [
        'a text file',
        () =>
          sendFile(`${greetingUploadUrl()}?audio_type=greeting`, {
            filename: 'a.txt',
            contentType: 'text/plain',
            bytes: Buffer.from('hello'),
          }),
        { detail: audioMessages.notAudio },
      ],
      [
        '16 kHz',
        () =>
          sendFile(`${greetingUploadUrl()}?audio_type=greeting`, { filename: 'a.wav', bytes: tone(1000, 440, 16_000) }),
        { detail: audioMessages.wrongFormat },
      ],
      [
        'no file',
        () => sendFile(`${greetingUploadUrl()}?audio_type=greeting`, null),
        { file: [audioCallMessages.fileMissing('file')] },
      ],
      [
        'an unknown audio_type',
        () => sendFile(`${greetingUploadUrl()}?audio_type=music`, { filename: 'a.wav', bytes: tone(1000) }),
        { audio_type: ['audio_type can only be greeting.'] },
      ],
      [
        'words that are too short to hear',
        () => send('POST', `${voicemail()}/greeting/tts-text/`, { text: '.' }),
        { detail: audioMessages.tooShort },
      ],
      [
        'no words',
        () => send('POST', `${voicemail()}/greeting/tts-text/`, { text: '  ' }),
        { text: [audioMessages.ttsEmpty] },
      ],
    ];
    for (const [label, request, body] of cases) {
      const response = await request();
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toEqual(body);
    }
    expect(await configuration()).toEqual(before.configuration);
    expect(await greetingText()).toEqual(before.text);
    expect(storedKeys().filter((key) => !key.startsWith('tts-cache/'))).toEqual(
      before.keys.filter((key) => !key.startsWith('tts-cache/')),
    );
    expect((await get(`${voicemail()}/greeting/`)).rawPayload.equals(before.greeting)).toBe(true);
  });

  it(`answers 400 "${audioMessages.noVoicemailGreeting}" when no greeting can be played`, async () => {
    // The site's own greeting has lost its bytes.
    await sendFile(`${greetingUploadUrl()}?audio_type=greeting`, { filename: 'g.wav', bytes: tone(800) });
    for (const key of keysLike(/^\d+\/voicemail-greeting-/)) await t.audio.delete(key);
    const lost = await get(`${voicemail()}/greeting/`);
    expect(lost.statusCode).toBe(400);
    expect(lost.json()).toEqual({ detail: audioMessages.noVoicemailGreeting });

    // The default greeting cannot be spoken: not cached, and the engine is down.
    await t.app.inject({
      method: 'POST',
      url: `${greetingUploadUrl()}?reset=true`,
      headers: authHeaders(customer, csrf),
    });
    await t.audio.delete(t.app.speech.cacheKey(DEFAULT_VOICEMAIL_GREETING_TEXT, 'female'));
    engine.failing = true;
    try {
      const silent = await get(`${voicemail()}/greeting/`);
      expect(silent.statusCode).toBe(400);
      expect(silent.json()).toEqual({ detail: audioMessages.noVoicemailGreeting });
    } finally {
      engine.failing = false;
    }
  });
});

describe('hold music', () => {
  it('is the built-in melody until the site uploads its own, which restore takes away', async () => {
    expect(HoldMusic.parse((await get(`${holdMusic()}/`)).json())).toEqual({ custom_audio: false });
    const melody = await get(`${holdMusic()}/download/`);
    expect(melody.statusCode).toBe(200);
    expect(melody.headers['content-type']).toBe('audio/wav');
    expect(melody.headers['content-disposition']).toBe('inline; filename="hold-music.wav"');
    expect(melody.rawPayload.equals(defaultHoldMusic())).toBe(true);

    // Longer than any greeting may be, which hold music may.
    const music = encodeWav(
      melodySamples([
        { hz: 392, ms: 1000 },
        { hz: 0, ms: 5 * 60 * 1000 },
      ]),
    );
    const upload = await sendFile(holdMusicUploadUrl(), { filename: 'jazz.wav', bytes: music });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toEqual({ custom_audio: true });
    expect(HoldMusic.parse((await get(`${holdMusic()}/`)).json())).toEqual({ custom_audio: true });
    expect((await get(`${holdMusic()}/download/`)).rawPayload.equals(music)).toBe(true);
    const part = await get(`${holdMusic()}/download/`, customer, { range: 'bytes=44-1043' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 44-1043/${music.length}`);
    expect(part.rawPayload.equals(music.subarray(44, 1044))).toBe(true);
    expect((await get(`${holdMusic()}/download/`, customer, { range: `bytes=${music.length}-` })).statusCode).toBe(416);
    expect(keysLike(/^\d+\/hold-music-/)).toHaveLength(1);

    const restore = await send('POST', `${holdMusic()}/restore/`);
    expect(restore.statusCode).toBe(200);
    expect(restore.json()).toEqual({ custom_audio: false });
    expect(keysLike(/^\d+\/hold-music-/)).toEqual([]);
    expect((await get(`${holdMusic()}/download/`)).rawPayload.equals(defaultHoldMusic())).toBe(true);
  });

  it('refuses bad music and music over the size, and stores nothing', async () => {
    const keys = storedKeys();
    const tooLarge = Buffer.concat([tone(1000).subarray(0, 44), Buffer.alloc(MAX_STORED_AUDIO_BYTES)]);
    const cases: Array<[string, FormFile | null, number, unknown]> = [
      [
        'a text file',
        { filename: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('la la la') },
        400,
        { detail: audioMessages.notAudio },
      ],
      ['too short', { filename: 'a.wav', bytes: tone(100) }, 400, { detail: audioMessages.tooShort }],
      ['over the size', { filename: 'long.wav', bytes: tooLarge }, 413, { detail: audioMessages.storedTooLarge }],
      ['no file', null, 400, { file: [audioCallMessages.fileMissing('file')] }],
    ];
    for (const [label, file, status, body] of cases) {
      const response = await sendFile(holdMusicUploadUrl(), file);
      expect(response.statusCode, label).toBe(status);
      expect(response.json(), label).toEqual(body);
    }
    expect(storedKeys()).toEqual(keys);
    expect(HoldMusic.parse((await get(`${holdMusic()}/`)).json())).toEqual({ custom_audio: false });
  });
});

describe('access', () => {
  it("answers 404 for another customer's product and for a product that is not a cloud phone, 401 without a token, 403 without CSRF", async () => {
    const file = { filename: 'g.wav', bytes: tone(500) };
    const foreign = [
      () => get(`${voicemail()}/greeting/`, trial),
      () => get(`${voicemail()}/greeting/tts-text/`, trial),
      () => send('POST', `${voicemail()}/greeting/tts-text/`, { text: 'Hello' }, trial),
      () => send('DELETE', `${voicemail()}/greeting/tts-text/`, undefined, trial),
      () => get(`${voicemail()}/configuration/`, trial),
      () => send('PUT', `${voicemail()}/configuration/`, { voicemail_delay: true }, trial),
      () => sendFile(`${greetingUploadUrl()}?audio_type=greeting`, file, trial),
      () => get(`${holdMusic()}/`, trial),
      () => get(`${holdMusic()}/download/`, trial),
      () => send('POST', `${holdMusic()}/restore/`, undefined, trial),
      () => sendFile(holdMusicUploadUrl(), file, trial),
      () => sendFile(holdMusicUploadUrl(ids.acmeBroadband), file),
    ];
    for (const [index, request] of foreign.entries()) expect((await request()).statusCode, String(index)).toBe(404);
    // The trial customer's own phone starts with the defaults.
    expect(
      z
        .object({ results: VoicemailConfiguration })
        .parse((await get(`${voicemail(ids.trial)}/configuration/`, trial)).json()).results.custom_audio,
    ).toBe(false);

    expect((await t.app.inject({ method: 'GET', url: `${voicemail()}/configuration/` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${holdMusic()}/download/` })).statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `${greetingUploadUrl()}?reset=true`,
      headers: authHeaders(customer),
    });
    expect(noCsrf.statusCode).toBe(403);
    const form = multipartForm({ file });
    const noCsrfUpload = await t.app.inject({
      method: 'POST',
      url: holdMusicUploadUrl(),
      headers: { ...authHeaders(customer), ...form.headers },
      payload: form.payload,
    });
    expect(noCsrfUpload.statusCode).toBe(403);
    expect(
      (await send('PUT', `${voicemail()}/configuration/`, { voicemail_delay: true }, 'x'.repeat(43))).statusCode,
    ).toBe(401);
  });
});
