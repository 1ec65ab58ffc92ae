import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SANDBOX_CUSTOMER_KINDS, SandboxCustomer, sandboxCustomerMessages } from '@portal/contract';

import { buildApp } from '../../app.ts';
import { MemoryAudioStorage } from '../../audio/storage.ts';
import { messagingAdapters, readConfig } from '../../config.ts';
import {
  accountServiceUpdates,
  callLogs,
  contacts,
  hardwareDevices,
  holidaySchedules,
  notifications,
  products,
  trials,
  users,
  voipUsers,
} from '../../db/schema/index.ts';
import type { SpeechEngine } from '../../speech/engine.ts';
import { getCsrf, openTestDatabase, useTestApp } from '../../test/helper.ts';

const t = useTestApp();

const make = async (payload: object) => {
  const csrf = await getCsrf(t.app);
  return t.app.inject({ method: 'POST', url: '/sandbox/customers/', headers: csrf.headers, payload });
};

const signIn = async (email: string, password: string) => {
  const csrf = await getCsrf(t.app);
  return t.app.inject({ method: 'POST', url: '/auth/login/', headers: csrf.headers, payload: { email, password } });
};

describe('POST /sandbox/customers/', () => {
  it('makes a new customer of every kind, each with its own sign-in', async () => {
    const emails = new Set<string>();
    for (const kind of SANDBOX_CUSTOMER_KINDS) {
      const response = await make({ kind });
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(201);
      const customer = SandboxCustomer.parse(response.json());
      expect(customer.kind).toBe(kind);
      expect(emails.has(customer.email)).toBe(false);
      emails.add(customer.email);
      expect(customer.account_id === null).toBe(kind === 'staff');
      const login = await signIn(customer.email, customer.password);
      // The unverified kind is made to be refused until its address is confirmed.
      expect(login.statusCode, `${kind} signs in: ${login.body}`).toBe(kind === 'unverified' ? 400 : 200);
    }
    // Each makes a whole demo customer (Acme's audio files among them) and hashes a password.
  }, 180_000);

  it('never gives two customers of a kind the same sign-in or numbers', async () => {
    const [first, second] = await Promise.all([make({ kind: 'cloud-phone' }), make({ kind: 'cloud-phone' })]);
    const a = SandboxCustomer.parse(first!.json());
    const b = SandboxCustomer.parse(second!.json());
    expect(a.email).not.toBe(b.email);
    expect(a.account_id).not.toBe(b.account_id);
    expect(a.numbers).toHaveLength(6);
    expect(a.numbers.filter((number) => b.numbers.includes(number))).toEqual([]);
    // The other's password is not this one's.
    expect((await signIn(a.email, b.password)).statusCode).toBe(400);
  });

  it('makes each kind like its demo customer: an ended trial, a buy-now phone just provisioned, getting started due', async () => {
    const made = async (kind: string) => {
      const customer = SandboxCustomer.parse((await make({ kind })).json());
      const [user] = await t.db.select().from(users).where(eq(users.email, customer.email));
      const owned = await t.db
        .select()
        .from(products)
        .where(eq(products.accountId, customer.account_id!))
        .orderBy(products.id);
      return { customer, user: user!, owned };
    };

    // Like Lumen Design: a voip3 phone whose opt-in trial has ended.
    const lumen = await made('ended-trial');
    expect(lumen.user).toMatchObject({ firstName: 'Casey', lastName: 'Hart', emailVerified: true });
    expect(lumen.owned[0]).toMatchObject({ kind: 'voip', tariffVersion: 'TARIFF_V3', supplier: 3 });
    const [trial] = await t.db.select().from(trials).where(eq(trials.productId, lumen.owned[0]!.id));
    expect(trial?.kind).toBe('OPT_IN');
    expect(trial!.endsAt.getTime()).toBeLessThan(t.clock.now().getTime());

    // Like Pier Bakery: a buy-now cloud phone just provisioned, with its own number.
    const pier = await made('provisioned');
    expect(pier.user).toMatchObject({ firstName: 'Jamie', lastName: 'Cole', emailVerified: true });
    expect(pier.owned).toHaveLength(1);
    expect(pier.owned[0]).toMatchObject({
      kind: 'voip',
      supplier: 3,
      status: 'buy now provisioned',
      channel: 'Buy Now',
      showWelcome: false,
      productDetail: 'Cloud phone - 1 user',
    });
    const site = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, pier.owned[0]!.id));
    expect(site.map((u) => [u.extension, u.email])).toEqual([['200', pier.customer.email]]);
    expect(pier.customer.numbers).toHaveLength(1);

    // Like Nova Dental: getting started due, at its Brighton address, with Riley on extension 200.
    const nova = await made('getting-started');
    expect(nova.customer.company).toBe('Nova Dental');
    expect(nova.owned).toHaveLength(1);
    expect(nova.owned[0]).toMatchObject({
      kind: 'voip',
      supplier: 3,
      showWelcome: true,
      productDetail: 'Cloud phone - 3 users',
    });
    expect(nova.owned[0]!.installationAddress?.post_code).toBe('BN1 1YE');
    const phoneUsers = await t.db
      .select()
      .from(voipUsers)
      .where(eq(voipUsers.productId, nova.owned[0]!.id))
      .orderBy(voipUsers.id);
    expect(phoneUsers.map((u) => `${u.extension} ${u.firstName}`)).toEqual(['200 Riley', '201 Priya', '202 Tom']);
    expect(phoneUsers[0]?.email).toBe(nova.customer.email);
  }, 120_000);

  it('makes the shapes the e2e specs change: many numbers, a locked user, contacts, calls, a notification centre', async () => {
    const made = async (kind: string) => {
      const customer = SandboxCustomer.parse((await make({ kind })).json());
      const [user] = await t.db.select().from(users).where(eq(users.email, customer.email));
      const [phone] = await t.db
        .select()
        .from(products)
        .where(eq(products.accountId, customer.account_id!))
        .orderBy(products.id);
      return { customer, user: user!, phone: phone! };
    };
    const count = async (rows: Promise<unknown[]>) => (await rows).length;

    const numbers = await made('many-numbers');
    expect(numbers.customer.numbers).toHaveLength(21);
    expect(await count(t.db.select().from(voipUsers).where(eq(voipUsers.productId, numbers.phone.id)))).toBe(7);

    const locked = await made('locked-user');
    expect(locked.phone.supplier).toBe(2);
    const seats = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, locked.phone.id));
    expect(seats.filter((seat) => seat.lockedAt !== null).map((seat) => seat.firstName)).toEqual(['Dana']);
    // Desk phones at MAC addresses of their own, not the demo Acme's.
    const devices = await t.db.select().from(hardwareDevices).where(eq(hardwareDevices.productId, locked.phone.id));
    expect(devices).toHaveLength(2);
    expect((await made('locked-user')).customer.numbers).toHaveLength(6);

    const phoneSetup = await made('phone-setup');
    const holidays = await t.db
      .select()
      .from(holidaySchedules)
      .where(eq(holidaySchedules.productId, phoneSetup.phone.id));
    expect(holidays.map((holiday) => holiday.name)).toEqual(['Team away days']);

    const withContacts = await made('contacts');
    expect(await count(t.db.select().from(contacts).where(eq(contacts.productId, withContacts.phone.id)))).toBe(30);

    const withCalls = await made('call-history');
    expect(await count(t.db.select().from(callLogs).where(eq(callLogs.productId, withCalls.phone.id)))).toBeGreaterThan(
      30,
    );

    const kestrel = await made('notifications');
    const accountId = kestrel.customer.account_id!;
    expect(
      await count(t.db.select().from(accountServiceUpdates).where(eq(accountServiceUpdates.accountId, accountId))),
    ).toBe(3);
    expect(await count(t.db.select().from(notifications).where(eq(notifications.accountId, accountId)))).toBe(5);

    const viewed = await made('staff-viewed');
    expect(viewed.user).toMatchObject({ firstName: 'Taylor', lastName: 'Quinn', emailVerified: true });
    expect((await made('unverified')).user.emailVerified).toBe(false);
    expect((await made('profile')).user).toMatchObject({ firstName: 'Drew', lastName: 'Ashby' });
  }, 180_000);

  it('answers 400 naming the kinds for a kind it does not make', async () => {
    for (const payload of [{ kind: 'millionaire' }, {}, { kind: 'staff', is_superuser: true }]) {
      const response = await make(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await make({ kind: 'millionaire' })).body).toContain(sandboxCustomerMessages.kind);
  });

  it('is CSRF-checked like every unsafe call', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/sandbox/customers/', payload: { kind: 'trial' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /sandbox/customers/ with production transports', () => {
  const silentSpeech: SpeechEngine = { name: 'silent', synthesize: () => Promise.reject(new Error('not used')) };
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('is not there (404) when e-mail or text messages can leave the machine', async () => {
    const configs = [
      {
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525',
        MAIL_FROM: 'Portal <no-reply@portal.example>',
      },
      { SMS_TRANSPORT: 'https', SMS_GATEWAY_URL: 'https://sms.example/v1/messages', SMS_GATEWAY_TOKEN: 'token' },
    ];
    for (const env of configs) {
      const app = await buildApp({
        db: database.db,
        audio: new MemoryAudioStorage(),
        speech: silentSpeech,
        ...messagingAdapters(readConfig(env).messaging),
      });
      try {
        const csrf = await getCsrf(app);
        const response = await app.inject({
          method: 'POST',
          url: '/sandbox/customers/',
          headers: csrf.headers,
          payload: { kind: 'staff' },
        });
        expect(response.statusCode, JSON.stringify(env)).toBe(404);
      } finally {
        await app.close();
      }
    }
  });
});
