import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MemoryAudioStorage } from '../../audio/storage.ts';
import { localWritesOf, type Database, type OpenedDatabase } from '../../db/connect.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { users } from '../../db/schema/index.ts';
import { seedIfEmpty } from '../../db/seed.ts';
import { openTestDatabase, SEED_TIME } from '../../test/helper.ts';
import { authenticateKey, issueToken, revokeToken } from './tokens-repository.ts';

// The token lookup asks the database on every request on PostgreSQL; on PGlite (one process
// only) it keeps the rows it read until anything is written. Either way, what it answers must
// be what the database holds now.

let opened: OpenedDatabase;
let db: Database;
let customerId: number;
let staffId: number;
const now = new Date(SEED_TIME.getTime() + 1000);

beforeAll(async () => {
  opened = await openTestDatabase();
  db = opened.db;
  await seedIfEmpty(db, new MemoryAudioStorage(), SEED_TIME);
  const idOf = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  customerId = await idOf(demoLogins.customer.email);
  staffId = await idOf(demoLogins.staff.email);
});
afterAll(async () => opened?.close());

const pglite = () => localWritesOf(db) !== null;

describe('token lookup', () => {
  it('keeps the rows it read on PGlite only (a write count there; none on PostgreSQL)', async () => {
    expect(pglite()).toBe(process.env.TEST_DB !== 'postgres');
    const key = await issueToken(db, customerId, now);
    const first = await authenticateKey(db, key, now);
    const second = await authenticateKey(db, key, now);
    expect(second?.user.email).toBe(demoLogins.customer.email);
    // The same row, shared and frozen, when it came from the cache; a new one from each query.
    expect(second?.user === first?.user).toBe(pglite());
    if (pglite()) expect(Object.isFrozen(second?.user)).toBe(true);
  });

  it('refuses a token on the next lookup once it is revoked', async () => {
    const key = await issueToken(db, customerId, now);
    const auth = await authenticateKey(db, key, now);
    expect(auth).not.toBeNull();
    expect(await authenticateKey(db, key, now)).not.toBeNull();
    await revokeToken(db, auth!.tokenId, now);
    expect(await authenticateKey(db, key, now)).toBeNull();
  });

  it('answers the user as changed by any write, in a transaction too', async () => {
    const key = await issueToken(db, customerId, now);
    expect((await authenticateKey(db, key, now))?.user.firstName).toBe('Alex');
    await db.update(users).set({ firstName: 'Alexa' }).where(eq(users.id, customerId));
    expect((await authenticateKey(db, key, now))?.user.firstName).toBe('Alexa');
    await db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: 'Alexandra' }).where(eq(users.id, customerId));
    });
    expect((await authenticateKey(db, key, now))?.user.firstName).toBe('Alexandra');
    await db.update(users).set({ firstName: 'Alex' }).where(eq(users.id, customerId));
    expect((await authenticateKey(db, key, now))?.user.firstName).toBe('Alex');
  });

  it('does not keep a row read while a write was under way', async () => {
    const key = await issueToken(db, customerId, now);
    const [{ lastName }] = (await db
      .select({ lastName: users.lastName })
      .from(users)
      .where(eq(users.id, customerId))) as [{ lastName: string }];
    await db.update(users).set({ lastName: 'Before' }).where(eq(users.id, customerId));
    expect((await authenticateKey(db, key, now))?.user.lastName).toBe('Before');
    // Asked together: whichever the database runs first, the lookup after both answers the new name.
    const [during] = await Promise.all([
      authenticateKey(db, key, now),
      db.update(users).set({ lastName: 'After' }).where(eq(users.id, customerId)),
    ]);
    expect(['Before', 'After']).toContain(during?.user.lastName);
    expect((await authenticateKey(db, key, now))?.user.lastName).toBe('After');
    await db.update(users).set({ lastName }).where(eq(users.id, customerId));
  });

  it('ends a switched session on the next lookup once the staff member loses the role', async () => {
    const key = await issueToken(db, customerId, now, staffId);
    const auth = await authenticateKey(db, key, now);
    expect(auth?.actingUserId).toBe(staffId);
    expect(await authenticateKey(db, key, now)).not.toBeNull();
    const [staff] = await db.select({ permissions: users.permissions }).from(users).where(eq(users.id, staffId));
    await db.update(users).set({ permissions: [] }).where(eq(users.id, staffId));
    try {
      expect(await authenticateKey(db, key, now)).toBeNull();
    } finally {
      await db.update(users).set({ permissions: staff!.permissions }).where(eq(users.id, staffId));
    }
  });
});
