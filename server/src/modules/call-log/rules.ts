import { crc32 } from 'node:zlib';

import {
  addDays,
  CALL_DURATION_FILTERS,
  RECORDING_RETENTION_DAYS,
  resolveCallDates,
  ukDate,
  ukMidnight,
  type CallRecordingsQuery,
} from '@portal/contract';

import { pcm16Samples, readWav } from '../../audio/check.ts';
import { encodeWav, WAV_SAMPLE_RATE } from '../../audio/wav.ts';
import type { RecordingFilter } from './call-log-read-model.ts';
import type { ConversationLine } from './call-log-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The spec's baked flag 'call-recording hide on' as configuration (PORTAL_CALL_RECORDINGS); docs/decisions/006. */
    callRecordingsHidden: boolean;
  }
}

/** Deleted before this instant: purged for good (RECORDING_RETENTION_DAYS). */
export const purgeBefore = (now: Date) => new Date(now.getTime() - RECORDING_RETENTION_DAYS * 86_400_000);

/** A number as typed, in the national form the call log keeps: +44 7700 900123 -> 07700900123. */
export function nationalNumber(typed: string): string {
  const digits = typed.replace(/[^\d+]/g, '');
  return digits.startsWith('+44') ? `0${digits.slice(3)}` : digits.replace(/^\+/, '');
}

/** The list's query as the repository's filter, or the message of a bad date range. */
export function recordingFilter(
  query: Pick<CallRecordingsQuery, 'range' | 'start_date' | 'end_date' | 'number' | 'duration' | 'keyword' | 'deleted'>,
  now: Date,
): { filter: RecordingFilter; from: string; to: string } | { error: string } {
  const dates = resolveCallDates(query, ukDate(now));
  if ('error' in dates) return dates;
  const duration = query.duration ? CALL_DURATION_FILTERS[query.duration] : undefined;
  return {
    from: dates.from,
    to: dates.to,
    filter: {
      from: ukMidnight(dates.from),
      to: ukMidnight(addDays(dates.to, 1)),
      number: query.number ? nationalNumber(query.number) || undefined : undefined,
      duration: duration && { from: duration.from, to: duration.to },
      keyword: query.keyword || undefined,
      deleted: query.deleted === 'true',
      purgeBefore: purgeBefore(now),
    },
  };
}

/** Silence between two lines of a spoken conversation when the first overruns its place in the script. */
const PAUSE_SAMPLES = Math.round(WAV_SAMPLE_RATE * 0.4);

/**
 * A conversation spoken line by line (each line's WAV from `speak`) as one recording that keeps the
 * script's timing: each line starts at its scripted offset (later only when the line before it runs
 * over, then after a short pause), and the recording lasts at least `seconds`, the length the list
 * showed before it was spoken. So the recording keeps one duration, its audio's, before and after
 * its first play. Answers the lines' real start offsets (seconds) and the total length.
 */
export async function speakConversation(
  script: readonly ConversationLine[],
  seconds: number,
  speak: (text: string, voice: ConversationLine['voice']) => Promise<Buffer>,
): Promise<{ wav: Buffer; lines: ConversationLine[]; seconds: number }> {
  const parts: Int16Array[] = [];
  const lines: ConversationLine[] = [];
  let samples = 0;
  for (const line of script) {
    const bytes = await speak(line.text, line.voice);
    const read = readWav(bytes);
    if (!read.ok) throw new Error(`speech engine answered no WAV (${read.problem})`);
    const pcm = pcm16Samples(bytes, read.wav);
    const start = Math.max(Math.round(line.offset * WAV_SAMPLE_RATE), samples === 0 ? 0 : samples + PAUSE_SAMPLES);
    lines.push({ ...line, offset: Math.round((start / WAV_SAMPLE_RATE) * 10) / 10 });
    parts.push(new Int16Array(start - samples), pcm);
    samples = start + pcm.length;
  }
  // Whole seconds: the length shown is the audio's own, to the sample.
  const total = Math.max(1, seconds, Math.ceil(samples / WAV_SAMPLE_RATE)) * WAV_SAMPLE_RATE;
  parts.push(new Int16Array(total - samples));
  const all = new Int16Array(total);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return { wav: encodeWav(all), lines, seconds: total / WAV_SAMPLE_RATE };
}

/** A transcript as the text file the page downloads. */
export function transcriptText(start: Date, totalSeconds: number, lines: readonly ConversationLine[]): string {
  const at = (seconds: number) =>
    `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
  return [
    `Call recording transcript`,
    `Start: ${start.toISOString()}`,
    `Length: ${totalSeconds} seconds`,
    '',
    ...lines.map((line) => `[${at(line.offset)}] ${line.speaker}: ${line.text}`),
    '',
  ].join('\n');
}

// ---- A streamed zip (stored entries; WAV barely compresses, and stored keeps memory to one buffer) ----

/** Reads a file's bytes into `buffer` part by part, as `AudioStorage.readInto` does; false when they are gone. */
export type ReadParts = (buffer: Buffer, use: (part: Buffer) => Promise<void>) => Promise<boolean>;

export interface ZipEntry {
  name: string;
  modified: Date;
  read: ReadParts;
}

/** How much of a file is read at a time while it is sent (zipped or alone). */
export const FILE_READ_BYTES = 256 * 1024;

function dosTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((Math.max(1980, date.getUTCFullYear()) - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

export interface Measured {
  size: number;
  crc: number;
}

/** A file's size and CRC-32, read through `buffer`; null when it is gone. */
export async function measureFile(read: ReadParts, buffer: Buffer): Promise<Measured | null> {
  let size = 0;
  let crc = 0;
  const found = await read(buffer, async (part) => {
    size += part.length;
    crc = crc32(part, crc);
  });
  return found ? { size, crc } : null;
}

/**
 * Sends a file measured before through `write`, part by part; throws when it is no longer what was measured,
 * before its last part goes out: no byte past the measured size is sent, and the last part waits for the
 * CRC, so an answer of a known length never ends whole with other bytes in it.
 */
export async function sendMeasured(
  read: ReadParts,
  buffer: Buffer,
  measured: Measured,
  write: (part: Buffer) => Promise<void>,
): Promise<void> {
  const changed = () => new Error('The file changed while it was sent');
  let size = 0;
  let crc = 0;
  await read(buffer, async (part) => {
    size += part.length;
    crc = crc32(part, crc);
    if (size > measured.size || (size === measured.size && crc !== measured.crc)) throw changed();
    await write(part);
  });
  if (size !== measured.size) throw changed();
}

/** A zip measured before its first byte: its exact length, and how to send it. */
export interface PreparedZip {
  length: number;
  send: (write: (bytes: Buffer) => Promise<void>) => Promise<void>;
}

/**
 * Measures a zip archive of `entries` (no ZIP64: under 4 GB and 65,535 files): each file is read once for
 * its size and CRC, so the answer can announce its length (the page shows a percentage) and a file that is
 * gone fails before anything is sent. `send` then reads each file again and writes the archive through
 * `write`, which must have finished with its bytes when it resolves: every file passes through one buffer
 * of `FILE_READ_BYTES`, so memory stays flat whatever the count and size. Each local header holds the real
 * figures that every unzip tool (streaming ones too) reads; a file that changed between the two reads
 * throws, and the caller aborts the answer rather than end a broken archive as if it were whole.
 */
export async function prepareZip(entries: readonly ZipEntry[]): Promise<PreparedZip> {
  const buffer = Buffer.allocUnsafe(FILE_READ_BYTES);
  const files: Array<{ entry: ZipEntry; measured: Measured; name: Buffer }> = [];
  for (const entry of entries) {
    const measured = await measureFile(entry.read, buffer);
    if (!measured) throw new Error(`The audio of ${entry.name} is missing`);
    files.push({ entry, measured, name: Buffer.from(entry.name, 'utf8') });
  }
  const length = files.reduce((sum, file) => sum + 30 + 46 + 2 * file.name.length + file.measured.size, 22);
  const send = async (write: (bytes: Buffer) => Promise<void>) => {
    const central: Buffer[] = [];
    let offset = 0;
    for (const { entry, measured, name } of files) {
      const { size, crc } = measured;
      const { time, date } = dosTime(entry.modified);
      // The local header and the central directory's entry share one run of fields, 2 bytes later in the latter.
      const shared = (record: Buffer, at: number) => {
        record.writeUInt16LE(0x0800, at); // UTF-8 names
        record.writeUInt16LE(0, at + 2); // stored
        record.writeUInt16LE(time, at + 4);
        record.writeUInt16LE(date, at + 6);
        record.writeUInt32LE(crc, at + 8);
        record.writeUInt32LE(size, at + 12);
        record.writeUInt32LE(size, at + 16);
        record.writeUInt16LE(name.length, at + 20);
      };
      const local = Buffer.alloc(30 + name.length);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4); // version needed
      shared(local, 6);
      name.copy(local, 30);
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4); // version made by
      header.writeUInt16LE(20, 6); // version needed
      shared(header, 8);
      header.writeUInt32LE(offset, 42);
      central.push(header, name);
      await write(local);
      await sendMeasured(entry.read, buffer, measured, write);
      offset += local.length + size;
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    await write(Buffer.concat([directory, end]));
  };
  return { length, send };
}
