import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { callFlowMessages, type SimpleCallFlow, type StoredCallFlow } from '@portal/contract';
import { checkOpeningHours, flowNameError } from '@portal/editor-core';
import { flowSizeProblem, flowStoreProblem, isStoredFlowValid } from './checks.ts';
import { nodeLimitsFor } from './limits.ts';
import { defaultSimpleCallFlowData, SIMPLE_CALL_FLOW_NAME } from './simple.ts';
import { checkVersion, sendVersion } from './versions.ts';
import type { Database } from '../../db/connect.ts';
import { callFlows, simpleCallFlows } from '../../db/schema/index.ts';
import { ApiError, detailError } from '../../plugins/errors.ts';
import type { Guard, Guards, Handlers } from '../../routes/index.ts';
import { lockProduct, notFound, ownedVoipProduct, rowId } from '../products/products.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type FlowRow = typeof callFlows.$inferSelect;

function toStored(row: FlowRow): StoredCallFlow {
  return {
    id: String(row.id),
    name: row.name,
    enable: row.enable,
    data: row.data,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

const nameError = (message: string) => new ApiError(400, { name: [message] });
const invalidActiveFlow = () => detailError(400, callFlowMessages.invalidActiveFlow);

/**
 * Exactly one flow is active: enabling one disables every other custom flow of the product
 * (all but `keep`) and, unless the simple call flow is the one, the simple call flow.
 * Each disabled flow gets a new version, so an editor holding the old one hears of it.
 */
async function disableOtherFlows(tx: Tx, productId: number, now: Date, keep: { flowId?: number; simple?: boolean }) {
  const conditions: SQL[] = [eq(callFlows.productId, productId), eq(callFlows.enable, true)];
  if (keep.flowId !== undefined) conditions.push(ne(callFlows.id, keep.flowId));
  await tx
    .update(callFlows)
    .set({ enable: false, version: sql`${callFlows.version} + 1`, updatedAt: now })
    .where(and(...conditions));
  if (!keep.simple) {
    await tx
      .update(simpleCallFlows)
      .set({ enable: false, version: sql`${simpleCallFlows.version} + 1`, updatedAt: now })
      .where(and(eq(simpleCallFlows.productId, productId), eq(simpleCallFlows.enable, true)));
  }
}

async function flowsOf(db: Pick<Database, 'select'>, productId: number): Promise<FlowRow[]> {
  return db.select().from(callFlows).where(eq(callFlows.productId, productId)).orderBy(asc(callFlows.id));
}

const namesExcept = (rows: readonly FlowRow[], id: number | null) => rows.filter((row) => row.id !== id).map((row) => row.name);

/** Checked before zod walks the body: a flow tree too deep or too large answers 400, never a stack overflow. */
const checkFlowSize: Guard = (body) => {
  const data = (body as { data?: unknown } | null)?.data;
  const problem = data === undefined ? null : flowSizeProblem(data);
  return problem === null ? null : new ApiError(400, { data: [problem] });
};

export const callFlowGuards: Guards = { createCallFlow: checkFlowSize, patchCallFlow: checkFlowSize };

export const callFlowHandlers = {
  listCallFlows: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const rows = await flowsOf(request.server.db, product.id);
    return {
      results: rows.map((row) => {
        const { data: _data, ...summary } = toStored(row);
        return { ...summary, valid: isStoredFlowValid(row, namesExcept(rows, row.id)) };
      }),
    };
  },

  getCallFlow: async ({ params, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const [row] = await request.server.db
      .select()
      .from(callFlows)
      .where(and(eq(callFlows.id, rowId(params.flow)), eq(callFlows.productId, product.id)))
      .limit(1);
    if (!row) throw notFound();
    sendVersion(reply, row.version);
    return toStored(row);
  },

  createCallFlow: async ({ params, body, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const now = request.server.now();
    const row = await request.server.db.transaction(async (tx) => {
      const locked = await lockProduct(request, tx, product.id);
      const others = namesExcept(await flowsOf(tx, product.id), null);
      const badName = flowNameError(body.name, others);
      if (badName) throw nameError(badName);
      const problem = flowStoreProblem(body.data, nodeLimitsFor(locked), locked.advancedCallFlows);
      if (problem) throw detailError(400, problem);
      if (body.enable) {
        if (!isStoredFlowValid(body, others)) throw invalidActiveFlow();
        await disableOtherFlows(tx, product.id, now, {});
      }
      const [created] = await tx
        .insert(callFlows)
        .values({ productId: product.id, name: body.name, enable: body.enable, data: body.data, createdAt: now, updatedAt: now })
        .returning();
      return created as FlowRow;
    });
    reply.header('location', `/api/v2/voip/${product.id}/call-flows/${row.id}/`);
    sendVersion(reply, row.version);
    return toStored(row);
  },

  patchCallFlow: async ({ params, body, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const flowId = rowId(params.flow);
    const now = request.server.now();
    const row = await request.server.db.transaction(async (tx) => {
      const locked = await lockProduct(request, tx, product.id);
      const rows = await flowsOf(tx, product.id);
      const current = rows.find((r) => r.id === flowId);
      if (!current) throw notFound();
      checkVersion(request, current.version, body.version);
      if (body.name === undefined && body.enable === undefined && body.data === undefined) return current;

      const others = namesExcept(rows, flowId);
      const next = { name: body.name ?? current.name, enable: body.enable ?? current.enable, data: body.data ?? current.data };
      if (body.name !== undefined) {
        const badName = flowNameError(body.name, others);
        if (badName) throw nameError(badName);
      }
      if (body.data !== undefined) {
        const problem = flowStoreProblem(body.data, nodeLimitsFor(locked), locked.advancedCallFlows);
        if (problem) throw detailError(400, problem);
      }
      // Enabling, or changing the tree of the active flow, needs a valid flow; a draft may be unfinished.
      if (next.enable && (body.enable === true || body.data !== undefined) && !isStoredFlowValid(next, others)) {
        throw invalidActiveFlow();
      }
      if (next.enable) await disableOtherFlows(tx, product.id, now, { flowId });
      const [updated] = await tx
        .update(callFlows)
        .set({ ...next, version: current.version + 1, updatedAt: now })
        .where(eq(callFlows.id, flowId))
        .returning();
      return updated as FlowRow;
    });
    sendVersion(reply, row.version);
    return toStored(row);
  },

  deleteCallFlow: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const flowId = rowId(params.flow);
    await request.server.db.transaction(async (tx) => {
      await lockProduct(request, tx, product.id);
      const [row] = await tx
        .select()
        .from(callFlows)
        .where(and(eq(callFlows.id, flowId), eq(callFlows.productId, product.id)));
      if (!row) throw notFound();
      checkVersion(request, row.version);
      await tx.delete(callFlows).where(eq(callFlows.id, flowId));
    });
    return { detail: 'Call flow deleted.' };
  },

  getSimpleCallFlow: async ({ params, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const flow = await simpleCallFlowOf(request.server.db, product.id);
    sendVersion(reply, flow.version);
    return flow;
  },

  patchSimpleCallFlow: async ({ params, body, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const now = request.server.now();
    const flow = await request.server.db.transaction(async (tx) => {
      await lockProduct(request, tx, product.id);
      const current = await simpleCallFlowOf(tx, product.id);
      checkVersion(request, current.version, body.version);
      if (body.enable === undefined && body.data === undefined) return current;

      const next = { enable: body.enable ?? current.enable, data: body.data ?? current.data };
      if (body.data !== undefined) {
        const problems = checkOpeningHours(body.data.out_of_hours.business_hours);
        if (problems.length > 0) {
          throw new ApiError(400, { 'data.out_of_hours.business_hours': [...new Set(problems.map((p) => p.message))] });
        }
      }
      const welcome = next.data.welcome_greeting;
      if (next.enable && welcome.enabled && !welcome.audio_file?.trim()) {
        throw detailError(400, callFlowMessages.welcomeGreetingNeedsAudio);
      }
      if (next.enable) await disableOtherFlows(tx, product.id, now, { simple: true });
      const values = { ...next, name: SIMPLE_CALL_FLOW_NAME, version: current.version + 1, updatedAt: now };
      const [saved] = await tx
        .insert(simpleCallFlows)
        .values({ productId: product.id, ...values })
        .onConflictDoUpdate({ target: simpleCallFlows.productId, set: values })
        .returning();
      if (!saved) throw new Error('simple call flow not saved');
      return { enable: saved.enable, name: saved.name, data: saved.data, version: saved.version };
    });
    sendVersion(reply, flow.version);
    return flow;
  },
} satisfies Pick<
  Handlers,
  | 'listCallFlows'
  | 'getCallFlow'
  | 'createCallFlow'
  | 'patchCallFlow'
  | 'deleteCallFlow'
  | 'getSimpleCallFlow'
  | 'patchSimpleCallFlow'
>;

/** The stored simple call flow, or the defaults (version 1) when the product has never changed it. */
async function simpleCallFlowOf(db: Pick<Database, 'select'>, productId: number): Promise<SimpleCallFlow> {
  const [row] = await db.select().from(simpleCallFlows).where(eq(simpleCallFlows.productId, productId)).limit(1);
  if (!row) return { enable: false, name: SIMPLE_CALL_FLOW_NAME, data: defaultSimpleCallFlowData(), version: 1 };
  return { enable: row.enable, name: row.name, data: row.data, version: row.version };
}
