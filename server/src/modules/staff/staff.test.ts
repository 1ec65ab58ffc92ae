import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import {
  AuditLogPage,
  CallRecordingsPage,
  errorMessages,
  MANAGE_OTHER_USERS,
  Me,
  staffEmailMessages,
  staffMessages,
  SwitchUserResponse,
} from '@portal/contract';
import { sampleFlow } from '@portal/editor-core/testing';

import { demoLogins } from '../../db/demo-logins.ts';
import { authTokens, emailVerificationKeys, outbox, products, staffAuditLog, users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, seededProductIds, useTestApp } from '../../test/helper.ts';
import { hashKey, hashPassword, issueToken, MAX_RESENDS, RESEND_WINDOW_MS } from '../identity/index.ts';

const t = useTestApp();

const staff = demoLogins.staff;
const customer = demoLogins.staffViewed;

async function me(key: string) {
  return Me.parse((await t.app.inject({ method: 'GET', url: '/api/v3/me/', headers: authHeaders(key) })).json());
}

async function post(url: string, key: string | null, payload?: InjectOptions['payload']) {
  const csrf = await getCsrf(t.app);
  const options: InjectOptions = { method: 'POST', url, headers: key ? authHeaders(key, csrf) : csrf.headers };
  if (payload !== undefined) options.payload = payload;
  return t.app.inject(options);
}

const switchTo = (key: string, email: string) => post('/accounts/', key, { email });
const returnToStaff = (key: string) => post('/accounts/return/', key);

async function userId(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row!.id;
}

/** Willow's cloud phone, on which the customer may make a change (turn the add-on on). */
async function willowPhoneId() {
  const [row] = await t.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(users, eq(users.accountId, products.accountId))
    .where(eq(users.email, customer.email));
  return row!.id;
}

async function patchAddOn(key: string, productId: number) {
  const csrf = await getCsrf(t.app);
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/voip/${productId}/add-ons/advanced-call-flow/`,
    headers: authHeaders(key, csrf),
    payload: { enabled: true },
  });
}

const allAuditRows = () => t.db.select().from(staffAuditLog).orderBy(desc(staffAuditLog.id));
/** The switches, returns and changes, newest first (reads while switched are tested apart). */
const auditRows = async () => (await allAuditRows()).filter((row) => row.action !== 'read');

/** A user signed in directly (no password step), with the staff flag and permissions given. */
async function tokenFor(values: { email: string; isStaff: boolean; permissions: string[] }) {
  const [row] = await t.db
    .insert(users)
    .values({ ...values, passwordHash: await hashPassword('not-used-1'), firstName: 'Test', lastName: 'Person' })
    .returning();
  return issueToken(t.db, row!.id, t.clock.now());
}

describe('POST /accounts/ (switch user)', () => {
  it("switches the staff member's session to the customer, and /me says who is acting", async () => {
    const key = await login(t.app, staff);
    const response = await switchTo(key, ' Taylor@Willow-Accountancy.example ');
    expect(response.statusCode).toBe(200);
    expect(SwitchUserResponse.parse(response.json())).toEqual({
      detail: staffMessages.switched(customer.name),
      viewing: { email: customer.email, name: customer.name },
    });

    const body = await me(key);
    expect(body.user_profile.email).toBe(customer.email);
    expect(body.name).toBe(customer.name);
    expect(body.is_staff).toBe(false);
    expect(body.permissions).toEqual([]);
    // The session's permissions are the customer's; the acting staff member's own come with logged_in_as.
    expect(body.logged_in_as).toEqual({ email: staff.email, name: staff.name, permissions: [MANAGE_OTHER_USERS] });

    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      action: 'switch',
      staffUserId: await userId(staff.email),
      staffEmail: staff.email,
      customerUserId: await userId(customer.email),
      customerEmail: customer.email,
      method: 'POST',
      path: '/accounts/',
      summary: `switched to ${customer.email}`,
      status: 200,
    });
    expect(entry!.createdAt.getTime()).toBe(t.clock.now().getTime());
  });

  it("keeps one token: the key does not change, and the staff member's other sessions stay their own", async () => {
    const key = await login(t.app, staff);
    const other = await login(t.app, staff);
    const [before] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashKey(key)));
    await switchTo(key, customer.email);
    const [after] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashKey(key)));
    expect(after!.id).toBe(before!.id);
    expect(after).toMatchObject({
      userId: await userId(customer.email),
      actingUserId: await userId(staff.email),
      revokedAt: null,
    });
    expect((await me(other)).user_profile.email).toBe(staff.email);
  });

  it('audits a change made while switched with the staff identity, and only successful changes', async () => {
    const key = await login(t.app, staff);
    await switchTo(key, customer.email);
    const phone = await willowPhoneId();

    const changed = await patchAddOn(key, phone);
    expect(changed.statusCode).toBe(200);
    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      action: 'change',
      staffEmail: staff.email,
      staffUserId: await userId(staff.email),
      customerEmail: customer.email,
      method: 'PATCH',
      path: `/api/v1/voip/${phone}/add-ons/advanced-call-flow/`,
      summary: 'changed advanced call flow',
      status: 200,
    });

    // Reads, refused changes and changes to someone else's product write nothing.
    const count = (await auditRows()).length;
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/voip/${phone}/add-ons/advanced-call-flow/`,
      headers: authHeaders(key),
    });
    const [acmePhone] = await t.db.select().from(products).orderBy(products.id).limit(1);
    expect((await patchAddOn(key, acmePhone!.id)).statusCode).toBe(404);
    const noCsrf = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/voip/${phone}/add-ons/advanced-call-flow/`,
      headers: authHeaders(key),
      payload: { enabled: true },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await auditRows()).length).toBe(count);
  });

  it("leaves the customer's own sessions alone, and does not audit them", async () => {
    const customerKey = await login(t.app, customer);
    const staffKey = await login(t.app, staff);
    await switchTo(staffKey, customer.email);
    const count = (await auditRows()).length;

    expect((await me(customerKey)).logged_in_as).toBeNull();
    expect((await patchAddOn(customerKey, await willowPhoneId())).statusCode).toBe(200);
    expect((await auditRows()).length).toBe(count);

    await returnToStaff(staffKey);
    expect((await me(customerKey)).user_profile.email).toBe(customer.email);
  });

  it('switches straight from one customer to another, still as the staff member', async () => {
    const key = await login(t.app, staff);
    await switchTo(key, customer.email);
    const again = await switchTo(key, demoLogins.trial.email);
    expect(again.statusCode).toBe(200);
    const body = await me(key);
    expect(body.user_profile.email).toBe(demoLogins.trial.email);
    expect(body.logged_in_as?.email).toBe(staff.email);
    const [entry, ...rest] = await auditRows();
    expect(entry).toMatchObject({ action: 'switch', staffEmail: staff.email, customerEmail: demoLogins.trial.email });
    // The switch is audited once, not also as a change made while switched.
    expect(rest[0]).toMatchObject({ action: 'switch', customerEmail: customer.email });
  });

  it('refuses people who are not staff with the role, with the message in error and detail', async () => {
    const refused = { detail: staffMessages.notAllowed, error: staffMessages.notAllowed };
    const customerKey = await login(t.app, demoLogins.customer);
    const asCustomer = await switchTo(customerKey, customer.email);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual(refused);
    expect((await me(customerKey)).user_profile.email).toBe(demoLogins.customer.email);

    const staffWithoutRole = await tokenFor({ email: 'no-role@portal.example', isStaff: true, permissions: [] });
    const roleWithoutStaff = await tokenFor({
      email: 'role-only@portal.example',
      isStaff: false,
      permissions: [MANAGE_OTHER_USERS],
    });
    for (const key of [staffWithoutRole, roleWithoutStaff]) {
      const response = await switchTo(key, customer.email);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refused);
    }
  });

  it("answers an unknown e-mail, a staff account and one's own account with a clear message", async () => {
    const key = await login(t.app, staff);
    const count = (await auditRows()).length;

    const unknown = await switchTo(key, 'nobody@willow-accountancy.example');
    expect(unknown.statusCode).toBe(404);
    const message = staffMessages.unknownUser('nobody@willow-accountancy.example');
    expect(unknown.json()).toEqual({ detail: message, error: message });

    await tokenFor({ email: 'colleague@portal.example', isStaff: true, permissions: [MANAGE_OTHER_USERS] });
    const colleague = await switchTo(key, 'colleague@portal.example');
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json()).toEqual({ detail: staffMessages.staffAccount, error: staffMessages.staffAccount });

    const own = await switchTo(key, staff.email);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ detail: staffMessages.ownAccount, error: staffMessages.ownAccount });

    expect((await me(key)).user_profile.email).toBe(staff.email);
    expect((await auditRows()).length).toBe(count);
  });

  it("validates the e-mail with the admin dialog's messages", async () => {
    const key = await login(t.app, staff);
    expect((await switchTo(key, 'not-an-email')).json()).toEqual({ email: [staffEmailMessages.invalid] });
    expect((await switchTo(key, '  ')).json()).toEqual({ email: [staffEmailMessages.required] });
    const missing = await post('/accounts/', key, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ email: [staffEmailMessages.required] });
  });

  it('needs a session and the CSRF header', async () => {
    const anonymous = await post('/accounts/', null, { email: customer.email });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: errorMessages.notAuthenticated });

    const key = await login(t.app, staff);
    const csrf = await getCsrf(t.app);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/accounts/',
      headers: { authorization: `Token ${key}`, cookie: csrf.headers.cookie },
      payload: { email: customer.email },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ detail: errorMessages.csrfFailed });
    expect((await me(key)).user_profile.email).toBe(staff.email);
    expect((await post('/accounts/return/', null)).statusCode).toBe(401);
  });

  it('ends the switched session when the staff member loses the role', async () => {
    const key = await login(t.app, staff);
    await switchTo(key, customer.email);
    const staffId = await userId(staff.email);
    await t.db.update(users).set({ permissions: [] }).where(eq(users.id, staffId));
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v3/me/', headers: authHeaders(key) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: errorMessages.invalidToken });
      const [token] = await t.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.keyHash, hashKey(key)));
      expect(token!.revokedAt).not.toBeNull();
    } finally {
      await t.db
        .update(users)
        .set({ permissions: [MANAGE_OTHER_USERS] })
        .where(eq(users.id, staffId));
    }
  });

  it('signing out while switched ends the whole session', async () => {
    const key = await login(t.app, staff);
    await switchTo(key, customer.email);
    expect((await post('/auth/logout/', key)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v3/me/', headers: authHeaders(key) })).statusCode).toBe(401);
  });
});

describe('POST /accounts/return/', () => {
  it('restores the staff identity on the same key and audits the return', async () => {
    const key = await login(t.app, staff);
    await switchTo(key, customer.email);
    const response = await returnToStaff(key);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: staffMessages.returned });

    const body = await me(key);
    expect(body.user_profile.email).toBe(staff.email);
    expect(body.is_staff).toBe(true);
    expect(body.logged_in_as).toBeNull();
    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      action: 'return',
      staffEmail: staff.email,
      customerEmail: customer.email,
      method: 'POST',
      path: '/accounts/return/',
      status: 200,
    });

    // Changes after the return are the staff member's own again: not audited.
    const count = (await auditRows()).length;
    await returnToStaff(key);
    expect((await auditRows()).length).toBe(count);
  });

  it('answers 400 with error and detail when not switched', async () => {
    const key = await login(t.app, staff);
    const response = await returnToStaff(key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: staffMessages.notSwitched, error: staffMessages.notSwitched });
  });
});

describe('GET /api/v3/staff/audit-log/', () => {
  it('answers the entries about a customer, newest first, to staff (switched or not)', async () => {
    const key = await login(t.app, staff);
    await switchTo(key, customer.email);
    await patchAddOn(key, await willowPhoneId());

    const whileSwitched = await t.app.inject({
      method: 'GET',
      url: `/api/v3/staff/audit-log/?customer=${encodeURIComponent(customer.email.toUpperCase())}&page_size=2`,
      headers: authHeaders(key),
    });
    expect(whileSwitched.statusCode).toBe(200);
    const page = AuditLogPage.parse(whileSwitched.json());
    expect(page.results.map((entry) => entry.action)).toEqual(['change', 'switch']);
    expect(page.results[0]).toMatchObject({
      staff: { email: staff.email },
      customer: { email: customer.email },
      method: 'PATCH',
      status: 200,
    });
    expect(page.results[0]!.created).toBe(t.clock.now().toISOString());
  });

  it('names what was done to what, with the raw call as its detail', async () => {
    const key = await login(t.app, staff);
    await switchTo(key, customer.email);
    const productId = await willowPhoneId();
    const csrf = await getCsrf(t.app);
    const flows = `/api/v2/voip/${productId}/call-flows/`;
    const created = await t.app.inject({
      method: 'POST',
      url: flows,
      headers: authHeaders(key, csrf),
      payload: { name: 'Menu', enable: false, data: sampleFlow().data },
    });
    expect(created.statusCode, created.body).toBe(201);
    const flowId = (created.json() as { id: number }).id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${flows}${flowId}/`, headers: authHeaders(key, csrf) })).statusCode,
    ).toBe(200);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v3/staff/audit-log/?customer=${encodeURIComponent(customer.email)}&page_size=2`,
      headers: authHeaders(key),
    });
    const [deleted, made] = AuditLogPage.parse(response.json()).results;
    expect(made).toMatchObject({ action: 'change', summary: "created call flow 'Menu'", method: 'POST', path: flows });
    expect(deleted).toMatchObject({
      action: 'change',
      summary: `deleted call flow ${flowId}`,
      method: 'DELETE',
      path: `${flows}${flowId}/`,
    });
  });

  it('records reads while switched, one entry per resource and session every 10 minutes', async () => {
    const key = await login(t.app, staff);
    await switchTo(key, customer.email);
    const productId = await willowPhoneId();
    const read = (url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(key) });
    const flows = `/api/v2/voip/${productId}/call-flows/`;
    const [session] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashKey(key)));
    const readsOf = async (path: string, sessionId = session!.id) =>
      (await allAuditRows()).filter((row) => row.action === 'read' && row.path === path && row.sessionId === sessionId);

    const first = await readsOf(flows);
    expect((await read(flows)).statusCode).toBe(200);
    t.clock.advance(60 * 1000);
    expect((await read(`${flows}?page=1`)).statusCode).toBe(200);
    expect(first).toEqual([]);
    const coalesced = await readsOf(flows);
    expect(coalesced).toHaveLength(1);
    expect(coalesced[0]).toMatchObject({ count: 2, method: 'GET', status: 200, staffEmail: staff.email });
    expect(coalesced[0]!.lastSeenAt).toEqual(t.clock.now());

    // Another resource is an entry of its own; a failed read is not an entry.
    expect((await read('/api/v3/me/')).statusCode).toBe(200);
    expect(await readsOf('/api/v3/me/')).toHaveLength(1);
    expect((await read('/api/v2/voip/999999/call-flows/')).statusCode).toBeGreaterThanOrEqual(400);
    expect(await readsOf('/api/v2/voip/999999/call-flows/')).toHaveLength(0);

    // Ten minutes on, the same resource begins a new entry; so does another session.
    t.clock.advance(10 * 60 * 1000);
    await read(flows);
    expect(await readsOf(flows)).toHaveLength(2);
    const other = await login(t.app, staff);
    await switchTo(other, customer.email);
    await t.app.inject({ method: 'GET', url: flows, headers: authHeaders(other) });
    const [otherSession] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashKey(other)));
    expect(await readsOf(flows, otherSession!.id)).toHaveLength(1);
    expect(await readsOf(flows)).toHaveLength(2);

    // Reads by the customer themself, or by staff not switched, are not audited.
    const before = (await allAuditRows()).length;
    await returnToStaff(key);
    await read('/api/v3/me/');
    const own = await login(t.app, customer);
    await t.app.inject({ method: 'GET', url: flows, headers: authHeaders(own) });
    expect((await allAuditRows()).length).toBe(before + 1); // the return only
  });

  it('audits recording downloads made while switched, which are streamed past the usual hooks', async () => {
    // Acme's cloud phone, which has recordings.
    const key = await login(t.app, staff);
    await switchTo(key, demoLogins.customer.email);
    const productId = (await seededProductIds(t.db)).acme;
    const calls = `/api/v1/voip/${productId}/calls`;
    const page = CallRecordingsPage.parse(
      (
        await t.app.inject({ method: 'GET', url: `${calls}/call_recordings/?range=30d`, headers: authHeaders(key) })
      ).json(),
    );
    const [entry, other] = page.results.filter((call) => call.recordings.length > 0);
    const uuid = entry!.recordings[0]!.uuid;
    const path = `${calls}/${entry!.calllog_id}/recording/${uuid}/`;
    const download = await t.app.inject({ method: 'GET', url: `${path}?download=true`, headers: authHeaders(key) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(download.rawPayload.length));
    // Streamed past the onSend hooks, the answer still hands a new client its CSRF cookie.
    expect(String(download.headers['set-cookie'])).toMatch(/^csrftoken=[0-9a-f]{64};/);
    const csrf = await getCsrf(t.app);
    const zip = await t.app.inject({
      method: 'POST',
      url: `${calls}/call_recordings/`,
      headers: authHeaders(key, csrf),
      payload: { recording_uuids: [uuid, other!.recordings[0]!.uuid] },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const rows = await allAuditRows();
    expect(rows.find((row) => row.path === path)).toMatchObject({
      action: 'read',
      method: 'GET',
      status: 200,
      staffEmail: staff.email,
    });
    expect(rows.find((row) => row.path === `${calls}/call_recordings/`)).toMatchObject({
      action: 'change',
      method: 'POST',
      status: 200,
      customerEmail: demoLogins.customer.email,
    });
  });

  it('filters by staff member, customer and date range, paged', async () => {
    const key = await login(t.app, staff);
    const list = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v3/staff/audit-log/?${query}`,
        headers: authHeaders(key),
      });
      expect(response.statusCode).toBe(200);
      return AuditLogPage.parse(response.json());
    };
    const all = await list(`customer=${encodeURIComponent(customer.email)}&page_size=200`);
    expect(all.count).toBeGreaterThan(3);
    expect(all.results.every((entry) => entry.customer.email === customer.email)).toBe(true);
    expect(all.results.some((entry) => entry.action === 'read')).toBe(true);

    const byStaff = await list(`staff=${encodeURIComponent(staff.email.toUpperCase())}&page_size=200`);
    expect(byStaff.results.every((entry) => entry.staff.email === staff.email)).toBe(true);
    expect((await list('staff=nobody%40example.com')).count).toBe(0);

    const today = t.clock.now().toISOString().slice(0, 10);
    expect(
      (await list(`customer=${encodeURIComponent(customer.email)}&from=${today}&to=${today}&page_size=200`)).count,
    ).toBe(all.count);
    expect((await list(`customer=${encodeURIComponent(customer.email)}&to=2000-01-01`)).count).toBe(0);
    expect((await list(`customer=${encodeURIComponent(customer.email)}&from=2999-01-01`)).count).toBe(0);

    const first = await list(`customer=${encodeURIComponent(customer.email)}&page_size=2`);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    expect(first.next).toContain(`customer=${encodeURIComponent(customer.email)}`);
    const second = await list(first.next!.split('?')[1]!);
    expect(second.results[0]!.id).toBe(all.results[2]!.id);

    for (const bad of ['from=yesterday', 'to=2025-13-45', 'page=0', 'page_size=201']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v3/staff/audit-log/?${bad}`,
        headers: authHeaders(key),
      });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('refuses customers', async () => {
    const key = await login(t.app, demoLogins.customer);
    const response = await t.app.inject({ method: 'GET', url: '/api/v3/staff/audit-log/', headers: authHeaders(key) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: staffMessages.auditNotAllowed });
    expect((await t.app.inject({ method: 'GET', url: '/api/v3/staff/audit-log/' })).statusCode).toBe(401);
  });
});

describe('POST /auth/resend-verification-email/', () => {
  const resend = async (email: unknown, remoteAddress: string) => {
    const csrf = await getCsrf(t.app);
    return t.app.inject({
      method: 'POST',
      url: '/auth/resend-verification-email/',
      headers: csrf.headers,
      payload: { email },
      remoteAddress,
    });
  };
  const outboxFor = (email: string) => t.db.select().from(outbox).where(eq(outbox.to, email));
  const comparable = (response: Awaited<ReturnType<typeof resend>>) => {
    const { date: _date, ...headers } = response.headers;
    return { status: response.statusCode, body: response.body, headers };
  };

  it('e-mails a new verification link to an unverified account, keeping only the key hash', async () => {
    const response = await resend(demoLogins.unverified.email.toUpperCase(), '10.0.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: staffMessages.verificationResent });

    const [mail] = await outboxFor(demoLogins.unverified.email);
    expect(mail).toMatchObject({ subject: 'Verify your email address' });
    const key = /\/auth\/register\/verify\/([A-Za-z0-9_-]{43})$/m.exec(mail!.body)?.[1];
    expect(key).toBeDefined();
    const [stored] = await t.db
      .select()
      .from(emailVerificationKeys)
      .where(eq(emailVerificationKeys.userId, await userId(demoLogins.unverified.email)));
    expect(stored!.keyHash).toBe(hashKey(key!));
  });

  it('answers unknown, verified and unverified addresses alike, and mails only the unverified one', async () => {
    const unverified = await resend(demoLogins.unverified.email, '10.0.0.2');
    const verified = await resend(customer.email, '10.0.0.2');
    const unknown = await resend('nobody@willow-accountancy.example', '10.0.0.2');
    expect(comparable(verified)).toEqual(comparable(unverified));
    expect(comparable(unknown)).toEqual(comparable(unverified));
    expect(await outboxFor(customer.email)).toEqual([]);
    expect(await outboxFor('nobody@willow-accountancy.example')).toEqual([]);
  });

  it('answers the same when the mailer fails', async () => {
    const send = vi.spyOn(t.app.mailer, 'send').mockRejectedValueOnce(new Error('mail relay down'));
    try {
      const response = await resend(demoLogins.unverified.email, '10.0.0.3');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: staffMessages.verificationResent });
      expect(send).toHaveBeenCalledOnce();
    } finally {
      send.mockRestore();
    }
  });

  it('throttles per address, whether or not it has an account, and per client', async () => {
    for (const email of ['someone@elsewhere.example', demoLogins.unverified.email]) {
      t.clock.advance(RESEND_WINDOW_MS + 1000); // a fresh window for each address
      for (let i = 0; i < MAX_RESENDS.email; i += 1) expect((await resend(email, `10.1.0.${i}`)).statusCode).toBe(200);
      const limited = await resend(email, '10.1.1.1');
      expect(limited.statusCode, email).toBe(429);
      expect(limited.json()).toEqual({ detail: staffMessages.tooManyResends });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    t.clock.advance(RESEND_WINDOW_MS + 1000);
    expect((await resend(demoLogins.unverified.email, '10.1.2.1')).statusCode).toBe(200);

    for (let i = 0; i < MAX_RESENDS.ip; i += 1) await resend(`client-${i}@elsewhere.example`, '10.2.0.1');
    expect((await resend('one-more@elsewhere.example', '10.2.0.1')).statusCode).toBe(429);
    expect((await resend('one-more@elsewhere.example', '10.2.0.2')).statusCode).toBe(200);
  });

  it('validates the e-mail and needs the CSRF header', async () => {
    expect((await resend('nope', '10.3.0.1')).json()).toEqual({ email: [staffEmailMessages.invalid] });
    expect((await resend('', '10.3.0.1')).json()).toEqual({ email: [staffEmailMessages.required] });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/auth/resend-verification-email/',
      payload: { email: demoLogins.unverified.email },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ detail: errorMessages.csrfFailed });
  });
});
