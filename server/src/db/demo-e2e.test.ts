import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MemoryAudioStorage } from '../audio/storage.ts';
import { readConfig } from '../config.ts';
import { verifyPassword } from '../modules/identity/index.ts';
import { openTestDatabase, SEED_TIME } from '../test/helper.ts';
import type { OpenedDatabase } from './connect.ts';
import { ACME_NUMBERS } from './demo-acme.ts';
import { allE2eLogins, e2eLogins } from './demo-e2e.ts';
import { demoLogins } from './demo-logins.ts';
import {
  accounts,
  audioFiles,
  callFlows,
  holdMusicSettings,
  phoneNumbers,
  products,
  users,
  voicemailSettings,
  voipUsers,
} from './schema/index.ts';
import { seedIfEmpty } from './seed.ts';

describe('PORTAL_E2E_ACCOUNTS', () => {
  it('is off unless asked for, on for on/true/1, and stops the start on anything else', () => {
    const readE2eAccountsSetting = (env: Record<string, string>) => readConfig(env).e2eAccounts;
    expect(readE2eAccountsSetting({})).toBe(false);
    expect(readE2eAccountsSetting({ PORTAL_E2E_ACCOUNTS: 'off' })).toBe(false);
    expect(readE2eAccountsSetting({ PORTAL_E2E_ACCOUNTS: ' On ' })).toBe(true);
    expect(readE2eAccountsSetting({ PORTAL_E2E_ACCOUNTS: '1' })).toBe(true);
    expect(() => readE2eAccountsSetting({ PORTAL_E2E_ACCOUNTS: 'yes please' })).toThrow(
      'PORTAL_E2E_ACCOUNTS must be on or off, not "yes please"',
    );
  });
});

describe('the e2e customers', () => {
  let plain: OpenedDatabase;
  let withE2e: OpenedDatabase;
  const audio = new MemoryAudioStorage();
  // Two databases seeded, some 30 slow password hashes: room for a busy machine.
  beforeAll(async () => {
    plain = await openTestDatabase();
    await seedIfEmpty(plain.db, new MemoryAudioStorage(), SEED_TIME);
    withE2e = await openTestDatabase();
    await seedIfEmpty(withE2e.db, audio, SEED_TIME, { e2eAccounts: true });
  }, 240_000);
  afterAll(async () => {
    await plain?.close();
    await withE2e?.close();
  });

  const emails: string[] = allE2eLogins().map((login) => login.email);

  it('are not in the ordinary demo data', async () => {
    expect(await plain.db.select().from(users).where(inArray(users.email, emails))).toEqual([]);
  });

  it('come after the demo data: every demo row keeps its id', async () => {
    const idsOf = async (db: OpenedDatabase['db']) => ({
      users: (await db.select({ id: users.id, email: users.email }).from(users).orderBy(users.id)).filter(
        (u) => !emails.includes(u.email as never),
      ),
      firstProducts: (
        await db.select({ id: products.id, detail: products.productDetail }).from(products).orderBy(products.id)
      ).slice(0, 5),
      flows: (
        await db
          .select({ id: callFlows.id, name: callFlows.name, productId: callFlows.productId })
          .from(callFlows)
          .orderBy(callFlows.id)
      ).slice(0, 3),
    });
    expect(await idsOf(withE2e.db)).toEqual(await idsOf(plain.db));
  });

  it('are each a copy of Acme under their own sign-in, company and numbers, with the audio stored', async () => {
    const [acmeUser] = await withE2e.db.select().from(users).where(eq(users.email, demoLogins.customer.email));
    const acmePhone = (
      await withE2e.db.select().from(products).where(eq(products.accountId, acmeUser!.accountId!)).orderBy(products.id)
    )[0]!;
    const flowNames = async (productId: number) =>
      (await withE2e.db.select().from(callFlows).where(eq(callFlows.productId, productId)).orderBy(callFlows.id)).map(
        (f) => [f.name, f.enable],
      );
    const seen = new Set<string>(Object.values(ACME_NUMBERS).flat());

    for (const login of e2eLogins) {
      const [user] = await withE2e.db.select().from(users).where(eq(users.email, login.email));
      expect(user, login.email).toMatchObject({ firstName: 'Alex', lastName: 'Morgan', emailVerified: true });
      expect(await verifyPassword(login.password, user!.passwordHash), login.email).toBe(true);
      const [account] = await withE2e.db.select().from(accounts).where(eq(accounts.id, user!.accountId!));
      expect(account?.name).toBe(login.company);

      const owned = await withE2e.db
        .select()
        .from(products)
        .where(eq(products.accountId, user!.accountId!))
        .orderBy(products.id);
      expect(owned.map((p) => p.productDetail)).toEqual([
        'Cloud phone - 3 users',
        'Business Broadband 80 Mbps',
        'Business Fibre 1 Gbps',
      ]);
      const phone = owned[0]!;
      expect(phone).toMatchObject({ kind: 'voip', supplier: 3, advancedCallFlows: true });
      expect(await flowNames(phone.id)).toEqual(await flowNames(acmePhone.id));
      const extensions = await withE2e.db.select().from(voipUsers).where(eq(voipUsers.productId, phone.id));
      expect(extensions.map((u) => `${u.extension} ${u.firstName}`).sort()).toEqual([
        '200 Alex',
        '201 Priya',
        '202 Tom',
      ]);
      expect(extensions.find((u) => u.extension === '200')?.email).toBe(login.email);

      const numbers = (await withE2e.db.select().from(phoneNumbers).where(eq(phoneNumbers.productId, phone.id))).map(
        (n) => n.number,
      );
      expect(numbers).toHaveLength(6);
      for (const number of numbers) {
        expect(number).toMatch(/^(01632960\d{3}|0207946\d{4})$/);
        expect(seen.has(number), `${number} used twice`).toBe(false);
        seen.add(number);
      }

      expect(
        await withE2e.db.select().from(voicemailSettings).where(eq(voicemailSettings.productId, phone.id)),
      ).toHaveLength(1);
      expect(
        await withE2e.db.select().from(holdMusicSettings).where(eq(holdMusicSettings.productId, phone.id)),
      ).toHaveLength(1);
      const files = await withE2e.db.select().from(audioFiles).where(eq(audioFiles.productId, phone.id));
      expect(files.map((f) => f.storedFilename).sort()).toEqual([
        'closed_greeting.wav',
        'main_menu.wav',
        'welcome_greeting.wav',
      ]);
      for (const file of files)
        expect((await audio.get(file.storageKey))?.length, file.storageKey).toBe(file.sizeBytes);
    }
  });
});
