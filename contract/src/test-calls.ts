/**
 * A real test call of a custom call flow: the portal grants a single-use SIP address bound to the flow's saved
 * version, an instant and the holidays; the call runtime (its own process) answers it and reads what it needs through
 * the server's internal endpoints below, never the database (ARCHITECTURE.md, call-runtime).
 */
import * as z from 'zod/mini';

import { CallFlowSchema, HolidayPeriodSchema } from '@portal/editor-core';

import { Binary } from './call-flows.ts';
import { endpoint } from './endpoint.ts';
import { idNumber, idText } from './ids.ts';

/** One moment of the walk (editor-core's CallMoment) as the API carries it. */
function TestCallMomentSchema() {
  return z.looseObject({ kind: z.enum(['node', 'event', 'menu', 'outcome']) });
}

/** How long a test-call address can be called after it is granted. */
export const TEST_CALL_TOKEN_TTL_MS = 10 * 60 * 1000;
/** The longest a test call lasts: the runtime ends it then. */
export const TEST_CALL_MAX_MS = 10 * 60 * 1000;
/** Test calls of one product up at once. */
export const TEST_CALLS_PER_PRODUCT = 2;
/** The user part of a test-call address: `flow-{token}`. */
export const TEST_CALL_USER_PREFIX = 'flow-';

export const testCallMessages = {
  unsavedFlow: 'Save the call flow before calling it: a test call plays the saved version.',
  badInstant: 'Choose a valid date and time for the test call',
  runtimeOff: 'Test calls are turned off on this portal.',
  callUsed: 'This test call has ended or its address has expired: start a new call.',
  callBusy: `At most ${TEST_CALLS_PER_PRODUCT} test calls of this phone can be up at once: hang up one first.`,
  noG711: 'Your browser offered no G.711 audio, which test calls need.',
  noOffer: 'The browser sent no call offer',
  callNotUp: 'This test call is not up.',
} as const;

/** What the caller chooses: the instant the call is made at (now when left out), and whether it is a holiday. */
export const StartTestCall = z.object({
  at: z.optional(z.iso.datetime({ offset: true, error: testCallMessages.badInstant })),
  holiday: z.optional(z.boolean()),
});
export type StartTestCall = z.infer<typeof StartTestCall>;

export const TestCallGrant = z.object({
  /** The test call's id (its events and outcome). */
  id: z.string(),
  /** Single use, for TEST_CALL_TOKEN_TTL_MS. */
  token: z.string(),
  sip_uri: z.string(),
  expires_at: z.string(),
  /** The flow version the call plays. */
  flow_version: z.int(),
});
export type TestCallGrant = z.infer<typeof TestCallGrant>;

const FlowParams = z.object({ id: idNumber('Unknown product'), flow: idText('Unknown call flow') });
const CallParams = z.extend(FlowParams, { call: z.uuid({ error: 'Unknown test call' }) });

/** A test call as the panel follows it: the live path (editor-core's CallMoment, in order) and, once ended, how. */
export const TestCallState = z.object({
  id: z.string(),
  flow_version: z.int(),
  at: z.string(),
  /** The runtime answered the address. */
  answered: z.boolean(),
  ended: z.boolean(),
  /** Node ids in the order the call reached them (the canvas highlight). */
  path: z.array(z.string()),
  moments: z.array(TestCallMomentSchema()),
  outcome: z.nullable(z.looseObject({ kind: z.string() })),
  end_reason: z.nullable(z.enum(['flow_ended', 'caller_hung_up', 'time_limit'])),
  duration_ms: z.nullable(z.int()),
  /** A message was left (GET .../voicemail/ plays it). */
  voicemail: z.boolean(),
});
export type TestCallState = z.infer<typeof TestCallState>;

/** How many test calls call history lists: the newest. */
export const TEST_CALL_HISTORY_SIZE = 20;

/**
 * A test call as call history lists it, marked as a test call and kept out of the call reports' figures: the flow,
 * the instant it was made as, the steps it took (each with its title, as the editor names steps), how it ended, and
 * whether a message was left (GET .../voicemail/ of the call plays it).
 */
export const TestCallHistoryEntry = z.object({
  id: z.string(),
  flow_id: z.string(),
  flow_name: z.string(),
  /** The instant the call was made as (now, or the day and time chosen). */
  at: z.string(),
  /** When the call was answered. */
  started_at: z.string(),
  ended_at: z.nullable(z.string()),
  duration_ms: z.nullable(z.int()),
  end_reason: z.nullable(z.enum(['flow_ended', 'caller_hung_up', 'time_limit'])),
  steps: z.array(z.object({ id: z.string(), title: z.string() })),
  outcome: z.nullable(z.looseObject({ kind: z.string() })),
  /** Extension -> who answers it, as the call knew them. */
  names: z.record(z.string(), z.string()),
  voicemail: z.boolean(),
});
export type TestCallHistoryEntry = z.infer<typeof TestCallHistoryEntry>;
export const TestCallHistory = z.object({ results: z.array(TestCallHistoryEntry) });
export type TestCallHistory = z.infer<typeof TestCallHistory>;

/** A browser's WebRTC offer for a test call it was granted (the token of its address), gathered in full. */
export const TestCallOffer = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  sdp: z
    .string({ error: testCallMessages.noOffer })
    .check(z.minLength(1, testCallMessages.noOffer), z.maxLength(20_000)),
});
export type TestCallOffer = z.infer<typeof TestCallOffer>;

/** The call runtime's WebRTC answer, its candidates gathered. */
export const TestCallAnswer = z.object({ sdp: z.string() });
export type TestCallAnswer = z.infer<typeof TestCallAnswer>;

export const testCallEndpoints = {
  startTestCall: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:id/call-flows/:flow/test-call/',
    summary: 'A single-use SIP address that calls the saved flow at the chosen instant',
    auth: true,
    params: FlowParams,
    body: StartTestCall,
    response: TestCallGrant,
    status: 201,
  }),
  getTestCall: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/call-flows/:flow/test-call/:call/',
    summary: 'A test call as it happens: its live path, then its outcome',
    auth: true,
    params: CallParams,
    response: TestCallState,
  }),
  answerTestCall: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:id/call-flows/:flow/test-call/:call/webrtc/',
    summary: "Calls the test call's address from the browser: its WebRTC offer answered",
    auth: true,
    params: CallParams,
    body: TestCallOffer,
    response: TestCallAnswer,
  }),
  hangUpTestCall: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:id/call-flows/:flow/test-call/:call/hang-up/',
    summary: "Hangs up the browser's test call",
    auth: true,
    params: CallParams,
    response: z.object({ detail: z.string() }),
  }),
  listTestCalls: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/test-calls/',
    summary: "The product's newest test calls, for call history",
    auth: true,
    params: z.object({ id: idNumber('Unknown product') }),
    response: TestCallHistory,
  }),
  getTestCallVoicemail: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/call-flows/:flow/test-call/:call/voicemail/',
    summary: 'The message left in a test call (audio/wav)',
    auth: true,
    params: CallParams,
    response: Binary,
  }),
};

// The call runtime's side: internal endpoints of the server, on loopback, with a shared secret.

/** The header that carries the shared secret of the server and its call runtime. */
export const CALL_RUNTIME_SECRET_HEADER = 'x-call-runtime-secret';

export const ClaimTestCall = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });

/** A claimed test call: what the runtime walks. */
export const ClaimedTestCall = z.object({
  id: z.string(),
  product_id: z.string(),
  flow: CallFlowSchema,
  at: z.string(),
  holidays: z.array(HolidayPeriodSchema),
  /** Extension -> who answers it, for the announcement of a transfer. */
  names: z.record(z.string(), z.string()),
});
export type ClaimedTestCall = z.infer<typeof ClaimedTestCall>;

export const TestCallSpeech = z.object({ text: z.string().check(z.minLength(1), z.maxLength(1000)) });

/** One moment of the walk as it happens, kept for the live path. */
export const TestCallMoment = TestCallMomentSchema();

export const FinishedTestCall = z.object({
  path: z.array(z.string()).check(z.maxLength(1000)),
  outcome: z.nullable(z.looseObject({ kind: z.string() })),
  reason: z.enum(['flow_ended', 'caller_hung_up', 'time_limit']),
  duration_ms: z.int().check(z.nonnegative()),
  /** The message left, as a WAV file in AUDIO_FORMAT, base64. */
  voicemail_wav: z.nullable(z.string().check(z.maxLength(4_000_000))),
});
export type FinishedTestCall = z.infer<typeof FinishedTestCall>;

/** The internal endpoints' paths (not part of the public API; the server answers them on loopback only). */
export const internalTestCallPaths = {
  claim: '/internal/call-runtime/claim/',
  audio: '/internal/call-runtime/calls/:call/audio/:name/',
  speech: '/internal/call-runtime/speech/',
  moment: '/internal/call-runtime/calls/:call/moments/',
  finish: '/internal/call-runtime/calls/:call/finish/',
} as const;

/** The call runtime's own loopback endpoints, which the server calls with the shared secret: a browser's call. */
export const callRuntimeWebPaths = {
  offer: '/webrtc/offer/',
  hangUp: '/webrtc/calls/:call/hang-up/',
} as const;
