import type { FastifyRequest } from 'fastify';

import {
  CALL_FLOW_VERSIONS_PAGE_SIZE,
  callFlowMessages,
  STORAGE_LIMIT_STATUS,
  STORAGE_LIMITS,
  storageMessages,
  type CallFlowVersion,
  type PatchCallFlow,
  type SimpleCallFlow,
  type StoredCallFlow,
} from '@portal/contract';
import { checkOpeningHours, flowNameError, type FlowNode } from '@portal/editor-core';

import { authOf, readWithSession } from '../../plugins/auth.ts';
import { ApiError, detailError } from '../../plugins/errors.ts';
import { readsSessionItself, type Guard, type Guards, type Handlers } from '../../routes/index.ts';
import { isRowId, notFound, ownedVoipProduct, rowId, type Product } from '../products/index.ts';
import {
  callFlowOf,
  callFlowsOf,
  disableOtherFlows,
  forgetInvalidFlows,
  insertCallFlow,
  lockedProductTransaction,
  rememberFlowValidity,
  removeCallFlow,
  saveSimpleCallFlow,
  simpleCallFlowRow,
  updateCallFlow,
  type CallFlowTransaction,
  type FlowRow,
  type SimpleFlowRow,
} from './call-flows-repository.ts';
import { flowSizeProblem, flowStoreProblem, isStoredFlowValid } from './checks.ts';
import { flowSummariesOf, flowSummariesWithSession } from './flow-list-read-model.ts';
import {
  flowHasVersions,
  flowVersion,
  flowVersionPage,
  recordFlowVersion,
  type VersionAuthor,
  type VersionRow,
} from './flow-versions-repository.ts';
import { nodeLimitsFor } from './limits.ts';
import { defaultSimpleCallFlowData, SIMPLE_CALL_FLOW_NAME } from './simple.ts';
import { checkVersion, sendVersion } from './versions.ts';

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

function toVersion(row: VersionRow): CallFlowVersion {
  return {
    number: row.number,
    name: row.name,
    note: row.note,
    saved_at: row.savedAt.toISOString(),
    saved_by: row.savedByName,
    by_staff: row.byStaff,
    restored_from: row.restoredFrom,
  };
}

/** Who is saving, for the version the save keeps: the session's user, and the staff member acting as them if any. */
function authorOf(request: FastifyRequest, note: string | undefined, restoredFrom: number | null): VersionAuthor {
  const { user, actingUserId } = authOf(request);
  return {
    savedById: user.id,
    savedByName: `${user.firstName} ${user.lastName}`.trim(),
    staffUserId: actingUserId,
    note: note?.trim() ? note.trim() : null,
    restoredFrom,
    at: request.server.now(),
  };
}

const versionNotFound = () => detailError(404, callFlowMessages.versionNotFound);

const nameError = (message: string) => new ApiError(400, { name: [message] });
const invalidActiveFlow = () => detailError(400, callFlowMessages.invalidActiveFlow);

/**
 * Runs `work` with the product's row locked (its flows change one at a time). Exactly one flow is
 * active: enabling one disables every other (disableOtherFlows).
 */
async function withProductLocked<T>(
  request: FastifyRequest,
  productId: number,
  work: (locked: Product, tx: CallFlowTransaction) => Promise<T>,
): Promise<T> {
  const result = await lockedProductTransaction(request.server.db, productId, work);
  if (result === null) throw notFound();
  return result;
}

const namesExcept = (rows: ReadonlyArray<Pick<FlowRow, 'id' | 'name'>>, id: number | null) =>
  rows.filter((row) => row.id !== id).map((row) => row.name);

/** Checked before zod walks the body: a flow tree too deep or too large answers 400, never a stack overflow. */
const checkFlowSize: Guard = (body) => {
  const data = (body as { data?: unknown } | null)?.data;
  const problem = data === undefined ? null : flowSizeProblem(data);
  return problem === null ? null : new ApiError(400, { data: [problem] });
};

export const callFlowGuards: Guards = { createCallFlow: checkFlowSize, patchCallFlow: checkFlowSize };

export const callFlowHandlers = {
  // One round trip: the token's row, the ownership check and the flows without their trees (validity is stored on
  // save) in one query, on PGlite kept until anything is written (db/read-cache.ts). An id that can name no row finds no
  // product, after the token is checked.
  listCallFlows: readsSessionItself(async ({ params, request }) => {
    const id = Number(params.id);
    const [row] = await readWithSession(request, (keyHash) =>
      flowSummariesWithSession(request.server.db, keyHash, { productId: isRowId(id) ? id : 0 }),
    );
    const rows = flowSummariesOf(row);
    if (rows === null) throw notFound();
    const unchecked = rows.flatMap(({ id, name, enable, version, valid, data }) =>
      valid === null && data !== null
        ? [{ id, version, valid: isStoredFlowValid({ name, enable, data }, namesExcept(rows, id)) }]
        : [],
    );
    if (unchecked.length > 0) await rememberFlowValidity(request.server.db, unchecked);
    const validity = new Map(unchecked.map((flow) => [flow.id, flow.valid]));
    return {
      results: rows.map((row) => ({
        id: String(row.id),
        name: row.name,
        enable: row.enable,
        version: row.version,
        updated_at: row.updatedAt.toISOString(),
        valid: row.valid ?? validity.get(row.id) ?? false,
      })),
    };
  }),

  getCallFlow: async ({ params, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const row = await callFlowOf(request.server.db, product.id, rowId(params.flow));
    if (!row) throw notFound();
    sendVersion(reply, row.version);
    return toStored(row);
  },

  createCallFlow: async ({ params, body, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const now = request.server.now();
    const row = await withProductLocked(request, product.id, async (locked, tx) => {
      const existing = await callFlowsOf(tx, product.id);
      // Counted with the product's row locked: two processes creating at once cannot both take the last place.
      if (existing.length >= STORAGE_LIMITS.callFlowsPerProduct)
        throw detailError(STORAGE_LIMIT_STATUS, storageMessages.tooManyCallFlows);
      const others = namesExcept(existing, null);
      const badName = flowNameError(body.name, others);
      if (badName) throw nameError(badName);
      const problem = flowStoreProblem(body.data, nodeLimitsFor(locked), locked.advancedCallFlows);
      if (problem) throw detailError(400, problem);
      const valid = isStoredFlowValid(body, others);
      if (body.enable) {
        if (!valid) throw invalidActiveFlow();
        await disableOtherFlows(tx, product.id, now, {});
      }
      const created = await insertCallFlow(
        tx,
        product.id,
        { name: body.name, enable: body.enable, data: body.data, valid },
        now,
      );
      await recordFlowVersion(tx, created.id, created, authorOf(request, body.note, null));
      return created;
    });
    reply.header('location', `/api/v2/voip/${product.id}/call-flows/${row.id}/`);
    sendVersion(reply, row.version);
    return toStored(row);
  },

  patchCallFlow: async ({ params, body, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const row = await changeFlow(
      request,
      product.id,
      rowId(params.flow),
      async () => body,
      authorOf(request, body.note, null),
    );
    sendVersion(reply, row.version);
    return toStored(row);
  },

  listCallFlowVersions: async ({ params, query, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const flow = await callFlowOf(request.server.db, product.id, rowId(params.flow));
    if (!flow) throw notFound();
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? CALL_FLOW_VERSIONS_PAGE_SIZE;
    const { count, rows } = await flowVersionPage(request.server.db, flow.id, (page - 1) * pageSize, pageSize);
    return { count, page, page_size: pageSize, results: rows.map(toVersion) };
  },

  getCallFlowVersion: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const flow = await callFlowOf(request.server.db, product.id, rowId(params.flow));
    if (!flow) throw notFound();
    const version = await flowVersion(request.server.db, flow.id, params.number);
    if (!version) throw versionNotFound();
    return { ...toVersion(version), data: version.data };
  },

  restoreCallFlowVersion: async ({ params, body, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const restoring = async (tx: CallFlowTransaction, current: FlowRow): Promise<PatchCallFlow> => {
      const version = await flowVersion(tx, current.id, params.number);
      if (!version) throw versionNotFound();
      // The tree comes back; the flow keeps its current name (another flow may have taken the old one since).
      return { data: version.data, version: body.version };
    };
    const row = await changeFlow(
      request,
      product.id,
      rowId(params.flow),
      restoring,
      authorOf(request, body.note, params.number),
    );
    sendVersion(reply, row.version);
    return toStored(row);
  },

  deleteCallFlow: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const flowId = rowId(params.flow);
    await withProductLocked(request, product.id, async (_locked, tx) => {
      const row = await callFlowOf(tx, product.id, flowId);
      if (!row) throw notFound();
      checkVersion(request, row.version);
      await removeCallFlow(tx, flowId);
      await forgetInvalidFlows(tx, product.id);
    });
    return { detail: 'Call flow deleted.' };
  },

  getSimpleCallFlow: async ({ params, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const flow = simpleCallFlowOf(await simpleCallFlowRow(request.server.db, product.id));
    sendVersion(reply, flow.version);
    return flow;
  },

  patchSimpleCallFlow: async ({ params, body, request, reply }) => {
    const product = await ownedVoipProduct(request, params.id);
    const now = request.server.now();
    const flow = await withProductLocked(request, product.id, async (_locked, tx) => {
      const current = simpleCallFlowOf(await simpleCallFlowRow(tx, product.id));
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
      const saved = await saveSimpleCallFlow(tx, product.id, values);
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
  | 'listCallFlowVersions'
  | 'getCallFlowVersion'
  | 'restoreCallFlowVersion'
  | 'deleteCallFlow'
  | 'getSimpleCallFlow'
  | 'patchSimpleCallFlow'
>;

/**
 * Changes a custom flow with its product locked, as PATCH does (optimistic concurrency, name, limits and validity
 * rules), and keeps a version of what was saved. `changeOf` works out the change from the current row (a restore
 * reads the version's tree). A flow saved before versions were kept first gets its current state as version 1.
 */
async function changeFlow(
  request: FastifyRequest,
  productId: number,
  flowId: number,
  changeOf: (tx: CallFlowTransaction, current: FlowRow) => Promise<PatchCallFlow>,
  author: VersionAuthor,
): Promise<FlowRow> {
  const now = request.server.now();
  return withProductLocked(request, productId, async (locked, tx) => {
    const rows = await callFlowsOf(tx, productId);
    const current = rows.find((r) => r.id === flowId);
    if (!current) throw notFound();
    const body = await changeOf(tx, current);
    checkVersion(request, current.version, body.version);
    if (body.name === undefined && body.enable === undefined && body.data === undefined) return current;

    const others = namesExcept(rows, flowId);
    const next: { name: string; enable: boolean; data: FlowNode } = {
      name: body.name ?? current.name,
      enable: body.enable ?? current.enable,
      data: body.data ?? current.data,
    };
    if (body.name !== undefined) {
      const badName = flowNameError(body.name, others);
      if (badName) throw nameError(badName);
    }
    if (body.data !== undefined) {
      const problem = flowStoreProblem(body.data, nodeLimitsFor(locked), locked.advancedCallFlows);
      if (problem) throw detailError(400, problem);
    }
    const valid = isStoredFlowValid(next, others);
    // Enabling, or changing the tree of the active flow, needs a valid flow; a draft may be unfinished.
    if (next.enable && (body.enable === true || body.data !== undefined) && !valid) throw invalidActiveFlow();
    if (next.enable) await disableOtherFlows(tx, productId, now, { flowId });
    if (next.name !== current.name) await forgetInvalidFlows(tx, productId);
    if (!(await flowHasVersions(tx, flowId))) {
      await recordFlowVersion(tx, flowId, current, {
        savedById: null,
        savedByName: null,
        staffUserId: null,
        note: null,
        restoredFrom: null,
        at: current.updatedAt,
      });
    }
    await recordFlowVersion(tx, flowId, next, author);
    return updateCallFlow(tx, flowId, { ...next, valid }, current.version + 1, now);
  });
}

/** The stored simple call flow, or the defaults (version 1) when the product has never changed it. */
function simpleCallFlowOf(row: SimpleFlowRow | undefined): SimpleCallFlow {
  if (!row) return { enable: false, name: SIMPLE_CALL_FLOW_NAME, data: defaultSimpleCallFlowData(), version: 1 };
  return { enable: row.enable, name: row.name, data: row.data, version: row.version };
}
