import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

import { FilesystemAudioStorage } from '../audio/storage.ts';
import { verifyPassword } from '../modules/identity/index.ts';
import { openDatabase, type OpenDatabaseOptions } from './connect.ts';
import { demoLogins } from './demo-logins.ts';
import {
  accounts,
  audioFiles,
  callFlows,
  phoneNumbers,
  products,
  quickstarts,
  simpleCallFlows,
  trials,
  users,
  voipUsers,
} from './schema/index.ts';
import { DEMO_TRIAL_LENGTH_MS, seedIfEmpty } from './seed.ts';

// One store opened again and again: a PGlite folder, or one schema on the PostgreSQL server.
const postgres = process.env.TEST_DB === 'postgres';
const dataDir = postgres ? undefined : mkdtempSync(join(tmpdir(), 'portal-data-'));
const store: OpenDatabaseOptions = postgres
  ? { url: process.env.TEST_DATABASE_URL, schemaName: `test_restart_${randomBytes(4).toString('hex')}` }
  : { dataDir };
const audioDir = mkdtempSync(join(tmpdir(), 'portal-audio-'));
const audio = new FilesystemAudioStorage(audioDir);

afterAll(async () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  rmSync(audioDir, { recursive: true, force: true });
  if (postgres) {
    // A bare client: openDatabase() would migrate the public schema first.
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists "${store.schemaName}" cascade`);
    await client.end();
  }
});

describe('the seed', () => {
  it('creates the demo logins with their passwords, products, users and numbers', async () => {
    const { db, close } = await openDatabase(store);
    try {
      const seededAt = new Date('2025-03-03T09:00:00Z');
      expect(await seedIfEmpty(db, audio, seededAt)).toBe(true);
      // Each check is a deliberately slow scrypt: side by side, on the thread pool.
      await Promise.all(
        Object.values(demoLogins).map(async (login) => {
          const [user] = await db.select().from(users).where(eq(users.email, login.email));
          expect(await verifyPassword(login.password, user!.passwordHash), login.email).toBe(true);
          expect(`${user!.firstName} ${user!.lastName}`).toBe(login.name);
        }),
      );
      const [customer] = await db.select().from(users).where(eq(users.email, demoLogins.customer.email));
      const [phone] = await db
        .select()
        .from(products)
        .where(eq(products.accountId, customer!.accountId!))
        .orderBy(products.id);
      expect(phone).toMatchObject({ kind: 'voip', tariffVersion: 'TARIFF_V3', supplier: 3, showProductPages: true });
      const extensions = await db.select().from(voipUsers).where(eq(voipUsers.productId, phone!.id));
      expect(extensions.map((u) => u.extension).sort()).toEqual(['200', '201', '202']);
      const numbers = await db.select().from(phoneNumbers).where(eq(phoneNumbers.productId, phone!.id));
      expect(numbers).toHaveLength(6);
      // Ofcom drama ranges only.
      for (const { number } of numbers) expect(number).toMatch(/^(01632960\d{3}|0207946\d{4})$/);

      const [trial] = await db.select().from(trials);
      expect(trial?.kind).toBe('OPT_IN');
      const [quickstart] = await db.select().from(quickstarts).where(eq(quickstarts.productId, trial!.productId));
      expect(quickstart?.showPopup).toBe(true);
      expect(trial!.endsAt.getTime() - seededAt.getTime()).toBe(DEMO_TRIAL_LENGTH_MS);
      expect(DEMO_TRIAL_LENGTH_MS).toBe(2 * 24 * 60 * 60 * 1000);

      // Call flows and audio: the demo cloud phone's bytes are in the storage, under the keys the rows name.
      const flows = await db.select().from(callFlows).where(eq(callFlows.productId, phone!.id));
      expect(flows.map((f) => [f.name, f.enable])).toEqual([
        ['Main office hours', true],
        ['Out of hours to mobile', false],
        ['Sales line (draft)', false],
      ]);
      expect(await db.select().from(simpleCallFlows)).toHaveLength(5); // and Harbourside Bakes' (demo-shell.ts) and Meadow Lane Vets' (demo-product-details.ts)
      const files = await db.select().from(audioFiles).where(eq(audioFiles.productId, phone!.id));
      expect(files).toHaveLength(3);
      for (const file of files) {
        const bytes = await audio.get(file.storageKey);
        expect(bytes?.length, file.storageKey).toBe(file.sizeBytes);
        expect(bytes?.subarray(0, 4).toString('ascii')).toBe('RIFF');
      }
    } finally {
      await close();
    }
  }, 120_000); // the seed hashes every demo password; slow on a loaded machine
});

describe('a later start', () => {
  it('keeps all data and does not seed again', async () => {
    const first = await openDatabase(store); // seeded by the test above
    expect(await seedIfEmpty(first.db, audio)).toBe(false);
    await first.db
      .update(accounts)
      .set({ name: 'Acme Plumbing & Heating Ltd' })
      .where(eq(accounts.name, 'Acme Plumbing Ltd'));
    await first.close();

    const second = await openDatabase(store);
    try {
      expect(await seedIfEmpty(second.db, audio)).toBe(false);
      const emails = (await second.db.select({ email: users.email }).from(users)).map((u) => u.email).sort();
      expect(emails).toEqual(
        Object.values(demoLogins)
          .map((login) => login.email)
          .sort(),
      );
      const [account] = await second.db.select().from(accounts).orderBy(accounts.id).limit(1);
      expect(account?.name).toBe('Acme Plumbing & Heating Ltd');
      expect((await second.db.select({ n: count() }).from(voipUsers))[0]?.n).toBe(14); // 5, 2 on the shell demo's supplier-2 cloud phone, 3 at Nova Dental (getting started's users), 1 at Harbourside Bakes and 1 at Pier Bakery (demo-shell.ts), 2 at Meadow Lane Vets (demo-product-details.ts)
      expect((await second.db.select({ n: count() }).from(phoneNumbers))[0]?.n).toBe(12); // and Pier Bakery's new number (demo-shell.ts), and Meadow Lane Vets' two (demo-product-details.ts)
      expect((await second.db.select({ n: count() }).from(callFlows))[0]?.n).toBe(3);
      expect((await second.db.select({ n: count() }).from(audioFiles))[0]?.n).toBe(3);
    } finally {
      await second.close();
    }
  });
});
