import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  callLogMessages,
  CallRecordingsPage,
  RecordingAdminPassword,
  TranscriptView,
  type CallRecordingEntry,
} from '@portal/contract';

import { readBytesInto } from '../../audio/storage.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { callLogs, callRecordings } from '../../db/schema/index.ts';
import {
  authHeaders,
  getCsrf,
  SEED_TIME,
  seededProductIds,
  tokenOf,
  useTestApp,
  type Csrf,
} from '../../test/helper.ts';
import { decodeMp3 } from '../../test/mp3.ts';
import { generateCalls } from './demo-calls.ts';
import { FILE_READ_BYTES, measureFile, prepareZip, sendMeasured, type ReadParts, type ZipEntry } from './rules.ts';

const t = useTestApp();

let csrf: Csrf;
let customer: string;
let harbour: string;
let acmePhone: number;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [customer, harbour] = await Promise.all([tokenOf(t, demoLogins.customer), tokenOf(t, demoLogins.multiProduct)]);
  ({ acme: acmePhone } = await seededProductIds(t.db));
});

type Method = 'GET' | 'POST' | 'DELETE';
const inject = (key: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...authHeaders(key, method === 'GET' ? undefined : csrf), ...headers },
    ...(payload !== undefined && { payload: payload as object }),
  });
const base = () => `/api/v1/voip/${acmePhone}/calls`;
async function list(query = '', key = customer) {
  const response = await inject(key, 'GET', `${base()}/call_recordings/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return CallRecordingsPage.parse(response.json());
}
const uuidsOf = (entries: CallRecordingEntry[]) => entries.flatMap((entry) => entry.recordings.map((r) => r.uuid));

/** Reads a stored zip's central directory: each entry's name, and whether its bytes match their CRC. */
function readZip(zip: Buffer): Array<{ name: string; size: number; crcOk: boolean; data: Buffer }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26);
    const data = zip.subarray(dataAt, dataAt + size);
    entries.push({ name, size, crcOk: crc32(data) === crc, data });
    at += 46 + nameLength;
  }
  return entries;
}

describe('the demo call log', () => {
  it('is the same for a seed, has a weekly rhythm and no call after now', () => {
    const shape = { extensions: ['200', '201'], numbers: ['01632960101'], days: 28, now: SEED_TIME, seed: 7 };
    const first = [...generateCalls(shape)];
    expect([...generateCalls(shape)]).toEqual(first);
    expect(first.every((call) => call.startTime <= SEED_TIME)).toBe(true);
    const weekday = first.filter((call) => ![0, 6].includes(call.startTime.getUTCDay())).length / 20;
    const weekend = first.filter((call) => [0, 6].includes(call.startTime.getUTCDay())).length / 8;
    expect(weekday).toBeGreaterThan(3 * weekend);
  });

  it('seeds 90 days of calls for Acme, some with recordings and transcripts', async () => {
    const calls = await t.db.select().from(callLogs).where(eq(callLogs.productId, acmePhone));
    expect(calls.length).toBeGreaterThan(1000);
    const earliest = Math.min(...calls.map((call) => call.startTime.getTime()));
    expect(SEED_TIME.getTime() - earliest).toBeGreaterThan(85 * 86_400_000);
    const recordings = await t.db.select().from(callRecordings).where(eq(callRecordings.productId, acmePhone));
    expect(recordings.length).toBeGreaterThan(50);
  });
});

describe('GET .../calls/call_recordings/', () => {
  it('answers the last 30 days by default, newest first, paged', async () => {
    const page = await list();
    expect(page.range_end).toBe('2025-03-03');
    expect(page.range_start).toBe('2025-02-02');
    expect(page.results).toHaveLength(20);
    expect(page.count).toBeGreaterThan(20);
    const starts = page.results.map((entry) => entry.start_time);
    expect([...starts].sort().reverse()).toEqual(starts);
    expect(
      page.results.every((entry) => entry.start_time >= '2025-02-02T00:00:00.000Z' && entry.recordings.length > 0),
    ).toBe(true);
    const second = await list('?page=2');
    expect(second.results[0]!.start_time <= page.results[19]!.start_time).toBe(true);
    expect(uuidsOf(second.results)).not.toContain(uuidsOf(page.results)[0]);
  });

  it('24h is today, 7d the last 7 days, and a single custom date one day', async () => {
    const week = await list('?range=7d');
    expect(week.range_start).toBe('2025-02-25');
    expect(week.results.every((entry) => entry.start_time >= '2025-02-25T00:00:00.000Z')).toBe(true);
    const month = await list();
    expect(week.count).toBeLessThan(month.count);
    const today = await list('?range=24h');
    expect(today.results.every((entry) => entry.start_time.startsWith('2025-03-03'))).toBe(true);
    const day = await list('?start_date=2025-02-26');
    expect(day.range_start).toBe('2025-02-26');
    expect(day.range_end).toBe('2025-02-26');
    expect(day.results.every((entry) => entry.start_time.startsWith('2025-02-26'))).toBe(true);
    expect(day.count).toBeGreaterThan(0);
  });

  it('matches the user by extension: the caller of an outbound call, the called of an answered one', async () => {
    const page = await list('?page_size=100');
    for (const entry of page.results) {
      const extension = entry.status === 'outbound_call' ? entry.caller : entry.called;
      expect(entry.user?.extension).toBe(extension);
    }
    expect(page.results.some((entry) => entry.status === 'outbound_call')).toBe(true);
    expect(page.results.some((entry) => entry.status === 'answered')).toBe(true);
  });

  it('filters by number (as typed, +44 or 0), duration and transcript keyword', async () => {
    const all = await list('?page_size=100');
    const outside = all.results.find((entry) => entry.status === 'answered')!.caller;
    const byNumber = await list(`?number=${encodeURIComponent(`+44${outside.slice(1)}`)}`);
    expect(byNumber.count).toBeGreaterThan(0);
    expect(byNumber.results.every((entry) => entry.caller === outside || entry.called === outside)).toBe(true);
    const long = await list('?duration=over_5m&page_size=100');
    expect(long.results.every((entry) => entry.duration >= 300)).toBe(true);
    const short = await list('?duration=under_1m&page_size=100');
    expect(short.results.every((entry) => entry.duration < 60)).toBe(true);
    expect(long.count + short.count).toBeLessThan(all.count);
    const boiler = await list('?keyword=BOILER&page_size=100');
    expect(boiler.count).toBeGreaterThan(0);
    expect(boiler.count).toBeLessThan(all.count);
    for (const entry of boiler.results.slice(0, 5)) {
      const transcript = TranscriptView.parse(
        (await inject(customer, 'GET', `${base()}/recording/${entry.recordings[0]!.uuid}/transcriptions/`)).json(),
      );
      expect(transcript.lines.some((line) => /boiler/i.test(line.text))).toBe(true);
    }
    expect((await list('?keyword=100%25_')).count).toBe(0);
  });

  it('answers 400 with a readable message for a bad filter', async () => {
    for (const [query, field, message] of [
      ['?start_date=2025-13-01', 'start_date', callLogMessages.badDate],
      ['?start_date=2025-03-02&end_date=2025-03-01', 'start_date', callLogMessages.endBeforeStart],
      ['?range=custom', 'start_date', callLogMessages.customNeedsStart],
      ['?range=90d', 'range', callLogMessages.badRange],
      ['?duration=long', 'duration', callLogMessages.badDuration],
      ['?number=abc', 'number', callLogMessages.badNumber],
      ['?page_size=1000', 'page_size', undefined],
    ] as const) {
      const response = await inject(customer, 'GET', `${base()}/call_recordings/${query}`);
      expect(response.statusCode, query).toBe(400);
      if (message) expect(JSON.stringify(response.json()), query).toContain(message);
      expect(JSON.stringify(response.json()), query).toContain(field);
    }
  });

  it("never shows another customer's calls: their phone is 404 for everything", async () => {
    for (const [method, url] of [
      ['GET', `${base()}/call_recordings/`],
      ['GET', `/api/v1/voip/${acmePhone}/call-recording/admin/password/`],
    ] as const) {
      expect((await inject(harbour, method, url)).statusCode).toBe(404);
    }
    const [uuid] = uuidsOf((await list()).results);
    expect((await inject(harbour, 'GET', `${base()}/recording/${uuid}/transcriptions/`)).statusCode).toBe(404);
    expect(
      (await inject(harbour, 'DELETE', `${base()}/actions/delete-recordings/`, { recording_uuids: [uuid] })).statusCode,
    ).toBe(404);
  });
});

describe('listening and downloads', () => {
  it('speaks a demo recording on first play and answers WAV audio (ranges too)', async () => {
    const [entry] = (await list('?keyword=radiator')).results;
    const uuid = entry!.recordings[0]!.uuid;
    const listed = entry!.recordings[0]!.duration;
    const response = await inject(customer, 'GET', `${base()}/${entry!.calllog_id}/recording/${uuid}/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(response.rawPayload.length).toBeGreaterThan(8000 * 2 * 3);
    // One duration: the one listed before the first play is the audio's (8 kHz, 16-bit, a 44-byte header), and stays.
    expect((response.rawPayload.length - 44) / 16000).toBe(listed);
    const after = (await list('?keyword=radiator')).results.find((call) => call.calllog_id === entry!.calllog_id)!;
    expect(after.recordings[0]!.duration).toBe(listed);
    const part = await t.app.inject({
      method: 'GET',
      url: `${base()}/${entry!.calllog_id}/recording/${uuid}/`,
      headers: { ...authHeaders(customer), range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    const download = await inject(customer, 'GET', `${base()}/${entry!.calllog_id}/recording/${uuid}/?download=true`);
    // The download is the same audio as MP3 (spec 001 section 7), encoded once as it was stored.
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="call_recording_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.mp3"$/,
    );
    expect(download.headers['content-type']).toBe('audio/mpeg');
    const decoded = await decodeMp3(download.rawPayload);
    expect(decoded.errors).toEqual([]);
    expect(Math.abs(decoded.samplesDecoded / decoded.sampleRate - listed)).toBeLessThan(0.25);
    const [stored] = await t.db
      .select({ mp3Key: callRecordings.mp3Key })
      .from(callRecordings)
      .where(eq(callRecordings.uuid, uuid));
    expect(stored!.mp3Key).toBe(`${acmePhone}/call-recording-${uuid}.mp3`);
    // Another call's id with this recording is no recording.
    expect((await inject(customer, 'GET', `${base()}/${entry!.calllog_id + 1}/recording/${uuid}/`)).statusCode).toBe(
      404,
    );
  });

  it('downloads one chosen recording as MP3 and several as one zip of MP3 files a decoder reads at their length', async () => {
    const uuids = uuidsOf((await list('?keyword=invoice')).results).slice(0, 3);
    expect(uuids).toHaveLength(3);
    const one = await inject(customer, 'POST', `${base()}/call_recordings/`, { recording_uuids: [uuids[0]] });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-disposition']).toMatch(/call_recording_.*\.mp3"$/);
    const zip = await inject(customer, 'POST', `${base()}/call_recordings/`, { recording_uuids: uuids });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    // Announced before the first byte, so the page shows a percentage.
    expect(zip.headers['content-length']).toBe(String(zip.rawPayload.length));
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="recordings-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = readZip(zip.rawPayload);
    expect(entries).toHaveLength(3);
    expect(entries.every((entry) => entry.crcOk && /^call_recording_.*\.mp3$/.test(entry.name))).toBe(true);
    // Each file is an MP3 a real decoder reads back at the recording's listed length (oldest first in the zip).
    const listed = (await list('?keyword=invoice')).results
      .flatMap((call) => call.recordings)
      .filter((r) => uuids.includes(r.uuid));
    const durations = listed.map((r) => r.duration).reverse();
    for (const [i, entry] of entries.entries()) {
      const decoded = await decodeMp3(entry.data);
      expect(decoded.errors).toEqual([]);
      expect(Math.abs(decoded.samplesDecoded / decoded.sampleRate - durations[i]!)).toBeLessThan(0.25);
    }
    expect(new Set(entries.map((entry) => entry.name)).size).toBe(3);
    expect(entries.some((entry) => entry.data.equals(one.rawPayload))).toBe(true);
  });

  it('encodes a recording stored before it had an MP3 on its first download, and keeps it', async () => {
    const [entry] = (await list('?keyword=boiler')).results;
    const uuid = entry!.recordings[0]!.uuid;
    // Played first: stored as WAV (and MP3); then made one stored with its WAV only.
    expect((await inject(customer, 'GET', `${base()}/${entry!.calllog_id}/recording/${uuid}/`)).statusCode).toBe(200);
    const key = `${acmePhone}/call-recording-${uuid}.mp3`;
    await t.app.audio.delete(key);
    await t.db.update(callRecordings).set({ mp3Key: null }).where(eq(callRecordings.uuid, uuid));
    const first = await inject(customer, 'POST', `${base()}/call_recordings/`, { recording_uuids: [uuid] });
    expect(first.statusCode).toBe(200);
    expect((await decodeMp3(first.rawPayload)).errors).toEqual([]);
    const [stored] = await t.db
      .select({ mp3Key: callRecordings.mp3Key })
      .from(callRecordings)
      .where(eq(callRecordings.uuid, uuid));
    expect(stored!.mp3Key).toBe(key);
    expect((await t.app.audio.get(key))?.equals(first.rawPayload)).toBe(true);
  });

  it('refuses an unknown recording with a readable JSON error and junk with 400', async () => {
    const unknown = await inject(customer, 'POST', `${base()}/call_recordings/`, {
      recording_uuids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: callLogMessages.unknownRecording });
    expect((await inject(customer, 'POST', `${base()}/call_recordings/`, { recording_uuids: [] })).statusCode).toBe(
      400,
    );
    expect((await inject(customer, 'POST', `${base()}/call_recordings/`, { recording_uuids: ['x'] })).statusCode).toBe(
      400,
    );
  });

  it('writes a zip file by file through one buffer, each part sent before the next is read', async () => {
    // Files larger than the buffer, so each passes through it in several parts.
    const files = Array.from({ length: 4 }, (_, i) => Buffer.alloc(FILE_READ_BYTES * 2 + 1000 * i, i + 1));
    const entry = (file: Buffer, i: number): ZipEntry => ({
      name: `f${i}.bin`,
      modified: SEED_TIME,
      read: async (buffer, use) => (await readBytesInto(file, buffer, use), true),
    });
    const out: Buffer[] = [];
    const buffers = new Set<ArrayBufferLike>();
    const zip = await prepareZip(files.map(entry));
    await zip.send(async (part) => {
      // A slow socket: the part must still hold its bytes when the write finishes.
      await new Promise((resolve) => setTimeout(resolve, 1));
      out.push(Buffer.from(part));
      if (part.length === FILE_READ_BYTES) buffers.add(part.buffer);
    });
    // The length announced before the first byte is the archive's.
    expect(Buffer.concat(out).length).toBe(zip.length);
    expect(
      readZip(Buffer.concat(out)).map((file) => ({ crcOk: file.crcOk, size: file.size, first: file.data[0] })),
    ).toEqual(files.map((file, i) => ({ crcOk: true, size: file.length, first: i + 1 })));
    // Every full part of every file was the same buffer.
    expect(buffers.size).toBe(1);
  });

  it('stops a zip whose file is missing or changes while it is sent, rather than end it as if whole', async () => {
    const write = async () => {};
    const missing: ZipEntry = { name: 'gone.wav', modified: SEED_TIME, read: async () => false };
    await expect(prepareZip([missing])).rejects.toThrow('The audio of gone.wav is missing');
    let reads = 0;
    const changing: ZipEntry = {
      name: 'f.bin',
      modified: SEED_TIME,
      read: async (buffer, use) => (await readBytesInto(Buffer.alloc(100, reads++), buffer, use), true),
    };
    await expect((await prepareZip([changing])).send(write)).rejects.toThrow('The file changed while it was sent');
    // A file that grew since it was measured: nothing past the measured size goes out.
    let sent = 0;
    let size = 100;
    const growing: ReadParts = async (buffer, use) => (await readBytesInto(Buffer.alloc(size, 1), buffer, use), true);
    const measured = (await measureFile(growing, Buffer.alloc(64)))!;
    size = 150;
    await expect(
      sendMeasured(growing, Buffer.alloc(64), measured, async (part) => void (sent += part.length)),
    ).rejects.toThrow('The file changed');
    expect(sent).toBeLessThan(measured.size);
  });

  it("answers 404 as JSON when any chosen recording's audio is gone, before the first byte", async () => {
    // Newest first in the list; a zip holds its recordings oldest first.
    const [newest, middle, oldest] = uuidsOf((await list('?keyword=invoice')).results);
    const gone = (uuid: string) =>
      t.db
        .update(callRecordings)
        .set({ audioKey: `${acmePhone}/call-recording-gone.wav`, mp3Key: `${acmePhone}/call-recording-gone.mp3` })
        .where(eq(callRecordings.uuid, uuid));
    await gone(oldest!);
    await gone(newest!);
    // Alone, first in the zip, or after one that is there: each is measured before the answer starts.
    for (const uuids of [[oldest], [newest, oldest], [newest, middle]]) {
      const response = await inject(customer, 'POST', `${base()}/call_recordings/`, { recording_uuids: uuids });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: callLogMessages.audioMissing });
    }
  });
});

describe('transcripts', () => {
  it('answers the lines with their start time and length, and downloads them as text', async () => {
    const [entry] = (await list('?keyword=quote')).results;
    const recording = entry!.recordings[0]!;
    expect(recording.transcriptions[0]).toMatchObject({
      recording_uuid: recording.uuid,
      calllog_start_time: entry!.start_time,
    });
    const transcript = TranscriptView.parse(
      (
        await inject(
          customer,
          'GET',
          `${base()}/recording/${recording.uuid}/transcriptions/?start_time=${entry!.start_time}`,
        )
      ).json(),
    );
    expect(transcript.lines[0]!.offset).toBe(0);
    expect(transcript.total_transcription_time).toBeGreaterThan(5);
    const file = await inject(customer, 'GET', `${base()}/recording/${recording.uuid}/transcriptions/download/`);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="transcript-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.txt"$/,
    );
    expect(file.body).toContain('quote');
    expect(file.body).toContain(`Start: ${entry!.start_time}`);
  });
});

describe('delete, recently deleted, restore and purge', () => {
  it('moves recordings to recently deleted, restores them, and purges them after 30 days', async () => {
    const before = await list('?keyword=stopcock&page_size=100');
    const [a, b] = uuidsOf(before.results);
    const deleted = await inject(customer, 'DELETE', `${base()}/actions/delete-recordings/`, {
      recording_uuids: [a, b],
    });
    expect(deleted.json()).toEqual({ count: 2 });
    const after = await list('?keyword=stopcock&page_size=100');
    expect(uuidsOf(after.results)).not.toContain(a);
    expect(after.count).toBe(before.count - 2);
    const bin = await list('?keyword=stopcock&deleted=true');
    expect(uuidsOf(bin.results).sort()).toEqual([a, b].sort());
    expect(bin.results[0]!.recordings[0]!.purge_at).toBe(
      new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    );
    // A deleted recording is neither played nor downloaded.
    expect((await inject(customer, 'POST', `${base()}/call_recordings/`, { recording_uuids: [a] })).statusCode).toBe(
      404,
    );

    expect(
      (
        await inject(customer, 'POST', `${base()}/actions/restore-deleted-recordings/`, { recording_uuids: [a] })
      ).json(),
    ).toEqual({ count: 1 });
    expect(uuidsOf((await list('?keyword=stopcock&page_size=100')).results)).toContain(a);
    expect(uuidsOf((await list('?keyword=stopcock&deleted=true')).results)).toEqual([b]);

    t.clock.advance(31 * 86_400_000);
    try {
      // The sign-in of 31 days ago has expired.
      const later = await tokenOf(t, demoLogins.customer);
      const wide = `?keyword=stopcock&start_date=2024-12-01&end_date=2025-04-30`;
      expect(
        (await inject(later, 'POST', `${base()}/actions/restore-deleted-recordings/`, { recording_uuids: [b] })).json(),
      ).toEqual({ count: 0 });
      expect((await list(`${wide}&deleted=true`, later)).count).toBe(0);
      expect(await t.db.select().from(callRecordings).where(eq(callRecordings.uuid, b!))).toHaveLength(0);
    } finally {
      t.clock.advance(-31 * 86_400_000);
    }
  });
});

describe('the call-recording admin password', () => {
  it('when set, listening and downloading need it; wrong ones are throttled like sign-ins', async () => {
    const url = `/api/v1/voip/${acmePhone}/call-recording/admin/password/`;
    expect(RecordingAdminPassword.parse((await inject(customer, 'GET', url)).json())).toEqual({
      password_is_set: false,
    });
    expect((await inject(customer, 'POST', url, { password: 'short' })).statusCode).toBe(400);
    expect((await inject(customer, 'POST', url, { password: 'tap water 42' })).json()).toEqual({
      password_is_set: true,
    });
    expect((await inject(customer, 'GET', url)).json()).toEqual({ password_is_set: true });

    const [entry] = (await list('?keyword=pressure')).results;
    const audioUrl = `${base()}/${entry!.calllog_id}/recording/${entry!.recordings[0]!.uuid}/`;
    const asked = await inject(customer, 'GET', audioUrl);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ detail: callLogMessages.passwordRequired });
    expect(
      (await inject(customer, 'POST', `${base()}/call_recordings/`, { recording_uuids: [entry!.recordings[0]!.uuid] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await inject(customer, 'GET', audioUrl, undefined, { 'x-call-recording-password': 'wrong one' })).json(),
    ).toEqual({ detail: callLogMessages.passwordWrong });
    expect(
      (await inject(customer, 'GET', audioUrl, undefined, { 'x-call-recording-password': 'tap water 42' })).statusCode,
    ).toBe(200);
    // The list and the transcripts stay open: only the audio is protected.
    expect((await list('?keyword=pressure')).count).toBeGreaterThan(0);

    // Changing it needs the current one.
    expect((await inject(customer, 'POST', url, { password: 'another one 1' })).statusCode).toBe(400);
    expect(
      (await inject(customer, 'POST', url, { password: 'another one 1', current_password: 'nope nope' })).statusCode,
    ).toBe(403);

    let status = 0;
    for (let i = 0; i < 8 && status !== 429; i++)
      status = (await inject(customer, 'GET', audioUrl, undefined, { 'x-call-recording-password': `guess ${i}` }))
        .statusCode;
    expect(status).toBe(429);
    const refused = await inject(customer, 'GET', audioUrl, undefined, { 'x-call-recording-password': 'tap water 42' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
