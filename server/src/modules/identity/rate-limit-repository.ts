import { and, eq, sql } from 'drizzle-orm';

import type { Deletes, Inserts } from '../../db/connect.ts';
import { requestThrottles } from '../../db/schema/identity.ts';

/** One counter: requests in `bucket` for `key` (an e-mail, a client IP), `limit` per window. */
export interface RateLimitHit {
  bucket: string;
  key: string;
  limit: number;
}

/**
 * Counts one request on each counter, in a fixed window that starts at the first request,
 * in the database so that every server process shares it. Answers Retry-After seconds when
 * any counter is now over its limit, else null. The request is counted either way, so
 * hammering a limited key keeps it limited until the window ends.
 */
export async function hitRateLimit(
  db: Inserts,
  hits: RateLimitHit[],
  windowMs: number,
  now: Date,
): Promise<number | null> {
  const cutoff = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  // In ON CONFLICT DO UPDATE, the table's own columns are the existing row.
  const expired = sql`"request_throttles"."window_started_at" <= ${cutoff}`;
  const rows = await db
    .insert(requestThrottles)
    .values(hits.map(({ bucket, key }) => ({ bucket, key, count: 1, windowStartedAt: now })))
    .onConflictDoUpdate({
      target: [requestThrottles.bucket, requestThrottles.key],
      set: {
        count: sql`case when ${expired} then 1 else "request_throttles"."count" + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else "request_throttles"."window_started_at" end`,
      },
    })
    .returning();
  let waitMs = 0;
  for (const row of rows) {
    const limit = hits.find((hit) => hit.bucket === row.bucket && hit.key === row.key)?.limit ?? Infinity;
    const endsInMs = row.windowStartedAt.getTime() + windowMs - now.getTime();
    if (row.count > limit && endsInMs > 0) waitMs = Math.max(waitMs, endsInMs);
  }
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : null;
}

/** Forgets what was counted for one key of a bucket (a right password clears the wrong ones). */
export async function clearRateLimit(db: Deletes, bucket: string, key: string): Promise<void> {
  await db.delete(requestThrottles).where(and(eq(requestThrottles.bucket, bucket), eq(requestThrottles.key, key)));
}
