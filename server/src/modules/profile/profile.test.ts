import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';

import {
  accountMessages,
  EmailChangeConfirmed,
  errorMessages,
  Me,
  nameMessages,
  passwordMessages,
  phoneMessages,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { authTokens, emailChangeRequests, outbox, staffAuditLog, users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, postLogin, useTestApp } from '../../test/helper.ts';
import { hashKey, hashPassword, issueToken, verifyPassword } from '../identity/index.ts';
import {
  EMAIL_CHANGE_LINK_LIFETIME_MS,
  MAX_EMAIL_CHANGES,
  MAX_WRONG_PASSWORDS,
  WRONG_PASSWORD_WINDOW_MS,
} from './handlers.ts';

const t = useTestApp();

const PASSWORD = 'kettle-orchard-71';
let serial = 0;

/** A customer of its own for one test, signed in: tests here change names, addresses and passwords. */
async function newCustomer(firstName = 'Robin', lastName = 'Ash') {
  serial += 1;
  const email = `person${serial}@profile-test.example`;
  const [row] = await t.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(PASSWORD), firstName, lastName, emailVerified: true })
    .returning();
  const credentials = { email, password: PASSWORD };
  return { id: row!.id, email, credentials, key: await signIn(credentials) };
}

async function send(method: 'PATCH' | 'POST', url: string, key: string | null, payload?: InjectOptions['payload']) {
  const csrf = await getCsrf(t.app);
  const options: InjectOptions = { method, url, headers: key ? authHeaders(key, csrf) : csrf.headers };
  if (payload !== undefined) options.payload = payload;
  return t.app.inject(options);
}

const patchMe = (key: string | null, payload: InjectOptions['payload']) => send('PATCH', '/api/v3/me/', key, payload);
const changePassword = (key: string | null, payload: InjectOptions['payload']) =>
  send('PATCH', '/api/v3/me/password/', key, payload);
const confirmEmail = (key: string) => send('POST', '/api/v3/me/email/confirm/', null, { key });

async function me(key: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v3/me/', headers: authHeaders(key) });
  expect(response.statusCode).toBe(200);
  return Me.parse(response.json());
}

async function userRow(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

const mailsTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));

/** The key in the newest confirmation link e-mailed to an address, as a person would copy it. */
async function linkKeyFor(to: string): Promise<string> {
  const [mail] = await mailsTo(to);
  const link = mail?.body.match(/https?:\/\/\S+\/profile-preferences\/confirm-email#key=([A-Za-z0-9_-]+)/);
  if (!link?.[1]) throw new Error(`no confirmation link to ${to}`);
  return link[1];
}

/** Signs in with an e-mail and password (login() takes a demo login) and answers the token key. */
async function signIn(credentials: { email: string; password: string }): Promise<string> {
  const response = await postLogin(t.app, credentials);
  expect(response.statusCode).toBe(200);
  return response.json<{ key: string }>().key;
}

const newPassword = { old_password: PASSWORD, new_password1: 'lantern-meadow-93', new_password2: 'lantern-meadow-93' };

describe('PATCH /api/v3/me/ (name and phone)', () => {
  it('saves the name and phone and answers the updated user, which GET /api/v3/me/ then gives too', async () => {
    const person = await newCustomer();
    const response = await patchMe(person.key, {
      first_name: ' Jordan ',
      last_name: 'Ellis-Khan',
      phone: '020 7946 0000',
    });
    expect(response.statusCode).toBe(200);
    const body = Me.parse(response.json());
    expect(body).toMatchObject({
      name: 'Jordan Ellis-Khan',
      initials: 'JE',
      user_profile: {
        first_name: 'Jordan',
        last_name: 'Ellis-Khan',
        email: person.email,
        phone: '02079460000',
        pending_email: null,
      },
    });
    expect(await me(person.key)).toEqual(body);
    expect(await userRow(person.id)).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Ellis-Khan',
      phone: '02079460000',
    });
  });

  it("stores phone numbers in the national form, and '' removes the number", async () => {
    const person = await newCustomer();
    const cases: Array<[string, string]> = [
      ['+44 7700 900982', '07700900982'],
      ['0044 1632 960001', '01632960001'],
      ['447700900982', '07700900982'],
      ['7700 900982', '07700900982'],
      ['(01632) 960-001', '01632960001'],
    ];
    for (const [typed, stored] of cases) {
      const response = await patchMe(person.key, { phone: typed });
      expect(response.statusCode, typed).toBe(200);
      expect(Me.parse(response.json()).user_profile.phone).toBe(stored);
    }
    const removed = await patchMe(person.key, { phone: '' });
    expect(Me.parse(removed.json()).user_profile.phone).toBeNull();
    expect((await userRow(person.id)).phone).toBeNull();
  });

  it('leaves fields that are not sent as they are', async () => {
    const person = await newCustomer('Sam', 'Lowe');
    await patchMe(person.key, { phone: '01632 960001' });
    const response = await patchMe(person.key, { first_name: 'Samira' });
    expect(Me.parse(response.json()).user_profile).toMatchObject({
      first_name: 'Samira',
      last_name: 'Lowe',
      phone: '01632960001',
    });
  });

  it('answers every bad field with 400 and a readable message, and saves nothing', async () => {
    const person = await newCustomer('Alex', 'Stone');
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ phone: '0800 123 4567' }, { phone: [phoneMessages.invalid] }],
      [{ phone: '12345' }, { phone: [phoneMessages.invalid] }],
      [{ phone: 7700900982 }, { phone: [phoneMessages.invalid] }],
      [{ first_name: '   ' }, { first_name: [nameMessages.firstRequired] }],
      [{ last_name: '' }, { last_name: [nameMessages.lastRequired] }],
      [{ first_name: 'x'.repeat(101) }, { first_name: [nameMessages.tooLong] }],
      [{ email: 'not an email' }, { email: ['Enter an email address in the correct format, like name@example.com'] }],
      [{ email: '' }, { email: ['Enter your email address'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await patchMe(person.key, payload as InjectOptions['payload']);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual(errors);
    }
    const notAnObject = await patchMe(person.key, ['first_name']);
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json()).toEqual({ non_field_errors: ['Send the details as a JSON object.'] });
    expect(await userRow(person.id)).toMatchObject({
      firstName: 'Alex',
      lastName: 'Stone',
      phone: null,
      email: person.email,
    });
  });

  it('needs a session and the CSRF header', async () => {
    const anonymous = await patchMe(null, { first_name: 'Eve' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: errorMessages.notAuthenticated });

    const person = await newCustomer('Dana', 'Reed');
    const forged = await t.app.inject({
      method: 'PATCH',
      url: '/api/v3/me/',
      headers: { authorization: `Token ${person.key}` },
      payload: { first_name: 'Eve' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await userRow(person.id)).firstName).toBe('Dana');
  });
});

describe('changing the e-mail address', () => {
  it('keeps the new address pending, e-mails it a link and tells the old one; the account keeps its address until the link is opened', async () => {
    const person = await newCustomer('Quinn', 'Hale');
    const newEmail = `new.${person.email}`;
    const response = await patchMe(person.key, { email: ` ${newEmail.toUpperCase()} `, current_password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(Me.parse(response.json()).user_profile).toMatchObject({ email: person.email, pending_email: newEmail });
    expect((await me(person.key)).user_profile.pending_email).toBe(newEmail);
    expect(await userRow(person.id)).toMatchObject({ email: person.email, emailVerified: true });

    const [link] = await mailsTo(newEmail);
    expect(link?.subject).toBe('Confirm your new email address');
    expect(link?.body).toMatch(/\/profile-preferences\/confirm-email#key=[A-Za-z0-9_-]{43}\n/);
    const [notice] = await mailsTo(person.email);
    expect(notice?.subject).toBe('Your email address is being changed');
    expect(notice?.body).toContain(newEmail);
    expect(notice?.body).not.toMatch(/#key=/);

    // Only the key's hash is stored.
    const key = await linkKeyFor(newEmail);
    const [stored] = await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, person.id));
    expect(stored!.keyHash).toBe(hashKey(key));
    expect(JSON.stringify(stored)).not.toContain(key);

    // Signing in still takes the old address, not the new one.
    expect((await postLogin(t.app, person.credentials)).statusCode).toBe(200);
    expect((await postLogin(t.app, { email: newEmail, password: PASSWORD })).statusCode).toBe(400);
  });

  it('applies the new address, verified, when the link is opened, once', async () => {
    const person = await newCustomer();
    const newEmail = `moved.${person.email}`;
    await patchMe(person.key, { email: newEmail, current_password: PASSWORD });
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, person.id));
    const key = await linkKeyFor(newEmail);

    const confirmed = await confirmEmail(key);
    expect(confirmed.statusCode).toBe(200);
    expect(EmailChangeConfirmed.parse(confirmed.json())).toEqual({
      detail: accountMessages.emailChanged,
      email: newEmail,
    });
    expect(await userRow(person.id)).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await me(person.key)).user_profile).toMatchObject({ email: newEmail, pending_email: null });
    expect((await postLogin(t.app, { email: newEmail, password: PASSWORD })).statusCode).toBe(200);
    expect((await postLogin(t.app, person.credentials)).statusCode).toBe(400);

    const again = await confirmEmail(key);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: accountMessages.linkUsed });
  });

  it('refuses an expired link, a made-up one and one a newer request replaced, and changes nothing', async () => {
    const person = await newCustomer();
    await patchMe(person.key, { email: `first.${person.email}`, current_password: PASSWORD });
    const replaced = await linkKeyFor(`first.${person.email}`);
    await patchMe(person.key, { email: `second.${person.email}`, current_password: PASSWORD });
    const latest = await linkKeyFor(`second.${person.email}`);
    expect((await me(person.key)).user_profile.pending_email).toBe(`second.${person.email}`);

    expect((await confirmEmail(replaced)).json()).toEqual({ detail: accountMessages.linkInvalid });
    expect((await confirmEmail('A'.repeat(43))).json()).toEqual({ detail: accountMessages.linkInvalid });
    expect((await confirmEmail('short')).json()).toEqual({ detail: accountMessages.linkInvalid });
    const empty = await confirmEmail('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ key: [accountMessages.linkInvalid] });

    t.clock.advance(EMAIL_CHANGE_LINK_LIFETIME_MS + 1000);
    try {
      expect((await me(person.key)).user_profile.pending_email).toBeNull();
      const expired = await confirmEmail(latest);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ detail: accountMessages.linkExpired });
    } finally {
      t.clock.advance(-(EMAIL_CHANGE_LINK_LIFETIME_MS + 1000));
    }
    expect((await userRow(person.id)).email).toBe(person.email);
  });

  it("refuses another account's address without saying whose it is, and sends nothing", async () => {
    const person = await newCustomer('Ira', 'Bell');
    const before = (await mailsTo(demoLogins.customer.email)).length;
    const response = await patchMe(person.key, {
      first_name: 'Irene',
      email: demoLogins.customer.email.toUpperCase(),
      current_password: PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [accountMessages.emailTaken] });
    expect(accountMessages.emailTaken).not.toMatch(/account|registered|exists/i);
    // The whole request is refused: the name is not half-saved.
    expect((await userRow(person.id)).firstName).toBe('Ira');
    expect(await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, person.id))).toEqual([]);
    expect((await mailsTo(demoLogins.customer.email)).length).toBe(before);
  });

  it('refuses the link when someone else took the address in the meantime', async () => {
    const person = await newCustomer();
    const wanted = `wanted.${person.email}`;
    await patchMe(person.key, { email: wanted, current_password: PASSWORD });
    const key = await linkKeyFor(wanted);
    await t.db.insert(users).values({ email: wanted, passwordHash: 'x', firstName: 'Other', lastName: 'Person' });

    const response = await confirmEmail(key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: accountMessages.emailTaken });
    expect((await userRow(person.id)).email).toBe(person.email);
  });

  it('sending the current address changes nothing and sends nothing', async () => {
    const person = await newCustomer();
    const response = await patchMe(person.key, { email: person.email.toUpperCase(), last_name: 'Ashford' });
    expect(response.statusCode).toBe(200);
    expect(Me.parse(response.json()).user_profile).toMatchObject({
      email: person.email,
      last_name: 'Ashford',
      pending_email: null,
    });
    expect(await mailsTo(person.email)).toEqual([]);
  });

  it('needs the current password for a new address: missing or wrong, nothing is sent', async () => {
    const person = await newCustomer();
    const wanted = `moved.${person.email}`;
    const missing = await patchMe(person.key, { email: wanted });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ current_password: [passwordMessages.currentRequired] });
    const wrong = await patchMe(person.key, { email: wanted, current_password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: [passwordMessages.currentWrong] });
    expect(await mailsTo(wanted)).toEqual([]);
    expect(await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, person.id))).toEqual([]);
  });

  it(`answers 429 after ${MAX_EMAIL_CHANGES} changes asked for in an hour`, async () => {
    const person = await newCustomer();
    for (let n = 1; n <= MAX_EMAIL_CHANGES; n += 1) {
      expect(
        (await patchMe(person.key, { email: `try${n}.${person.email}`, current_password: PASSWORD })).statusCode,
      ).toBe(200);
    }
    const refused = await patchMe(person.key, { email: `one-more.${person.email}` });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: accountMessages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(`one-more.${person.email}`)).toEqual([]);
  });
});

describe('PATCH /api/v3/me/password/', () => {
  it('changes the password, ends every other session of the user and keeps the one that asked', async () => {
    const person = await newCustomer();
    const other = await signIn(person.credentials);
    const response = await changePassword(person.key, newPassword);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: accountMessages.passwordChanged });

    expect(await verifyPassword(newPassword.new_password1, (await userRow(person.id)).passwordHash)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v3/me/', headers: authHeaders(person.key) })).statusCode,
    ).toBe(200);
    const ended = await t.app.inject({ method: 'GET', url: '/api/v3/me/', headers: authHeaders(other) });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ detail: errorMessages.invalidToken });

    expect((await postLogin(t.app, person.credentials)).statusCode).toBe(400);
    expect((await postLogin(t.app, { email: person.email, password: newPassword.new_password1 })).statusCode).toBe(200);
  });

  it("ends the sessions a staff member had switched into customers' accounts too, and the links sent before", async () => {
    const staff = await newCustomer('Sam', 'Staff');
    const customer = await newCustomer();
    const switched = await issueToken(t.db, customer.id, t.clock.now(), staff.id);
    const pendingChange = await send('PATCH', '/api/v3/me/', staff.key, {
      email: `new-${staff.email}`,
      current_password: PASSWORD,
    });
    expect(pendingChange.statusCode).toBe(200);
    expect((await changePassword(staff.key, newPassword)).statusCode).toBe(200);
    const [token] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashKey(switched)));
    expect(token!.revokedAt).not.toBeNull();
    expect(await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, staff.id))).toEqual([]);
  });

  it('counts attempts sent side by side: no more than the limit are checked', async () => {
    const person = await newCustomer();
    const attempts = await Promise.all(
      Array.from({ length: MAX_WRONG_PASSWORDS + 4 }, (_, n) =>
        changePassword(person.key, { ...newPassword, old_password: `wrong-${n}` }),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(MAX_WRONG_PASSWORDS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });

  it("does not touch another user's sessions", async () => {
    const person = await newCustomer();
    const someoneElse = await newCustomer();
    await changePassword(person.key, newPassword);
    const [token] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashKey(someoneElse.key)));
    expect(token!.revokedAt).toBeNull();
  });

  it('refuses a wrong current password on old_password, and keeps the password', async () => {
    const person = await newCustomer();
    const response = await changePassword(person.key, { ...newPassword, old_password: 'not-my-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ old_password: [passwordMessages.currentWrong] });
    expect(await verifyPassword(PASSWORD, (await userRow(person.id)).passwordHash)).toBe(true);
  });

  it(`answers 429 after ${MAX_WRONG_PASSWORDS} wrong current passwords in 15 minutes, even with the right one, until the window ends`, async () => {
    const person = await newCustomer();
    for (let n = 1; n <= MAX_WRONG_PASSWORDS; n += 1) {
      expect((await changePassword(person.key, { ...newPassword, old_password: `wrong-${n}` })).statusCode).toBe(400);
    }
    const locked = await changePassword(person.key, newPassword);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ detail: accountMessages.tooManyPasswordAttempts });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await verifyPassword(PASSWORD, (await userRow(person.id)).passwordHash)).toBe(true);

    t.clock.advance(WRONG_PASSWORD_WINDOW_MS + 1000);
    try {
      expect((await changePassword(person.key, newPassword)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(WRONG_PASSWORD_WINDOW_MS + 1000));
    }
  });

  it('counts wrong passwords per user: one user locked out leaves the others alone', async () => {
    const person = await newCustomer();
    const neighbour = await newCustomer();
    for (let n = 0; n <= MAX_WRONG_PASSWORDS; n += 1)
      await changePassword(person.key, { ...newPassword, old_password: 'wrong' });
    expect((await changePassword(neighbour.key, newPassword)).statusCode).toBe(200);
  });

  it('refuses a common password, one containing the e-mail name, and a short or mismatched one, on the right field', async () => {
    const person = await newCustomer();
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ new_password1: 'password123', new_password2: 'password123' }, { new_password1: [passwordMessages.common] }],
      [
        {
          new_password1: `my-${person.email.split('@')[0]}-pass`,
          new_password2: `my-${person.email.split('@')[0]}-pass`,
        },
        { new_password1: [passwordMessages.likeEmail] },
      ],
      [{ new_password1: 'short', new_password2: 'short' }, { new_password1: [passwordMessages.tooShort] }],
      [
        { new_password1: 'lantern-meadow-93', new_password2: 'lantern-meadow-39' },
        { new_password2: [passwordMessages.mismatch] },
      ],
      [
        { new_password1: 'lantern-meadow-93', new_password2: '' },
        { new_password2: [passwordMessages.confirmRequired] },
      ],
    ];
    for (const [passwords, errors] of cases) {
      const response = await changePassword(person.key, { old_password: PASSWORD, ...passwords });
      expect(response.statusCode, JSON.stringify(passwords)).toBe(400);
      // The first message of each field is the one a form shows.
      const firsts = Object.fromEntries(
        Object.entries(response.json<Record<string, string[]>>()).map(([field, messages]) => [field, [messages[0]]]),
      );
      expect(firsts, JSON.stringify(passwords)).toEqual(errors);
    }
    const noCurrent = await changePassword(person.key, { ...newPassword, old_password: '' });
    expect(noCurrent.json()).toEqual({ old_password: [passwordMessages.currentRequired] });
    expect(await verifyPassword(PASSWORD, (await userRow(person.id)).passwordHash)).toBe(true);
  });

  it('needs a session', async () => {
    const response = await changePassword(null, newPassword);
    expect(response.statusCode).toBe(401);
  });
});

describe('staff viewing a customer', () => {
  async function switchedInto(customerEmail: string) {
    const key = await login(t.app, demoLogins.staff);
    expect((await send('POST', '/accounts/', key, { email: customerEmail })).statusCode).toBe(200);
    return key;
  }

  it('may not change the password or the e-mail address', async () => {
    const person = await newCustomer();
    const key = await switchedInto(person.email);

    const password = await changePassword(key, newPassword);
    expect(password.statusCode).toBe(403);
    expect(password.json()).toEqual({ detail: accountMessages.notWhileViewing });
    expect(await verifyPassword(PASSWORD, (await userRow(person.id)).passwordHash)).toBe(true);

    const email = await patchMe(key, { first_name: 'Changed', email: `staff.${person.email}` });
    expect(email.statusCode).toBe(403);
    expect(email.json()).toEqual({ detail: accountMessages.notWhileViewing });
    expect(await userRow(person.id)).toMatchObject({ email: person.email, firstName: 'Robin' });
    expect(await mailsTo(`staff.${person.email}`)).toEqual([]);
  });

  it('may change the name and phone, and the change is in the audit log', async () => {
    const person = await newCustomer();
    const key = await switchedInto(person.email);
    const response = await patchMe(key, { first_name: 'Robyn', phone: '07700 900982', email: person.email });
    expect(response.statusCode).toBe(200);
    expect(Me.parse(response.json())).toMatchObject({
      name: 'Robyn Ash',
      logged_in_as: { email: demoLogins.staff.email },
    });
    const [entry] = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.customerUserId, person.id), eq(staffAuditLog.action, 'change')))
      .orderBy(desc(staffAuditLog.id));
    expect(entry).toMatchObject({
      staffEmail: demoLogins.staff.email,
      customerEmail: person.email,
      method: 'PATCH',
      path: '/api/v3/me/',
      status: 200,
    });
  });
});
