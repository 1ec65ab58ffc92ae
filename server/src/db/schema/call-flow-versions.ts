import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

import type { FlowNode } from '@portal/editor-core';

import { users } from './accounts.ts';
import { callFlows } from './phone.ts';

// Versions of custom call flows. Stored deduplicated: each distinct tree of a flow is kept once
// (call_flow_documents, keyed by its hash), and a version row only points at it; a save identical to the
// latest version (same tree, same name) adds no version at all.

/** The distinct trees of a flow, each once; versions point here. */
export const callFlowDocuments = pgTable(
  'call_flow_documents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    flowId: integer()
      .notNull()
      .references(() => callFlows.id, { onDelete: 'cascade' }),
    /** sha256 of the tree's canonical JSON. */
    hash: text().notNull(),
    data: jsonb().$type<FlowNode>().notNull(),
  },
  (t) => [unique('call_flow_documents_flow_hash').on(t.flowId, t.hash)],
);

/** One saved version of a custom flow: who saved it, when, why (an optional note), and its tree. */
export const callFlowVersions = pgTable(
  'call_flow_versions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    flowId: integer()
      .notNull()
      .references(() => callFlows.id, { onDelete: 'cascade' }),
    /** 1, 2, 3... per flow. */
    number: integer().notNull(),
    documentId: integer()
      .notNull()
      .references(() => callFlowDocuments.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    note: text(),
    /** The customer's user whose session saved it; null for the state found before versions were kept, or a deleted user. */
    savedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The name of that user when it was saved (kept if the user goes). */
    savedByName: text(),
    /** The staff member who saved it while viewing the customer (the session's acting user). */
    staffUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    byStaff: boolean().notNull().default(false),
    /** The version this one restored, if it was a restore. */
    restoredFrom: integer(),
    savedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique('call_flow_versions_flow_number').on(t.flowId, t.number),
    index('call_flow_versions_document_idx').on(t.documentId),
  ],
);
