import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.ts';
import { products } from './customers.ts';

/**
 * Provisioning jobs (modules/provisioning): the background work that makes a product what was
 * asked (an upgrade, a migration from supplier 2 to 3, a new product from a sign-up). Kept in
 * the database, so a job survives a restart and any process of a scaled-out portal can finish it.
 */
export const provisioningJobs = pgTable(
  'provisioning_jobs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['upgrade', 'migration', 'signup'] }).notNull(),
    status: text({ enum: ['pending', 'provisioning', 'provisioned', 'failed'] })
      .notNull()
      .default('pending'),
    /** What the job was asked for (an upgrade's plan id). */
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** How long the job takes once started, in ms (the sandbox's PORTAL_PROVISIONING_DELAY_MS when it was created). */
    durationMs: integer().notNull(),
    createdAt: createdAt(),
    startedAt: timestamp({ withTimezone: true }),
    /** When the job is done; set when it starts. */
    dueAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Why it failed, in words for the customer. */
    error: text(),
  },
  (t) => [
    check('provisioning_jobs_kind', sql`${t.kind} in ('upgrade', 'migration', 'signup')`),
    check('provisioning_jobs_status', sql`${t.status} in ('pending', 'provisioning', 'provisioned', 'failed')`),
    index('provisioning_jobs_product_id_idx').on(t.productId),
    // One job under way per product, whoever asks twice at once; the runner's sweep reads these only.
    uniqueIndex('provisioning_jobs_one_unfinished_per_product')
      .on(t.productId)
      .where(sql`${t.status} in ('pending', 'provisioning')`),
  ],
);
