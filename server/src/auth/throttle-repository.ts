import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { loginFailures } from '../db/schema/index.ts';

/** Failed sign-ins are counted in a fixed window that starts at the first failure. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per window; the next attempt is refused with 429 before any password check. */
export const MAX_LOGIN_FAILURES = { email: 5, ip: 20 } as const;

export interface LoginKeys {
  email: string;
  ip: string;
}

type FailureRow = typeof loginFailures.$inferSelect;

const rowsFor = (keys: LoginKeys) =>
  or(
    and(eq(loginFailures.scope, 'email'), eq(loginFailures.key, keys.email)),
    and(eq(loginFailures.scope, 'ip'), eq(loginFailures.key, keys.ip)),
  );

/** Seconds until the longest-blocked counter's window ends, or null when nothing is over `allowed`. */
function retryAfterSeconds(rows: FailureRow[], now: Date, over: (row: FailureRow) => boolean): number | null {
  let waitMs = 0;
  for (const row of rows) {
    const endsInMs = row.windowStartedAt.getTime() + LOGIN_WINDOW_MS - now.getTime();
    if (endsInMs > 0 && over(row)) waitMs = Math.max(waitMs, endsInMs);
  }
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : null;
}

/** Answers Retry-After seconds when this e-mail or IP has used up its failures, else null. Writes nothing. */
export async function checkLoginThrottle(db: Database, keys: LoginKeys, now: Date): Promise<number | null> {
  const rows = await db.select().from(loginFailures).where(rowsFor(keys));
  return retryAfterSeconds(rows, now, (row) => row.count >= MAX_LOGIN_FAILURES[row.scope]);
}

/**
 * Counts this attempt as a failure before the password is checked, so a burst of parallel
 * attempts cannot all slip past the check above; `loginSucceeded` gives it back.
 * Answers Retry-After seconds when this attempt is one too many, else null.
 */
export async function countLoginAttempt(db: Database, keys: LoginKeys, now: Date): Promise<number | null> {
  const cutoff = sql`${new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString()}::timestamptz`;
  // In ON CONFLICT DO UPDATE, the table's own columns are the existing row.
  const expired = sql`"login_failures"."window_started_at" <= ${cutoff}`;
  const rows = await db
    .insert(loginFailures)
    .values([
      { scope: 'email', key: keys.email, count: 1, windowStartedAt: now },
      { scope: 'ip', key: keys.ip, count: 1, windowStartedAt: now },
    ])
    .onConflictDoUpdate({
      target: [loginFailures.scope, loginFailures.key],
      set: {
        count: sql`case when ${expired} then 1 else "login_failures"."count" + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else "login_failures"."window_started_at" end`,
      },
    })
    .returning();
  return retryAfterSeconds(rows, now, (row) => row.count > MAX_LOGIN_FAILURES[row.scope]);
}

/** A successful sign-in clears its e-mail's counter and takes its attempt back off the IP's. */
export async function loginSucceeded(db: Database, keys: LoginKeys): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.scope, 'email'), eq(loginFailures.key, keys.email)));
  await db
    .update(loginFailures)
    .set({ count: sql`greatest("login_failures"."count" - 1, 0)` })
    .where(and(eq(loginFailures.scope, 'ip'), eq(loginFailures.key, keys.ip)));
}
