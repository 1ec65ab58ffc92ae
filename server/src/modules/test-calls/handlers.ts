import { createHash, randomBytes, randomUUID } from 'node:crypto';

import {
  buildPath,
  CALL_RUNTIME_SECRET_HEADER,
  callRuntimeWebPaths,
  TEST_CALL_HISTORY_SIZE,
  TEST_CALL_TOKEN_TTL_MS,
  TEST_CALL_USER_PREFIX,
  TestCallAnswer,
  testCallMessages,
} from '@portal/contract';
import { findNode, londonTime, stepTitle, type CallFlow, type HolidayPeriod } from '@portal/editor-core';

import { sendAudio } from '../../audio/serve.ts';
import { detailError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { callFlowOf } from '../call-flows/index.ts';
import { holidaysOf } from '../phone-setup/index.ts';
import { notFound, ownedVoipProduct, rowId } from '../products/index.ts';
import { seatsOfProduct } from '../users/index.ts';
import { createTestCall, testCallHistory, testCallOfFlow, type TestCallRow } from './test-calls-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where test calls are answered (`host:port` of the call runtime's SIP), or null when CALL_RUNTIME=off. */
    testCallSipHost: string | null;
    /** The runtime's loopback listener for browsers' calls and its secret; null when CALL_RUNTIME=off or it stopped. */
    testCallRuntime: { secret: string; webUrl: string | null } | null;
  }
}

/** The runtime's answers to a browser's offer, as the customer reads them. */
const OFFER_REFUSALS: Readonly<Record<number, { status: number; detail: string }>> = {
  404: { status: 410, detail: testCallMessages.callUsed },
  486: { status: 409, detail: testCallMessages.callBusy },
  488: { status: 400, detail: testCallMessages.noG711 },
  503: { status: 503, detail: testCallMessages.runtimeOff },
};

/** A POST to the runtime's loopback listener with the shared secret. */
async function askRuntime(
  request: { server: { testCallRuntime: { secret: string; webUrl: string | null } | null } },
  path: string,
  json?: unknown,
): Promise<Response> {
  const runtime = request.server.testCallRuntime;
  if (!runtime?.webUrl) throw detailError(503, testCallMessages.runtimeOff);
  try {
    return await fetch(new URL(path, runtime.webUrl), {
      method: 'POST',
      headers: {
        [CALL_RUNTIME_SECRET_HEADER]: runtime.secret,
        ...(json !== undefined && { 'content-type': 'application/json' }),
      },
      ...(json !== undefined && { body: JSON.stringify(json) }),
      signal: AbortSignal.timeout(20_000),
    });
  } catch {
    throw detailError(503, testCallMessages.runtimeOff);
  }
}

/** How a token is stored: its sha256, so the table never holds a callable address. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const testCallHandlers = {
  /**
   * A single-use SIP address for the flow as saved, at the chosen instant (now by default); "on a holiday" adds the
   * instant's London date to the product's holiday schedule for this call only.
   */
  startTestCall: async ({ params, body, request, reply }) => {
    const sipHost = request.server.testCallSipHost;
    if (!sipHost) throw detailError(503, testCallMessages.runtimeOff);
    const product = await ownedVoipProduct(request, params.id);
    const row = await callFlowOf(request.server.db, product.id, rowId(params.flow));
    if (!row) throw notFound();
    const now = request.server.now();
    const at = body.at ? new Date(body.at) : now;
    if (Number.isNaN(at.getTime())) throw detailError(400, testCallMessages.badInstant);
    const holidays: HolidayPeriod[] = (await holidaysOf(request.server.db, product.id)).map((h) => ({
      start_date: h.startDate,
      end_date: h.endDate,
    }));
    if (body.holiday) {
      const { date } = londonTime(at);
      holidays.push({ start_date: date, end_date: date });
    }
    const names: Record<string, string> = {};
    for (const seat of await seatsOfProduct(request.server.db, product.id))
      names[seat.extension] = `${seat.firstName} ${seat.lastName}`.trim();
    const flow: CallFlow = { id: String(row.id), name: row.name, enable: row.enable, data: row.data };
    const token = randomBytes(18).toString('base64url');
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + TEST_CALL_TOKEN_TTL_MS);
    await createTestCall(request.server.db, {
      id,
      productId: product.id,
      flowId: row.id,
      flowVersion: row.version,
      tokenHash: tokenHash(token),
      flow,
      at,
      holidays,
      names,
      createdAt: now,
      expiresAt,
    });
    reply.header('cache-control', 'no-store');
    return {
      id,
      token,
      sip_uri: `sip:${TEST_CALL_USER_PREFIX}${token}@${sipHost}`,
      expires_at: expiresAt.toISOString(),
      flow_version: row.version,
    };
  },

  getTestCall: async ({ params, request }) => {
    const call = await ownedTestCall(request, params);
    const moments = call.moments as Array<{ kind: 'node' | 'event' | 'menu' | 'outcome'; nodeId?: unknown }>;
    return {
      id: call.id,
      flow_version: call.flowVersion,
      at: call.at.toISOString(),
      answered: call.claimedAt !== null,
      ended: call.endedAt !== null,
      path: pathOf(call),
      moments,
      outcome: call.outcome as { kind: string } | null,
      end_reason: call.endReason as 'flow_ended' | 'caller_hung_up' | 'time_limit' | null,
      duration_ms: call.durationMs,
      voicemail: call.voicemailKey !== null,
    };
  },

  /**
   * The browser calls its test call's address: the customer's offer (with the address's token, checked against
   * the call it was granted for) passed to the runtime on loopback, its answer passed back.
   */
  answerTestCall: async ({ params, body, request, reply }) => {
    const call = await ownedTestCall(request, params);
    if (tokenHash(body.token) !== call.tokenHash) throw notFound();
    if (call.claimedAt !== null || call.expiresAt <= request.server.now())
      throw detailError(410, testCallMessages.callUsed);
    const response = await askRuntime(request, callRuntimeWebPaths.offer, { token: body.token, sdp: body.sdp });
    const refused = OFFER_REFUSALS[response.status];
    if (refused) {
      await response.body?.cancel();
      throw detailError(refused.status, refused.detail);
    }
    if (response.status === 400) throw detailError(400, testCallMessages.noOffer);
    if (!response.ok) throw detailError(503, testCallMessages.runtimeOff);
    reply.header('cache-control', 'no-store');
    return TestCallAnswer.parse(await response.json());
  },

  /** Hangs up the browser's test call (the runtime then reports how it ended). */
  hangUpTestCall: async ({ params, request }) => {
    const call = await ownedTestCall(request, params);
    if (call.endedAt !== null) return { detail: 'The call has ended.' };
    const response = await askRuntime(request, buildPath(callRuntimeWebPaths.hangUp, { call: call.id }));
    await response.body?.cancel();
    if (response.status === 404) throw detailError(409, testCallMessages.callNotUp);
    if (!response.ok) throw detailError(503, testCallMessages.runtimeOff);
    return { detail: 'The call has ended.' };
  },

  /** Call history's test calls: each marked as one, with its steps by title, its outcome and its message. */
  listTestCalls: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const rows = await testCallHistory(request.server.db, product.id, TEST_CALL_HISTORY_SIZE);
    return {
      results: rows.map((call) => {
        const path = pathOf(call);
        return {
          id: call.id,
          flow_id: String(call.flowId),
          flow_name: call.flow.name,
          at: call.at.toISOString(),
          started_at: (call.claimedAt ?? call.createdAt).toISOString(),
          ended_at: call.endedAt?.toISOString() ?? null,
          duration_ms: call.durationMs,
          end_reason: call.endReason as 'flow_ended' | 'caller_hung_up' | 'time_limit' | null,
          steps: path.map((id) => {
            const node = findNode(call.flow.data, id);
            return { id, title: node ? stepTitle(node) : 'A step since removed' };
          }),
          outcome: call.outcome as { kind: string } | null,
          names: call.names,
          voicemail: call.voicemailKey !== null,
        };
      }),
    };
  },

  getTestCallVoicemail: async ({ params, request, reply }) => {
    const call = await ownedTestCall(request, params);
    const bytes = call.voicemailKey ? await request.server.audio.get(call.voicemailKey) : null;
    if (!bytes) throw notFound();
    return sendAudio(request, reply, bytes, `test-call-${call.id}.wav`);
  },
} satisfies Pick<
  Handlers,
  'startTestCall' | 'getTestCall' | 'listTestCalls' | 'getTestCallVoicemail' | 'answerTestCall' | 'hangUpTestCall'
>;

/** The walk's path once it ended; the nodes reached so far while it runs (or when the caller hung up mid-way). */
function pathOf(call: TestCallRow): string[] {
  if (call.path?.length) return call.path;
  const moments = call.moments as Array<{ kind: string; nodeId?: unknown }>;
  return moments.flatMap((m) => (m.kind === 'node' && typeof m.nodeId === 'string' ? [m.nodeId] : []));
}

/** A test call of the signed-in customer's product and flow, else 404. */
async function ownedTestCall(
  request: Parameters<typeof ownedVoipProduct>[0],
  params: { id: number; flow: string; call: string },
): Promise<TestCallRow> {
  const product = await ownedVoipProduct(request, params.id);
  const call = await testCallOfFlow(request.server.db, product.id, rowId(params.flow), params.call);
  if (!call) throw notFound();
  return call;
}
