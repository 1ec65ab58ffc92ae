import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';

import { BUY_NOW_CHANNEL, BUY_NOW_PROVISIONED } from '@portal/contract';

import type { Database, Inserts, Reads } from '../../db/connect.ts';
import { provisioningJobs } from '../../db/schema/provisioning.ts';
import * as customers from '../customers/index.ts';
import { upgradePlanName } from './effects.ts';

export type ProvisioningJob = typeof provisioningJobs.$inferSelect;
export type ProvisioningJobKind = ProvisioningJob['kind'];
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const UNFINISHED = ['pending', 'provisioning'] as const;

/** Whether a database error is a unique constraint refusing a row (SQLSTATE 23505); drizzle wraps the driver's error. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * What a finished job of each kind does to its product, in the transaction that marks it
 * provisioned (so a job's effect happens exactly once, whichever process finishes it). A new
 * kind of job adds its effect here.
 */
const effects: Record<ProvisioningJobKind, (tx: Transaction, job: ProvisioningJob) => Promise<void>> = {
  // An opt-in trial (running or ended) becomes a full cloud phone: the trial goes (with its quick start), so the portal is back.
  upgrade: async (tx, job) => {
    await customers.makeFullCloudPhone(tx, job.productId, {
      productDetail: `Cloud phone - ${upgradePlanName(job.payload)} plan`,
    });
  },
  // Supplier 2 to 3: the same phone on the third generation.
  migration: async (tx, job) => {
    await customers.makeFullCloudPhone(tx, job.productId, {
      productDetail: `Cloud phone - ${upgradePlanName(job.payload)} plan`,
      supplier: 3,
    });
  },
  // A product the sign-up journeys created becomes live; a bought one waits for its buy-now complete page first.
  signup: async (tx, job) => {
    const status = job.payload.channel === BUY_NOW_CHANNEL ? BUY_NOW_PROVISIONED : 'live';
    await customers.setProductStatus(tx, job.productId, status);
  },
};

// Provisioning jobs: created by the upgrade (and the sign-up journeys), run by the runner (runner.ts).

/** Creates a pending job; null when the product already has one under way (the database refuses a second). */
export async function createProvisioningJob(
  db: Inserts,
  job: {
    productId: number;
    kind: ProvisioningJobKind;
    payload: Record<string, unknown>;
    durationMs: number;
    now: Date;
  },
): Promise<ProvisioningJob | null> {
  try {
    const [created] = await db
      .insert(provisioningJobs)
      .values({
        productId: job.productId,
        kind: job.kind,
        payload: job.payload,
        durationMs: job.durationMs,
        createdAt: job.now,
      })
      .returning();
    if (!created) throw new Error('provisioning job not inserted');
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The product's latest job, or undefined when none ever ran. */
export async function latestProvisioningJob(db: Reads, productId: number): Promise<ProvisioningJob | undefined> {
  const [job] = await db
    .select()
    .from(provisioningJobs)
    .where(eq(provisioningJobs.productId, productId))
    .orderBy(desc(provisioningJobs.id))
    .limit(1);
  return job;
}

/** Every job not finished yet, oldest first (the runner's sweep). */
export async function unfinishedProvisioningJobs(db: Reads): Promise<ProvisioningJob[]> {
  return db
    .select()
    .from(provisioningJobs)
    .where(inArray(provisioningJobs.status, [...UNFINISHED]))
    .orderBy(asc(provisioningJobs.id));
}

/** Starts a pending job (now, due after its duration); answers it as it now is (another process may have started it). */
export async function startProvisioningJob(
  db: Pick<Database, 'select' | 'update'>,
  id: number,
  now: Date,
): Promise<ProvisioningJob | undefined> {
  const [started] = await db
    .update(provisioningJobs)
    .set({
      status: 'provisioning',
      startedAt: now,
      dueAt: sql`${now.toISOString()}::timestamptz + (${provisioningJobs.durationMs} * interval '1 millisecond')`,
    })
    .where(and(eq(provisioningJobs.id, id), eq(provisioningJobs.status, 'pending')))
    .returning();
  if (started) return started;
  const [current] = await db.select().from(provisioningJobs).where(eq(provisioningJobs.id, id));
  return current;
}

/**
 * Finishes a started job that is due: marks it provisioned and applies its effect in one
 * transaction. Answers the job as it now is; a job another process finished is left alone.
 */
export async function finishProvisioningJobIfDue(
  db: Database,
  id: number,
  now: Date,
): Promise<ProvisioningJob | undefined> {
  try {
    const finished = await db.transaction(async (tx) => {
      const [job] = await tx
        .update(provisioningJobs)
        .set({ status: 'provisioned', finishedAt: now })
        .where(
          and(
            eq(provisioningJobs.id, id),
            eq(provisioningJobs.status, 'provisioning'),
            lte(provisioningJobs.dueAt, now),
          ),
        )
        .returning();
      if (job) await effects[job.kind](tx, job);
      return job;
    });
    if (finished) return finished;
  } catch (error) {
    // The effect failed: the job fails with words for the customer; the error is the caller's to log.
    await db
      .update(provisioningJobs)
      .set({
        status: 'failed',
        finishedAt: now,
        error: 'We could not finish setting up your phone. Please contact us.',
      })
      .where(and(eq(provisioningJobs.id, id), inArray(provisioningJobs.status, [...UNFINISHED])));
    throw error;
  }
  const [current] = await db.select().from(provisioningJobs).where(eq(provisioningJobs.id, id));
  return current;
}
