import { sql } from 'drizzle-orm';

import { addDays, ukDate, ukMidnight, type CallStatus } from '@portal/contract';

import type { Database, Inserts } from '../../db/connect.ts';
import { callLogs, callRecordings, callTranscriptions, type ConversationLine } from '../../db/schema/call-log.ts';

/** A small fast deterministic generator (mulberry32): the same seed, the same calls. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Calls on an ordinary weekday, Saturday and Sunday (a small trade business). */
const CALLS_PER_DAY = { weekday: 26, saturday: 6, sunday: 2 } as const;
/** Relative weight of each hour 07-19 (busy mid-morning and early afternoon, quiet at lunch). */
const HOUR_WEIGHTS: Record<number, number> = {
  7: 1,
  8: 4,
  9: 8,
  10: 10,
  11: 9,
  12: 5,
  13: 6,
  14: 9,
  15: 8,
  16: 6,
  17: 3,
  18: 1,
};
/** One recorded call in this many answered or outbound calls. */
const RECORD_EVERY = 6;

/** Short scripted conversations for the demo recordings; spoken by the speech engine on first play. */
export const DEMO_CONVERSATIONS: ReadonlyArray<ReadonlyArray<Pick<ConversationLine, 'speaker' | 'voice' | 'text'>>> = [
  [
    { speaker: 'Agent', voice: 'female', text: 'Good morning, Acme Plumbing, how can I help?' },
    { speaker: 'Caller', voice: 'male', text: 'Hello, my boiler is leaking water under the kitchen.' },
    { speaker: 'Agent', voice: 'female', text: 'I am sorry to hear that. Can you turn off the water at the stopcock?' },
    { speaker: 'Caller', voice: 'male', text: 'Yes, it is off now. Can someone come today?' },
    { speaker: 'Agent', voice: 'female', text: 'Tom can visit this afternoon between two and four.' },
  ],
  [
    { speaker: 'Caller', voice: 'female', text: 'Hi, I would like a quote for a new bathroom suite.' },
    { speaker: 'Agent', voice: 'male', text: 'Of course. Is it a full refit or just the bath and basin?' },
    { speaker: 'Caller', voice: 'female', text: 'A full refit, with a walk in shower.' },
    { speaker: 'Agent', voice: 'male', text: 'We will send you a quote by email within two days.' },
  ],
  [
    { speaker: 'Agent', voice: 'male', text: 'Hello, this is Acme Plumbing returning your call about the radiator.' },
    { speaker: 'Caller', voice: 'female', text: 'Thanks. The radiator in the hall stays cold.' },
    { speaker: 'Agent', voice: 'male', text: 'It probably needs bleeding. We can book a visit on Thursday morning.' },
    { speaker: 'Caller', voice: 'female', text: 'Thursday morning is fine, thank you.' },
  ],
  [
    { speaker: 'Caller', voice: 'male', text: 'Hello, I am calling about invoice number four two one seven.' },
    { speaker: 'Agent', voice: 'female', text: 'Let me check. That invoice was paid last Friday.' },
    { speaker: 'Caller', voice: 'male', text: 'Great, then I only need a receipt.' },
    { speaker: 'Agent', voice: 'female', text: 'I will email the receipt to you today.' },
  ],
  [
    { speaker: 'Agent', voice: 'female', text: 'Acme Plumbing, Priya speaking.' },
    { speaker: 'Caller', voice: 'male', text: 'Hi Priya, there is no hot water in the flat since this morning.' },
    { speaker: 'Agent', voice: 'female', text: 'Is the boiler showing an error code?' },
    { speaker: 'Caller', voice: 'male', text: 'It says F twenty two.' },
    { speaker: 'Agent', voice: 'female', text: 'That is low pressure. I will talk you through topping it up.' },
  ],
];

/** Seconds a line takes to say, as estimated before the speech engine speaks it (about 2.6 words a second, and a pause). */
export function estimatedSeconds(text: string): number {
  return Math.ceil(text.split(/\s+/).length / 2.6) + 1;
}

/** The script with each line's start offset (seconds), and its total length. */
export function timedScript(lines: ReadonlyArray<Pick<ConversationLine, 'speaker' | 'voice' | 'text'>>): {
  lines: ConversationLine[];
  totalSeconds: number;
} {
  let offset = 0;
  const timed = lines.map((line) => {
    const at = offset;
    offset += estimatedSeconds(line.text);
    return { ...line, offset: at };
  });
  return { lines: timed, totalSeconds: offset };
}

export interface GeneratedCall {
  status: CallStatus;
  caller: string;
  called: string;
  startTime: Date;
  durationSeconds: number;
  /** Index into DEMO_CONVERSATIONS when the call is recorded. */
  conversation: number | null;
}

export interface CallLogShape {
  /** The phone's users' extensions. */
  extensions: readonly string[];
  /** The phone's own numbers (E.164): a missed call rang one of them. */
  numbers: readonly string[];
  /** Days back from `now`'s UK day (that day included). */
  days: number;
  now: Date;
  seed: number;
  /** Calls a day on weekdays, Saturdays and Sundays; default a small trade business's. */
  perDay?: { weekday: number; saturday: number; sunday: number };
  /** Whether recorded calls carry a conversation; default true. */
  recordings?: boolean;
}

/** The customers' numbers a phone talks to: a fixed pool, so the same callers come back (and a number filter finds several). */
function customerNumbers(random: () => number): string[] {
  return Array.from({ length: 60 }, () => `07700${String(Math.floor(random() * 900_000) + 100_000)}`);
}

function pickHour(random: () => number): number {
  const total = Object.values(HOUR_WEIGHTS).reduce((sum, w) => sum + w, 0);
  let r = random() * total;
  for (const [hour, weight] of Object.entries(HOUR_WEIGHTS)) {
    r -= weight;
    if (r < 0) return Number(hour);
  }
  return 12;
}

/**
 * A cloud phone's call log for `days` UK days up to `now` (no call after it), with a daily and weekly
 * rhythm: busy weekdays peaking mid-morning, quiet weekends. Deterministic for a seed.
 */
export function* generateCalls(shape: CallLogShape): Generator<GeneratedCall> {
  const random = seededRandom(shape.seed);
  const pool = customerNumbers(random);
  const perDay = shape.perDay ?? CALLS_PER_DAY;
  const today = ukDate(shape.now);
  let recordable = 0;
  for (let back = shape.days - 1; back >= 0; back--) {
    const day = addDays(today, -back);
    const midnight = ukMidnight(day).getTime();
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const base = weekday === 0 ? perDay.sunday : weekday === 6 ? perDay.saturday : perDay.weekday;
    // Mondays are busiest, Fridays quieter; each day varies by a fifth.
    const factor = (weekday === 1 ? 1.2 : weekday === 5 ? 0.85 : 1) * (0.8 + random() * 0.4);
    const count = Math.round(base * factor);
    const starts = Array.from(
      { length: count },
      () => midnight + pickHour(random) * 3_600_000 + Math.floor(random() * 3_600_000),
    ).sort((a, b) => a - b);
    for (const start of starts) {
      if (start > shape.now.getTime()) break;
      const kind = random();
      const status: CallStatus = kind < 0.4 ? 'outbound_call' : kind < 0.85 ? 'answered' : 'missed';
      const extension = shape.extensions[Math.floor(random() * shape.extensions.length)]!;
      const outside = pool[Math.floor(random() * pool.length)]!;
      const ours = shape.numbers[Math.floor(random() * shape.numbers.length)] ?? extension;
      // Mostly a few minutes, now and then long; a missed call rang for a while and was not answered.
      const talk = Math.round(-Math.log(1 - random()) * 150) + 8;
      const durationSeconds = status === 'missed' ? 0 : Math.min(talk, 3 * 3600);
      let conversation: number | null = null;
      if (status !== 'missed' && shape.recordings !== false && recordable++ % RECORD_EVERY === 0)
        conversation = Math.floor(random() * DEMO_CONVERSATIONS.length);
      yield {
        status,
        caller: status === 'outbound_call' ? extension : outside,
        called: status === 'outbound_call' ? outside : status === 'answered' ? extension : ours,
        startTime: new Date(start),
        durationSeconds,
        conversation,
      };
    }
  }
}

const CHUNK = 1000;

/**
 * Seeds a cloud phone's call log (see generateCalls) in the seed's transaction, with a recording,
 * its script and its transcript on some calls. The audio is spoken on first play (call-log
 * repository), which keeps the first start fast.
 */
export async function seedCallLog(
  tx: Inserts,
  productId: number,
  shape: CallLogShape,
): Promise<{ calls: number; recordings: number }> {
  const calls = [...generateCalls(shape)];
  let recordings = 0;
  for (let from = 0; from < calls.length; from += CHUNK) {
    const chunk = calls.slice(from, from + CHUNK);
    const scripts = chunk.map((call) =>
      call.conversation === null ? null : timedScript(DEMO_CONVERSATIONS[call.conversation]!),
    );
    const ids = await tx
      .insert(callLogs)
      // A recorded call lasts at least as long as its recording.
      .values(
        chunk.map(({ conversation: _, ...call }, i) => ({
          productId,
          ...call,
          durationSeconds: Math.max(call.durationSeconds, scripts[i]?.totalSeconds ?? 0),
        })),
      )
      .returning({ id: callLogs.id });
    const recorded = chunk.flatMap((call, i) => {
      const script = scripts[i];
      return script ? [{ call, id: ids[i]!.id, script }] : [];
    });
    if (recorded.length === 0) continue;
    // Recording ids are unique across phones seeded alike: the phone is part of their seed.
    const random = seededRandom(shape.seed * 1_000_003 + productId * 7919 + from);
    const rows = recorded.map(({ call, id, script }) => ({
      uuid: uuidFrom(random),
      callLogId: id,
      productId,
      startTime: call.startTime,
      durationSeconds: script.totalSeconds,
      script: script.lines,
    }));
    await tx.insert(callRecordings).values(rows);
    await tx.insert(callTranscriptions).values(
      rows.map((row) => ({
        recordingUuid: row.uuid,
        lines: row.script,
        text: row.script.map((line) => line.text).join('\n'),
        totalSeconds: row.durationSeconds,
      })),
    );
    recordings += rows.length;
  }
  return { calls: calls.length, recordings };
}

/** A version-4 UUID from the seeded generator (the seed stays deterministic). */
function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/**
 * For bench/call-log.ts: records one in `every` answered or outbound calls of the phone with one of
 * the demo conversations' transcripts (no audio), in two statements; answers the phone's calls and recordings.
 */
export async function recordCallsForBench(
  db: Pick<Database, 'execute'>,
  productId: number,
  every: number,
): Promise<{ calls: number; recordings: number }> {
  const texts = DEMO_CONVERSATIONS.map((lines) => lines.map((line) => line.text).join('\n'));
  await db.execute(sql`
    insert into call_recordings (uuid, call_log_id, product_id, start_time, duration_seconds)
    select gen_random_uuid(), id, product_id, start_time, least(duration_seconds, 60)
    from call_logs where product_id = ${productId} and status <> 'missed' and id % ${every} = 0
    and not exists (select 1 from call_recordings r where r.call_log_id = call_logs.id)`);
  await db.execute(sql`
    insert into call_transcriptions (recording_uuid, lines, text, total_seconds)
    select uuid, '[]'::jsonb, (array[${sql.join(
      texts.map((text) => sql`${text}::text`),
      sql`, `,
    )}])[1 + (call_log_id % ${texts.length})], duration_seconds
    from call_recordings where product_id = ${productId}
    on conflict do nothing`);
  await db.execute(sql`analyze`);
  const counted = (await db.execute(
    sql`select (select count(*) from call_logs where product_id = ${productId})::int as calls, (select count(*) from call_recordings where product_id = ${productId})::int as recordings`,
  )) as unknown as { rows: Array<{ calls: number; recordings: number }> };
  return counted.rows[0]!;
}

/**
 * For bench/call-log.ts: the newest `limit` recordings of a phone, each given `audioKey(uuid)` (audio the bench
 * has stored there); answers their uuids.
 */
export async function giveRecordingsAudioForBench(
  db: Pick<Database, 'execute'>,
  productId: number,
  limit: number,
  audioKey: (uuid: string) => string,
): Promise<string[]> {
  const rows = (await db.execute(
    sql`select uuid from call_recordings where product_id = ${productId} and deleted_at is null order by start_time desc limit ${limit}`,
  )) as unknown as { rows: Array<{ uuid: string }> };
  const uuids = rows.rows.map((row) => row.uuid);
  for (const uuid of uuids)
    await db.execute(sql`update call_recordings set audio_key = ${audioKey(uuid)} where uuid = ${uuid}`);
  return uuids;
}

/** For bench/call-log.ts on PostgreSQL: drops the schema it ran in. */
export async function dropBenchSchema(db: Pick<Database, 'execute'>, schemaName: string): Promise<void> {
  if (!/^bench_[a-z0-9_]+$/.test(schemaName)) throw new Error(`not a bench schema: ${schemaName}`);
  await db.execute(sql.raw(`drop schema "${schemaName}" cascade`));
}
