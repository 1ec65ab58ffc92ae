import { and, eq, or, sql } from 'drizzle-orm';

import type { Database } from '../../db/connect.ts';
import { loginFailures } from '../../db/schema/identity.ts';

/** Failed sign-ins are counted in a fixed window that starts at the first failure. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Failures allowed per window before the next attempt is refused with 429, before any password
 * check: per e-mail and client together, and per client. An e-mail alone is never refused (that
 * would let anybody lock its owner out); it is slowed down instead (LOGIN_DELAY).
 */
export const MAX_LOGIN_FAILURES = { email_ip: 5, ip: 20 } as const;
/**
 * Per e-mail alone: once `after` failures are counted in the window, every attempt on it (from
 * anywhere, for a known or unknown address alike) waits `firstMs`, doubling per further failure,
 * at most `maxMs`.
 */
export const LOGIN_DELAY = { after: 5, firstMs: 250, maxMs: 4000 } as const;

export interface LoginKeys {
  email: string;
  ip: string;
}

type FailureRow = typeof loginFailures.$inferSelect;
type RefusingScope = keyof typeof MAX_LOGIN_FAILURES;

// A newline cannot be in an e-mail the contract accepts nor in an IP address.
const pairKey = (keys: LoginKeys) => `${keys.email}\n${keys.ip}`;

const refusingRows = (keys: LoginKeys) =>
  or(
    and(eq(loginFailures.scope, 'email_ip'), eq(loginFailures.key, pairKey(keys))),
    and(eq(loginFailures.scope, 'ip'), eq(loginFailures.key, keys.ip)),
  );

const limitOf = (row: FailureRow) => (row.scope === 'email' ? null : MAX_LOGIN_FAILURES[row.scope as RefusingScope]);

/** Seconds until the longest-blocked counter's window ends, or null when nothing is over `allowed`. */
function retryAfterSeconds(
  rows: FailureRow[],
  now: Date,
  over: (count: number, limit: number) => boolean,
): number | null {
  let waitMs = 0;
  for (const row of rows) {
    const limit = limitOf(row);
    const endsInMs = row.windowStartedAt.getTime() + LOGIN_WINDOW_MS - now.getTime();
    if (limit !== null && endsInMs > 0 && over(row.count, limit)) waitMs = Math.max(waitMs, endsInMs);
  }
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : null;
}

/** How long an attempt on an e-mail waits when `failures` are already counted against it. */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_DELAY.after) return 0;
  return Math.min(LOGIN_DELAY.firstMs * 2 ** (failures - LOGIN_DELAY.after), LOGIN_DELAY.maxMs);
}

/** Answers Retry-After seconds when this e-mail from this client, or this client, has used up its failures. Writes nothing. */
export async function checkLoginThrottle(db: Database, keys: LoginKeys, now: Date): Promise<number | null> {
  const rows = await db.select().from(loginFailures).where(refusingRows(keys));
  return retryAfterSeconds(rows, now, (count, limit) => count >= limit);
}

export type LoginAttempt = { retryAfter: number; delayMs?: never } | { retryAfter: null; delayMs: number };

/**
 * Counts this attempt as a failure before the password is checked, so a burst of parallel
 * attempts cannot all slip past the check above; `loginSucceeded` gives it back.
 * Answers Retry-After seconds when this attempt is one too many, else how long it must wait.
 */
export async function countLoginAttempt(db: Database, keys: LoginKeys, now: Date): Promise<LoginAttempt> {
  const cutoff = sql`${new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString()}::timestamptz`;
  // In ON CONFLICT DO UPDATE, the table's own columns are the existing row.
  const expired = sql`"login_failures"."window_started_at" <= ${cutoff}`;
  const rows = await db
    .insert(loginFailures)
    .values([
      { scope: 'email_ip', key: pairKey(keys), count: 1, windowStartedAt: now },
      { scope: 'ip', key: keys.ip, count: 1, windowStartedAt: now },
      { scope: 'email', key: keys.email, count: 1, windowStartedAt: now },
    ])
    .onConflictDoUpdate({
      target: [loginFailures.scope, loginFailures.key],
      set: {
        count: sql`case when ${expired} then 1 else "login_failures"."count" + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else "login_failures"."window_started_at" end`,
      },
    })
    .returning();
  const retryAfter = retryAfterSeconds(rows, now, (count, limit) => count > limit);
  if (retryAfter !== null) return { retryAfter };
  const emailRow = rows.find((row) => row.scope === 'email');
  // The count includes this attempt; the delay is for the failures before it.
  return { retryAfter: null, delayMs: loginDelayMs((emailRow?.count ?? 1) - 1) };
}

/**
 * A successful sign-in clears its e-mail-and-client counter and takes its attempt back off the
 * client's and the e-mail's. The e-mail's other failures stay: an attack from elsewhere goes on
 * being slowed after the owner signs in.
 */
export async function loginSucceeded(db: Database, keys: LoginKeys): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.scope, 'email_ip'), eq(loginFailures.key, pairKey(keys))));
  await db
    .update(loginFailures)
    .set({ count: sql`greatest("login_failures"."count" - 1, 0)` })
    .where(
      or(
        and(eq(loginFailures.scope, 'ip'), eq(loginFailures.key, keys.ip)),
        and(eq(loginFailures.scope, 'email'), eq(loginFailures.key, keys.email)),
      ),
    );
}
