import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import type { CallFlow, HolidayPeriod } from '@portal/editor-core';

import { callFlows } from './call-flows.ts';
import { products } from './customers.ts';

/**
 * Real test calls of custom call flows (ARCHITECTURE.md, call-runtime): a single-use SIP address granted to the
 * customer (its token stored hashed), bound to the flow as saved at that version, the chosen instant and the holidays;
 * claimed once by the call runtime, which then adds the live path and, at the end, the outcome.
 */
export const testCalls = pgTable(
  'test_calls',
  {
    id: text().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    flowId: integer()
      .notNull()
      .references(() => callFlows.id, { onDelete: 'cascade' }),
    flowVersion: integer().notNull(),
    /** sha256 of the token, hex. */
    tokenHash: text().notNull().unique(),
    /** The flow as it was at flowVersion: what the call walks. */
    flow: jsonb().$type<CallFlow>().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    holidays: jsonb().$type<HolidayPeriod[]>().notNull(),
    /** Extension -> who answers it, for the announcement of a transfer. */
    names: jsonb().$type<Record<string, string>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    claimedAt: timestamp({ withTimezone: true }),
    /** Moments of the walk as they happened (editor-core's CallMoment), for the live path. */
    moments: jsonb().$type<unknown[]>().notNull().default([]),
    endedAt: timestamp({ withTimezone: true }),
    path: jsonb().$type<string[]>(),
    outcome: jsonb().$type<Record<string, unknown>>(),
    endReason: text(),
    durationMs: integer(),
    /** The message left in a voicemail test call: an audio storage key. */
    voicemailKey: text(),
  },
  (t) => [index('test_calls_product_idx').on(t.productId, t.createdAt)],
);
