import { readdirSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { STORAGE_LIMITS, storageMessages } from '@portal/contract';
import { sampleFlow } from '@portal/editor-core/testing';

import { encodeWav, melodySamples } from '../../audio/wav.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { audioFiles, callFlows, products } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, multipartForm, useTestApp, type Csrf } from '../../test/helper.ts';
import { CountingSpeechEngine } from '../../test/speech.ts';

// Bounded storage (docs/operations.md): the limits per product (409, saying which limit and its figure) and
// a full disk (507, nothing saved, nothing lost).

const engine = new CountingSpeechEngine();
const t = useTestApp({ speech: engine });

let csrf: Csrf;
let customer = '';
let acme = 0;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  customer = await login(t.app, demoLogins.customer);
  acme = (await t.db.select().from(products).orderBy(products.id))[0]!.id;
});
afterAll(() => engine.close());
afterEach(() => vi.restoreAllMocks());

const tone = (ms: number, hz = 440) => encodeWav(melodySamples([{ hz, ms }]));
const storedKeys = () =>
  (readdirSync(t.audio.root, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.wav'))
    .map((name) => name.replaceAll('\\', '/'))
    .sort();
const audioRowCount = async () =>
  (await t.db.select({ n: count() }).from(audioFiles).where(eq(audioFiles.productId, acme)))[0]!.n;
const flowCount = async () =>
  (await t.db.select({ n: count() }).from(callFlows).where(eq(callFlows.productId, acme)))[0]!.n;

const createFlow = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/voip/${acme}/call-flows/`,
    headers: authHeaders(customer, csrf),
    payload: { name, enable: false, data: sampleFlow().data },
  });

function uploadAudio(bytes: Uint8Array) {
  const form = multipartForm({
    'audio-file': { filename: 'offer.wav', bytes },
    'audio-data': JSON.stringify({
      kind: 'greeting',
      sub_kind: 'upload',
      call_flow_filename: null,
      name: 'Offer',
      text: null,
      tts_voice: null,
    }),
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/v3/voip/${acme}/call-flows/current/audio-files/upload/`,
    headers: { ...authHeaders(customer, csrf), ...form.headers },
    payload: form.payload,
  });
}

/** What a full disk throws from a write. */
const noSpace = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

describe('storage full (ENOSPC, EDQUOT)', () => {
  it('answers 507 for an audio upload, and keeps neither the bytes nor a row', async () => {
    const keys = storedKeys();
    const rows = await audioRowCount();
    vi.spyOn(t.audio, 'put').mockRejectedValueOnce(noSpace());
    const response = await uploadAudio(tone(600));
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({ detail: storageMessages.serverFull });
    expect(storedKeys()).toEqual(keys);
    expect(await audioRowCount()).toBe(rows);
  });

  it('answers 507 for new hold music, and the old music still plays', async () => {
    const url = `/api/v1/products/${acme}/configuration/hold-music/`;
    const send = (bytes: Uint8Array) => {
      const form = multipartForm({ file: { filename: 'music.wav', bytes } });
      return t.app.inject({
        method: 'POST',
        url,
        headers: { ...authHeaders(customer, csrf), ...form.headers },
        payload: form.payload,
      });
    };
    const first = tone(900, 330);
    expect((await send(first)).statusCode).toBe(200);
    const keys = storedKeys();
    vi.spyOn(t.audio, 'put').mockRejectedValueOnce(
      Object.assign(new Error('EDQUOT: disk quota exceeded'), { code: 'EDQUOT' }),
    );
    const refused = await send(tone(700, 550));
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({ detail: storageMessages.serverFull });
    expect(storedKeys()).toEqual(keys);
    const playing = await t.app.inject({
      method: 'GET',
      url: `/api/v3/voip/${acme}/phone-setup/hold-music/download/`,
      headers: authHeaders(customer),
    });
    expect(playing.rawPayload.equals(first)).toBe(true);
  });

  it('answers 507 when the speech cannot be cached, and caches nothing', async () => {
    const keys = storedKeys();
    // The database's own full disk (drizzle wraps the driver's error) counts too.
    const wrapped = Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('could not extend file'), { code: '53100' }),
    });
    vi.spyOn(t.audio, 'put').mockRejectedValueOnce(wrapped);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/voip/${acme}/audio/text-to-speech/`,
      headers: authHeaders(customer, csrf),
      payload: { text: 'Nothing to cache here', gender: 'female' },
    });
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({ detail: storageMessages.serverFull });
    expect(storedKeys()).toEqual(keys);
  });
});

describe('call flows per product', () => {
  it(`refuses a flow past ${STORAGE_LIMITS.callFlowsPerProduct} with 409 and the limit, and one of two racing for the last place`, async () => {
    const now = new Date();
    const missing = STORAGE_LIMITS.callFlowsPerProduct - 1 - (await flowCount());
    await t.db.insert(callFlows).values(
      Array.from({ length: missing }, (_, i) => ({
        productId: acme,
        name: `Filler ${i}`,
        enable: false,
        data: sampleFlow().data,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const racing = await Promise.all([createFlow('Racer one'), createFlow('Racer two')]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(racing.find((r) => r.statusCode === 409)!.json()).toEqual({ detail: storageMessages.tooManyCallFlows });
    expect(storageMessages.tooManyCallFlows).toBe(
      'This phone system already has 100 call flows, the most it can have. Delete one to add another.',
    );
    expect(await flowCount()).toBe(STORAGE_LIMITS.callFlowsPerProduct);

    // Deleting one makes room again.
    const created = racing.find((r) => r.statusCode === 201)!.json<{ id: string; version: number }>();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/voip/${acme}/call-flows/${created.id}/`,
      headers: { ...authHeaders(customer, csrf), 'if-match': `"${created.version}"` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await createFlow('Room again')).statusCode).toBe(201);
  });
});

describe('audio files per product', () => {
  const fillerRow = (i: number, sizeBytes: number) => ({
    productId: acme,
    storedFilename: `filler-${i}.wav`,
    kind: 'greeting',
    name: `Filler ${i}`,
    contentType: 'audio/wav',
    sizeBytes,
    storageKey: `${acme}/filler-${i}.wav`,
    createdAt: new Date(),
  });

  it('refuses a file past the total bytes with 409 and the figures, storing nothing', async () => {
    const held = (await t.db.select().from(audioFiles).where(eq(audioFiles.productId, acme))).reduce(
      (sum, row) => sum + row.sizeBytes,
      0,
    );
    // Leaves 1 KB of room: a 600 ms take (9.6 KB) does not fit.
    await t.db.insert(audioFiles).values(fillerRow(0, STORAGE_LIMITS.audioBytesPerProduct - held - 1024));
    const keys = storedKeys();
    const rows = await audioRowCount();
    const bytes = tone(600);
    const response = await uploadAudio(bytes);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: storageMessages.audioBytesFull(STORAGE_LIMITS.audioBytesPerProduct - 1024, bytes.length),
    });
    expect(response.json<{ detail: string }>().detail).toMatch(/would take 200 MB, over the 200 MB it can store/);
    expect(storedKeys()).toEqual(keys);
    expect(await audioRowCount()).toBe(rows);
    await t.db.delete(audioFiles).where(eq(audioFiles.storedFilename, 'filler-0.wav'));
  });

  it(`refuses a file past ${STORAGE_LIMITS.audioFilesPerProduct} with 409, and one of two racing for the last place`, async () => {
    const missing = STORAGE_LIMITS.audioFilesPerProduct - 1 - (await audioRowCount());
    await t.db.insert(audioFiles).values(Array.from({ length: missing }, (_, i) => fillerRow(i + 1, 100)));
    const keys = storedKeys();
    const racing = await Promise.all([uploadAudio(tone(500)), uploadAudio(tone(700))]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(racing.find((r) => r.statusCode === 409)!.json()).toEqual({ detail: storageMessages.tooManyAudioFiles });
    expect(await audioRowCount()).toBe(STORAGE_LIMITS.audioFilesPerProduct);
    // Only the accepted file's bytes were kept.
    expect(storedKeys()).toHaveLength(keys.length + 1);
  });
});
