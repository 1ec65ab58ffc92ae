import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';

import type { SimpleCallFlowData } from '@portal/contract';
import type { FlowNode } from '@portal/editor-core';

import type { Database, Deletes, Inserts, Reads, Updates } from '../../db/connect.ts';
import { callFlows, simpleCallFlows } from '../../db/schema/call-flows.ts';
import { lockProduct } from '../customers/index.ts';
import type { Product } from '../products/index.ts';

export type FlowRow = typeof callFlows.$inferSelect;
export type SimpleFlowRow = typeof simpleCallFlows.$inferSelect;

/** What a flow is made of, as stored; `valid` is worked out by the caller from editor-core's rules. */
export interface FlowFields {
  name: string;
  enable: boolean;
  data: FlowNode;
  valid: boolean;
}

/** The database, or the transaction holding the product locked (`lockedProductTransaction`), the flows' writes run in. */
export type CallFlowTransaction = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

// Custom and simple call flows of a cloud phone (spec 001 section 3); their saved versions are
// flow-versions-repository.ts's.

/** The product's custom flows, oldest first. */
export async function callFlowsOf(q: Reads, productId: number): Promise<FlowRow[]> {
  return q.select().from(callFlows).where(eq(callFlows.productId, productId)).orderBy(asc(callFlows.id));
}

export async function callFlowOf(q: Reads, productId: number, flowId: number): Promise<FlowRow | undefined> {
  const [row] = await q
    .select()
    .from(callFlows)
    .where(and(eq(callFlows.id, flowId), eq(callFlows.productId, productId)))
    .limit(1);
  return row;
}

export async function insertCallFlow(q: Inserts, productId: number, fields: FlowFields, now: Date): Promise<FlowRow> {
  const [created] = await q
    .insert(callFlows)
    .values({ productId, ...fields, createdAt: now, updatedAt: now })
    .returning();
  if (!created) throw new Error('call flow not created');
  return created;
}

export async function updateCallFlow(
  q: Updates,
  flowId: number,
  fields: FlowFields,
  version: number,
  now: Date,
): Promise<FlowRow> {
  const [updated] = await q
    .update(callFlows)
    .set({ ...fields, version, updatedAt: now })
    .where(eq(callFlows.id, flowId))
    .returning();
  if (!updated) throw new Error('call flow not updated');
  return updated;
}

export async function removeCallFlow(q: Deletes, flowId: number): Promise<void> {
  await q.delete(callFlows).where(eq(callFlows.id, flowId));
}

/**
 * Forgets the stored validity of the product's flows found invalid: a flow whose name clashed
 * with one now renamed or deleted may have become valid. The list works it out again.
 */
export async function forgetInvalidFlows(q: Updates, productId: number): Promise<void> {
  await q
    .update(callFlows)
    .set({ valid: null })
    .where(and(eq(callFlows.productId, productId), eq(callFlows.valid, false)));
}

/**
 * Disables every enabled custom flow of the product but `keep.flowId`, and, unless
 * `keep.simple`, the simple call flow. Each gets a new version, so an editor holding the old one hears of it.
 */
export async function disableOtherFlows(
  q: Updates,
  productId: number,
  now: Date,
  keep: { flowId?: number; simple?: boolean },
): Promise<void> {
  const conditions: SQL[] = [eq(callFlows.productId, productId), eq(callFlows.enable, true)];
  if (keep.flowId !== undefined) conditions.push(ne(callFlows.id, keep.flowId));
  await q
    .update(callFlows)
    .set({ enable: false, version: sql`${callFlows.version} + 1`, updatedAt: now })
    .where(and(...conditions));
  if (!keep.simple) {
    await q
      .update(simpleCallFlows)
      .set({ enable: false, version: sql`${simpleCallFlows.version} + 1`, updatedAt: now })
      .where(and(eq(simpleCallFlows.productId, productId), eq(simpleCallFlows.enable, true)));
  }
}

/** The product's simple call flow row; undefined while it has never been changed. */
export async function simpleCallFlowRow(q: Reads, productId: number): Promise<SimpleFlowRow | undefined> {
  const [row] = await q.select().from(simpleCallFlows).where(eq(simpleCallFlows.productId, productId)).limit(1);
  return row;
}

export async function saveSimpleCallFlow(
  q: Inserts,
  productId: number,
  values: { enable: boolean; name: string; data: SimpleCallFlowData; version: number; updatedAt: Date },
): Promise<SimpleFlowRow> {
  const [saved] = await q
    .insert(simpleCallFlows)
    .values({ productId, ...values })
    .onConflictDoUpdate({ target: simpleCallFlows.productId, set: values })
    .returning();
  if (!saved) throw new Error('simple call flow not saved');
  return saved;
}

/** Stores validity worked out for flows saved before it was stored; a flow changed since keeps what its save stored. */
export async function rememberFlowValidity(
  db: Updates,
  flows: ReadonlyArray<{ id: number; version: number; valid: boolean }>,
): Promise<void> {
  for (const flow of flows) {
    await db
      .update(callFlows)
      .set({ valid: flow.valid })
      .where(and(eq(callFlows.id, flow.id), eq(callFlows.version, flow.version), isNull(callFlows.valid)));
  }
}

/**
 * Runs `work` in a transaction holding the product's row locked, so changes to its flows
 * happen one at a time. Answers null (and runs nothing) when the product is gone.
 */
export async function lockedProductTransaction<T>(
  db: Pick<Database, 'transaction'>,
  productId: number,
  work: (locked: Product, tx: CallFlowTransaction) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    const locked = await lockProduct(tx, productId);
    if (!locked) return null;
    return work(locked, tx);
  });
}
