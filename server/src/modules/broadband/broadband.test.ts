import { count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  AddressSearch,
  Availability,
  broadbandMessages,
  fullNameMessages,
  mobileMessages,
  OrderPage,
  TariffAvailability,
  TelcoLead,
  type CreateTelcoLeadRequest,
} from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { oneTimeKeys, outbox, telcoLeads, users } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, tokenOf, useTestApp, type Csrf } from '../../test/helper.ts';
import { installationDate, tariffsFor } from './rules.ts';

const t = useTestApp();
let csrf: Csrf;

beforeAll(async () => {
  csrf = await getCsrf(t.app);
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const search = async (postcode: string, refNotEmpty = true) =>
  AddressSearch.parse(
    (
      await get(
        `/broadband/api/v1/address-search/?ref_not_empty=${refNotEmpty}&postcode=${encodeURIComponent(postcode)}`,
      )
    ).json(),
  );
const query = (ref: string, postcode: string, css: string) =>
  `address_ref=${ref}&postcode=${encodeURIComponent(postcode)}&css_database_code=${css}`;
const availabilityAt = async (postcode: string) => {
  const [address] = (await search(postcode)).results;
  return Availability.parse(
    (
      await get(
        `/broadband/api/v1/availability/?${query(address!.addressReference!, postcode, address!.cssDatabaseCode!)}`,
      )
    ).json(),
  );
};
const post = (url: string, payload: unknown, headers: Record<string, string> = csrf.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

let requests = 0;
function leadRequest(
  overrides: Partial<CreateTelcoLeadRequest> = {},
  details: Partial<CreateTelcoLeadRequest['business_details']> = {},
): CreateTelcoLeadRequest {
  requests += 1;
  return {
    request_id: `test-request-${String(requests).padStart(8, '0')}`,
    address_ref: 'ALS115PZ-1',
    css_database_code: 'LS',
    postcode: 'LS11 5PZ',
    tariff_id: 'fttp-500-n1',
    business_details: {
      name: 'Alex Morgan',
      business_name: 'Acme Plumbing Ltd',
      email_address: 'new-business@example.com',
      mobile_number: '07700 900982',
      phone_number: '',
      current_provider: 'BT',
      ...details,
    },
    ...overrides,
  };
}
const createLead = (payload: unknown) => post('/api/v3/signup/create-telco-lead/', payload);
const approve = (payload: unknown) => post('/api/v3/signup/approve-telco-lead/', payload);

describe('GET /broadband/api/v1/address-search/', () => {
  it('keeps only addresses with both an address reference and a css database code when ref_not_empty=true', async () => {
    const all = (await search('LS11 5PZ', false)).results;
    const checkable = (await search('LS11 5PZ')).results;
    expect(all).toHaveLength(4);
    expect(all.some((a) => a.addressReference === null)).toBe(true);
    expect(checkable).toHaveLength(3);
    expect(checkable.every((a) => a.addressReference && a.cssDatabaseCode)).toBe(true);
    // An address with a reference but no css database code is left out too.
    expect((await search('BS1 3DH', false)).results).toHaveLength(4);
    expect((await search('BS1 3DH')).results.map((a) => a.premisesName)).not.toContain('20 Market Street');
  });

  it('finds nothing where every address lacks one or the other, or where it knows no address', async () => {
    expect((await search('TR1 2HN', false)).results).toHaveLength(2);
    expect((await search('TR1 2HN')).results).toEqual([]);
    expect((await search('ZZ99 9ZZ')).results).toEqual([]);
  });

  it('reads the postcode in any case and spacing', async () => {
    const results = (await search(' ls115pz ')).results;
    expect(results[0]).toMatchObject({ postcode: 'LS11 5PZ', postTown: 'Leeds', county: 'West Yorkshire' });
  });

  it('answers a missing or invalid postcode with the postcode rule', async () => {
    const missing = await get('/broadband/api/v1/address-search/?ref_not_empty=true');
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('Postcode is a required field');
    const invalid = await get('/broadband/api/v1/address-search/?ref_not_empty=true&postcode=NOTAPOSTCODE');
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.json())).toContain('Postcode must be valid');
    const flag = await get('/broadband/api/v1/address-search/?ref_not_empty=yes&postcode=LS11%205PZ');
    expect(flag.statusCode).toBe(400);
  });
});

describe('GET /broadband/api/v1/availability/', () => {
  it('full fibre on both networks, and standard', async () => {
    const { availability, address } = await availabilityAt('LS11 5PZ');
    expect(address.postcode).toBe('LS11 5PZ');
    expect(availability).toEqual([
      { broadband_type: 'fttp', network_1: true, network_2: true, download_mbps: 1000, upload_mbps: 115 },
      { broadband_type: 'fttc', network_1: true, network_2: true, download_mbps: 80, upload_mbps: 20 },
    ]);
  });

  it('standard only', async () => {
    const { availability } = await availabilityAt('NR2 4PL');
    expect(availability[0]).toEqual({
      broadband_type: 'fttp',
      network_1: false,
      network_2: false,
      download_mbps: null,
      upload_mbps: null,
    });
    expect(availability[1]).toMatchObject({ broadband_type: 'fttc', network_1: true, network_2: true });
    expect((await availabilityAt('SO14 3JF')).availability[1]).toMatchObject({
      network_1: false,
      network_2: true,
      download_mbps: 67,
    });
  });

  it('nothing available', async () => {
    const { availability } = await availabilityAt('YO1 7HH');
    expect(availability.every((a) => !a.network_1 && !a.network_2)).toBe(true);
  });

  it('refuses an address the data does not hold, or one without a css database code, with a readable 400', async () => {
    for (const url of [
      query('ALS115PZ-99', 'LS11 5PZ', 'LS'),
      query('ALS115PZ-1', 'BS1 3DH', 'LS'),
      query('ABS13DH-4', 'BS1 3DH', 'BS'),
    ]) {
      const answer = await get(`/broadband/api/v1/availability/?${url}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ detail: broadbandMessages.unknownAddress });
    }
    const junk = await get(`/broadband/api/v1/availability/?${query('A%20B', 'LS11 5PZ', '!!')}`);
    expect(junk.statusCode).toBe(400);
    expect(JSON.stringify(junk.json())).toContain(broadbandMessages.addressRefInvalid);
  });
});

describe('GET /broadband/api/v1/tariff-availability/', () => {
  it('groups the tariffs the address can have by type, cheapest first', async () => {
    const answer = TariffAvailability.parse(
      (await get(`/broadband/api/v1/tariff-availability/?${query('ABN11YE-1', 'BN1 1YE', 'BN')}`)).json(),
    );
    expect(answer.fttp.map((t) => t.id)).toEqual(['fttp-900-n2']);
    expect(answer.fttc.map((t) => t.id)).toEqual(['fttc-80-n1']);
    const leeds = TariffAvailability.parse(
      (await get(`/broadband/api/v1/tariff-availability/?${query('ALS115PZ-2', 'LS11 5PZ', 'LS')}`)).json(),
    );
    expect(leeds.fttp.map((t) => t.monthly_price)).toEqual(['45.00', '55.00', '60.00']);
    expect(leeds.fttc.map((t) => t.id)).toEqual(['fttc-67-n2', 'fttc-80-n1']);
    const york = TariffAvailability.parse(
      (await get(`/broadband/api/v1/tariff-availability/?${query('AYO17HH-1', 'YO1 7HH', 'YO')}`)).json(),
    );
    expect(york).toEqual({ fttp: [], fttc: [] });
  });

  it('offers a tariff only where its network reaches its speed', () => {
    const slowFibre = tariffsFor([
      { broadband_type: 'fttp', network: 'network_1', download_mbps: 600, upload_mbps: 80 },
    ]);
    expect(slowFibre.fttp.map((t) => t.id)).toEqual(['fttp-500-n1']);
  });
});

describe('POST /api/v3/signup/create-telco-lead/', () => {
  it('records the lead with the address, the tariff and the business details, normalised', async () => {
    const answer = await createLead(
      leadRequest(
        { postcode: 'ls11 5pz' },
        { email_address: 'Owner@New-Business.example', phone_number: '+44 113 496 0000' },
      ),
    );
    expect(answer.statusCode).toBe(201);
    const lead = TelcoLead.parse(answer.json());
    expect(lead).toMatchObject({
      status: 'CREATED',
      postcode: 'LS11 5PZ',
      address_line: 'Unit 4, Canal Wharf, Water Lane, Leeds, LS11 5PZ',
      tariff: { id: 'fttp-500-n1', name: 'Full Fibre 500' },
      business_details: {
        email_address: 'owner@new-business.example',
        mobile_number: '07700900982',
        phone_number: '01134960000',
        current_provider: 'BT',
      },
      appointment: null,
    });
    expect(lead.lead_token.length).toBeGreaterThanOrEqual(20);
  });

  it('validates every business detail with a readable message', async () => {
    const cases: Array<[Partial<CreateTelcoLeadRequest['business_details']>, string, string]> = [
      [{ name: '  ' }, 'name', broadbandMessages.nameRequired],
      // A full name is two words or more (spec 000 section 5).
      [{ name: 'Robin' }, 'name', fullNameMessages.twoWords],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be 100 characters or fewer'],
      [{ business_name: '' }, 'business_name', broadbandMessages.businessNameRequired],
      [
        { email_address: 'not-an-email' },
        'email_address',
        'Enter an email address in the correct format, like name@example.com',
      ],
      [{ mobile_number: '01134960000' }, 'mobile_number', mobileMessages.invalid],
      [{ mobile_number: '' }, 'mobile_number', mobileMessages.required],
      [{ phone_number: '12345' }, 'phone_number', 'Enter a UK phone number starting 01, 02 or 07'],
      [{ current_provider: 'Carrier pigeon' as 'BT' }, 'current_provider', broadbandMessages.providerRequired],
    ];
    for (const [details, field, message] of cases) {
      const answer = await createLead(leadRequest({}, details));
      expect(answer.statusCode, field).toBe(400);
      expect(JSON.stringify(answer.json()), field).toContain(message);
    }
  });

  it('refuses a tariff the address cannot have, an unknown address and junk', async () => {
    const standardOnly = await createLead(
      leadRequest({ address_ref: 'ANR24PL-1', css_database_code: 'NR', postcode: 'NR2 4PL' }),
    );
    expect(standardOnly.statusCode).toBe(400);
    expect(standardOnly.json()).toEqual({ tariff_id: [broadbandMessages.tariffUnavailable] });
    const unknown = await createLead(leadRequest({ address_ref: 'ALS115PZ-99' }));
    expect(unknown.json()).toEqual({ detail: broadbandMessages.unknownAddress });
    for (const junk of [[], 42, { request_id: 'short' }, { ...leadRequest(), business_details: 'x' }]) {
      expect((await createLead(junk)).statusCode).toBe(400);
    }
  });

  it('needs the CSRF header like every unsafe call', async () => {
    expect((await post('/api/v3/signup/create-telco-lead/', leadRequest(), {})).statusCode).toBe(403);
  });

  it('makes one lead of a double submit, one after the other or at once', async () => {
    const request = leadRequest();
    const [first, second] = await Promise.all([createLead(request), createLead(request)]);
    const third = await createLead(request);
    const ids = [first, second, third].map((answer) => TelcoLead.parse(answer.json()).id);
    expect(new Set(ids).size).toBe(1);
    const [stored] = await t.db
      .select({ n: count() })
      .from(telcoLeads)
      .where(eq(telcoLeads.requestId, request.request_id));
    expect(stored?.n).toBe(1);
  });
});

describe('POST /api/v3/signup/approve-telco-lead/', () => {
  const ordersOf = async (key: string) =>
    OrderPage.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v3/orders/?page_size=50', headers: authHeaders(key) })).json(),
    ).results;

  it("books the installation as an appointment order on the customer's account whose e-mail the lead gives, once", async () => {
    const customer = await tokenOf(t, demoLogins.customer);
    const other = await tokenOf(t, demoLogins.multiProduct);
    const before = await ordersOf(customer);
    const otherBefore = await ordersOf(other);
    const lead = TelcoLead.parse(
      (await createLead(leadRequest({}, { email_address: demoLogins.customer.email.toUpperCase() }))).json(),
    );

    const [first, again] = await Promise.all([
      approve({ lead_id: lead.id, lead_token: lead.lead_token }),
      approve({ lead_id: lead.id, lead_token: lead.lead_token }),
    ]);
    expect(first.statusCode).toBe(200);
    const approved = TelcoLead.parse(first.json());
    // The seed's clock is Monday 3 March 2025: ten days on is Thursday the 13th.
    expect(approved).toMatchObject({
      status: 'APPROVED',
      appointment: {
        appointment_date: '2025-03-13',
        appointment_window: '08:00-13:00',
        order_id: `BB-${String(lead.id).padStart(5, '0')}`,
      },
    });
    expect(TelcoLead.parse(again.json()).appointment).toEqual(approved.appointment);

    const after = await ordersOf(customer);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({
      kind: 'APPOINTMENT',
      status: 'UPCOMING',
      order_id: approved.appointment!.order_id,
      read: false,
      appointment: {
        appointment_type: 'Broadband installation',
        line_post_code: 'LS11 5PZ',
        appointment_date: '2025-03-13',
        appointment_window: '08:00-13:00',
        status: 'UPCOMING',
      },
    });
    // Nobody else sees it.
    expect(await ordersOf(other)).toHaveLength(otherBefore.length);
    // The customer is told how to reach it: signing in to their own account; one e-mail for the two approvals.
    expect(approved.account).toBe('existing');
    await t.app.afterAnswerSettled();
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, demoLogins.customer.email));
    const booked = mails.filter((mail) => mail.body.includes(approved.appointment!.order_id));
    expect(booked).toHaveLength(1);
    expect(booked[0]!.body).toContain('/auth/login');
    expect(booked[0]!.body).not.toContain('password_reset');
  });

  it('makes a new business an account with the appointment in its orders, and e-mails a link to set its password', async () => {
    const email = 'nobody-yet@example.com';
    const lead = TelcoLead.parse(
      (
        await createLead(leadRequest({}, { email_address: email, name: 'Robin Hale', business_name: 'Canal Bakery' }))
      ).json(),
    );
    expect(lead.account).toBeNull();
    const approved = TelcoLead.parse((await approve({ lead_id: lead.id, lead_token: lead.lead_token })).json());
    expect(approved).toMatchObject({ account: 'created', appointment: { appointment_date: '2025-03-13' } });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: 'Robin', lastName: 'Hale' });

    // The e-mail says when, and how to reach it: a link to set the password, for 7 days.
    await t.app.afterAnswerSettled();
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id));
    expect(mail?.subject).toBe('Your broadband installation is booked: 13 Mar 2025');
    expect(mail?.body).toContain('between 08:00 and 13:00');
    expect(mail?.body).toContain(approved.appointment!.order_id);
    const link = /\/auth\/password_reset\/([\w-]+)\/([\w-]+)/.exec(mail?.body ?? '');
    expect(link).not.toBeNull();
    const [key] = await t.db.select().from(oneTimeKeys).where(eq(oneTimeKeys.userId, user!.id));
    expect(key!.expiresAt.getTime() - key!.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    // No password works until one is set from the link; then the appointment is in the order tracker.
    expect((await post('/auth/login/', { email, password: 'a long walk by the canal' })).statusCode).toBe(400);
    const set = await post('/auth/password/reset/confirm/', {
      uid: link![1],
      token: link![2],
      new_password1: 'a long walk by the canal',
      new_password2: 'a long walk by the canal',
    });
    expect(set.statusCode).toBe(200);
    const signedIn = await post('/auth/login/', { email, password: 'a long walk by the canal' });
    expect(signedIn.statusCode).toBe(200);
    const orders = await ordersOf(signedIn.json<{ key: string }>().key);
    expect(orders).toEqual([
      expect.objectContaining({
        kind: 'APPOINTMENT',
        order_id: approved.appointment!.order_id,
        appointment: expect.objectContaining({ line_post_code: 'LS11 5PZ' }),
      }),
    ]);
  });

  it('refuses a wrong token, an unknown lead and junk with a readable 400', async () => {
    const lead = TelcoLead.parse((await createLead(leadRequest())).json());
    for (const payload of [
      { lead_id: lead.id, lead_token: 'x'.repeat(32) },
      { lead_id: 2_000_000_000, lead_token: lead.lead_token },
      { lead_id: 99_999_999_999, lead_token: lead.lead_token },
      { lead_id: 'one', lead_token: lead.lead_token },
      {},
    ]) {
      const answer = await approve(payload);
      expect(answer.statusCode).toBe(400);
      expect(JSON.stringify(answer.json())).toContain(broadbandMessages.leadNotFound);
    }
    const [stored] = await t.db.select().from(telcoLeads).where(eq(telcoLeads.id, lead.id));
    expect(stored?.status).toBe('CREATED');
  });
});

describe('installationDate', () => {
  it('is the first weekday at least ten days on', () => {
    expect(installationDate(new Date('2025-03-03T09:00:00Z'))).toBe('2025-03-13');
    // Ten days from Wednesday 25 November 2026 is Saturday 5 December: Monday the 7th.
    expect(installationDate(new Date('2026-11-25T23:30:00Z'))).toBe('2026-12-07');
  });
});
