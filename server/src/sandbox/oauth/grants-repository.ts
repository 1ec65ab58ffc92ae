import { and, eq, isNull } from 'drizzle-orm';

import type { SocialProvider } from '@portal/contract';

import type { Inserts, Reads, Updates } from '../../db/connect.ts';
import { sandboxOauthGrants } from '../../db/schema/index.ts';

export type SandboxGrant = typeof sandboxOauthGrants.$inferSelect;

// The sandbox OAuth provider's grants: a code per consent, then the access token it buys.

export async function addSandboxGrant(db: Inserts, grant: typeof sandboxOauthGrants.$inferInsert): Promise<void> {
  await db.insert(sandboxOauthGrants).values(grant);
}

/** Marks the unused code of `provider` used, answering its grant; undefined when there is none. */
export async function spendSandboxCode(
  db: Updates,
  provider: SocialProvider,
  codeHash: string,
  now: Date,
): Promise<SandboxGrant | undefined> {
  const [grant] = await db
    .update(sandboxOauthGrants)
    .set({ codeUsedAt: now })
    .where(
      and(
        eq(sandboxOauthGrants.codeHash, codeHash),
        eq(sandboxOauthGrants.provider, provider),
        isNull(sandboxOauthGrants.codeUsedAt),
      ),
    )
    .returning();
  return grant;
}

/** Ends the access token a code bought. */
export async function expireSandboxTokenOfCode(db: Updates, codeHash: string, now: Date): Promise<void> {
  await db
    .update(sandboxOauthGrants)
    .set({ accessTokenExpiresAt: now })
    .where(eq(sandboxOauthGrants.codeHash, codeHash));
}

export async function setSandboxAccessToken(
  db: Updates,
  id: number,
  accessTokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .update(sandboxOauthGrants)
    .set({ accessTokenHash, accessTokenExpiresAt: expiresAt })
    .where(eq(sandboxOauthGrants.id, id));
}

export async function sandboxGrantByAccessToken(
  db: Reads,
  provider: SocialProvider,
  accessTokenHash: string,
): Promise<SandboxGrant | undefined> {
  const [grant] = await db
    .select()
    .from(sandboxOauthGrants)
    .where(and(eq(sandboxOauthGrants.accessTokenHash, accessTokenHash), eq(sandboxOauthGrants.provider, provider)))
    .limit(1);
  return grant;
}
