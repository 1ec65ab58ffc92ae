import { and, eq, isNull, lt } from 'drizzle-orm';

import type { SocialProvider } from '@portal/contract';

import type { Database, Inserts, Reads, Updates } from '../../db/connect.ts';
import { oauthStates, socialIdentities } from '../../db/schema/social.ts';
import * as customers from '../customers/index.ts';
import { userByEmail, userById, type UserRow } from '../identity/index.ts';

// Social sign-in: the OAuth states of sign-ins under way, and the identities linked to users.
// A sign-in's queries run on the database or inside its transaction.

export type OauthStateRow = typeof oauthStates.$inferSelect;

/** Stores a new state, after deleting the states that expired before `expiredBefore`. */
export async function startOauthState(
  db: Pick<Database, 'delete' | 'insert'>,
  state: typeof oauthStates.$inferInsert,
  expiredBefore: Date,
): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, expiredBefore));
  await db.insert(oauthStates).values(state);
}

/** Spends an unused state of the provider at once; undefined when there is none. */
export async function spendOauthState(
  db: Updates,
  stateHash: string,
  provider: SocialProvider,
  now: Date,
): Promise<OauthStateRow | undefined> {
  const [spent] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(and(eq(oauthStates.stateHash, stateHash), eq(oauthStates.provider, provider), isNull(oauthStates.usedAt)))
    .returning();
  return spent;
}

/** The user an identity of the provider is linked to, if any. */
export async function socialLinkedUser(
  db: Reads,
  provider: SocialProvider,
  subject: string,
): Promise<UserRow | undefined> {
  const [linked] = await db
    .select({ userId: socialIdentities.userId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    .limit(1);
  return linked ? userById(db, linked.userId) : undefined;
}

export async function touchSocialIdentity(
  db: Updates,
  provider: SocialProvider,
  subject: string,
  now: Date,
): Promise<void> {
  await db
    .update(socialIdentities)
    .set({ lastUsedAt: now })
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
}

/** Creates a user with a confirmed address unless one has it already (made meanwhile); answers the address's user. */
export async function createSocialUser(
  db: Pick<Database, 'select' | 'transaction'>,
  values: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
  },
): Promise<UserRow | undefined> {
  await customers.create(db, 'socialSignup', { user: values });
  return userByEmail(db, values.email);
}

/** Links an identity of the provider to a user (kept as it is when it is linked already). */
export async function linkSocialIdentity(
  db: Inserts,
  values: {
    provider: SocialProvider;
    subject: string;
    userId: number;
    email: string;
    now: Date;
  },
): Promise<void> {
  const { now, ...identity } = values;
  await db
    .insert(socialIdentities)
    .values({ ...identity, createdAt: now, lastUsedAt: now })
    .onConflictDoNothing();
}
