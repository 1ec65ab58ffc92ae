import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';

import type { SimpleCallFlowData } from '@portal/contract';
import type { FlowNode } from '@portal/editor-core';

import { createdAt, updatedAt } from './columns.ts';
import { products } from './customers.ts';
import { users } from './identity.ts';

// The call-flows module's tables (server/src/modules/call-flows): custom and simple call flows, and the
// versions of custom flows. A version is stored deduplicated: each distinct tree of a flow is kept once
// (call_flow_documents, keyed by its hash), and a version row only points at it; a save identical to the
// latest version (same tree, same name) adds no version at all.

/** Custom call flows of a voip product (spec 001 section 3): the editor-core tree, versioned for optimistic concurrency. */
export const callFlows = pgTable(
  'call_flows',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    enable: boolean().notNull().default(false),
    data: jsonb().$type<FlowNode>().notNull(),
    /**
     * Whether the flow passes every editor-core rule, worked out when it is saved, so the list of
     * flows need not read and validate every tree. Null for a row written before the column (or by
     * the seed): the list works it out once and stores it.
     */
    valid: boolean(),
    /** Bumped by every change; PATCH compares it (body version or If-Match). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('call_flows_product_id_idx').on(t.productId),
    // The routes keep exactly one flow active; the database refuses a second one whatever a writer does.
    uniqueIndex('call_flows_one_enabled_per_product')
      .on(t.productId)
      .where(sql`${t.enable}`),
  ],
);

/** The simple call flow of a voip product (spec 001 section 3); at most one row per product. */
export const simpleCallFlows = pgTable('simple_call_flows', {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  enable: boolean().notNull().default(false),
  name: text().notNull(),
  data: jsonb().$type<SimpleCallFlowData>().notNull(),
  version: integer().notNull().default(1),
  updatedAt: updatedAt(),
});

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
