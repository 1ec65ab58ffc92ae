import { createHash } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';

import type { FlowNode } from '@portal/editor-core';

import type { Database, Reads } from '../../db/connect.ts';
import { callFlowDocuments, callFlowVersions } from '../../db/schema/call-flows.ts';

type Queries = Pick<Database, 'select' | 'insert'>;

/** JSON with every object's keys sorted: the same tree hashes the same however jsonb ordered its keys. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The hash a tree is stored under: equal trees, one document. */
export const documentHash = (data: FlowNode): string => createHash('sha256').update(canonicalJson(data)).digest('hex');

/** A version as listed (no tree). */
export const versionColumns = {
  number: callFlowVersions.number,
  name: callFlowVersions.name,
  note: callFlowVersions.note,
  savedAt: callFlowVersions.savedAt,
  savedByName: callFlowVersions.savedByName,
  byStaff: callFlowVersions.byStaff,
  restoredFrom: callFlowVersions.restoredFrom,
};

export interface VersionRow {
  number: number;
  name: string;
  note: string | null;
  savedAt: Date;
  savedByName: string | null;
  byStaff: boolean;
  restoredFrom: number | null;
}

/** Who saved a version, and why. */
export interface VersionAuthor {
  savedById: number | null;
  savedByName: string | null;
  staffUserId: number | null;
  note: string | null;
  restoredFrom: number | null;
  at: Date;
}

// The version queries of one flow, on the database or inside the flow's transaction.

async function latestVersion(q: Reads, flowId: number) {
  const [row] = await q
    .select({ number: callFlowVersions.number, name: callFlowVersions.name, hash: callFlowDocuments.hash })
    .from(callFlowVersions)
    .innerJoin(callFlowDocuments, eq(callFlowDocuments.id, callFlowVersions.documentId))
    .where(eq(callFlowVersions.flowId, flowId))
    .orderBy(desc(callFlowVersions.number))
    .limit(1);
  return row;
}

/** Whether the flow has any version yet (flows saved before versions were kept have none). */
export async function flowHasVersions(q: Reads, flowId: number): Promise<boolean> {
  return (await latestVersion(q, flowId)) !== undefined;
}

/**
 * Keeps a version of the flow as saved. A save identical to the latest version (same tree and name, not a
 * restore) adds none; a tree seen before (a restore, an undone change) reuses its stored document.
 * Answers the version's number, or null when nothing was added.
 */
export async function recordFlowVersion(
  q: Queries,
  flowId: number,
  saved: { name: string; data: FlowNode },
  author: VersionAuthor,
): Promise<number | null> {
  const hash = documentHash(saved.data);
  const previous = await latestVersion(q, flowId);
  if (previous && previous.hash === hash && previous.name === saved.name && author.restoredFrom === null) return null;
  await q.insert(callFlowDocuments).values({ flowId, hash, data: saved.data }).onConflictDoNothing();
  const [document] = await q
    .select({ id: callFlowDocuments.id })
    .from(callFlowDocuments)
    .where(and(eq(callFlowDocuments.flowId, flowId), eq(callFlowDocuments.hash, hash)))
    .limit(1);
  if (!document) throw new Error('call flow document not stored');
  const number = (previous?.number ?? 0) + 1;
  await q.insert(callFlowVersions).values({
    flowId,
    number,
    documentId: document.id,
    name: saved.name,
    note: author.note,
    savedById: author.savedById,
    savedByName: author.savedByName,
    staffUserId: author.staffUserId,
    byStaff: author.staffUserId !== null,
    restoredFrom: author.restoredFrom,
    savedAt: author.at,
  });
  return number;
}

/** A page of the flow's versions, newest first, and how many there are. */
export async function flowVersionPage(
  q: Reads,
  flowId: number,
  offset: number,
  limit: number,
): Promise<{ count: number; rows: VersionRow[] }> {
  const [total] = await q.select({ count: count() }).from(callFlowVersions).where(eq(callFlowVersions.flowId, flowId));
  const rows = await q
    .select(versionColumns)
    .from(callFlowVersions)
    .where(eq(callFlowVersions.flowId, flowId))
    .orderBy(desc(callFlowVersions.number))
    .offset(offset)
    .limit(limit);
  return { count: total?.count ?? 0, rows };
}

/** One version with its tree. */
export async function flowVersion(
  q: Reads,
  flowId: number,
  number: number,
): Promise<(VersionRow & { data: FlowNode }) | undefined> {
  const [row] = await q
    .select({ ...versionColumns, data: callFlowDocuments.data })
    .from(callFlowVersions)
    .innerJoin(callFlowDocuments, eq(callFlowDocuments.id, callFlowVersions.documentId))
    .where(and(eq(callFlowVersions.flowId, flowId), eq(callFlowVersions.number, number)))
    .limit(1);
  return row;
}
