import { beforeAll, describe, expect, it } from 'vitest';

import { INTERNATIONAL_TARIFF_ORDER, phoneSetupMessages, SITE_ADD_ONS } from '@portal/contract';

import { upcomingBankHolidays } from '../../bank-holidays/bank-holidays.ts';
import { readConfig } from '../../config.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { products } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, useTestApp, type Csrf } from '../../test/helper.ts';

const t = useTestApp();

let csrf: Csrf;
let customer = '';
let multi = '';
let buyNow = '';
const ids = { acme: 0, acmeBroadband: 0, southampton: 0, cafe: 0 };

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [customer, multi, buyNow] = await Promise.all([
    login(t.app, demoLogins.customer),
    login(t.app, demoLogins.multiProduct),
    login(t.app, demoLogins.buyNow),
  ]);
  const rows = await t.db.select().from(products).orderBy(products.id);
  ids.acme = rows[0]!.id;
  ids.acmeBroadband = rows[1]!.id;
  ids.cafe = rows.find(
    (r) => r.channel === 'Buy Now' && r.productDetail === 'Cloud phone - 1 user' && r.installationAddress === null,
  )!.id;
  ids.southampton = rows.find((r) => r.productDetail === 'Cloud phone - 2 users (Southampton)')!.id;
});

const get = (url: string, key = customer) => t.app.inject({ method: 'GET', url, headers: authHeaders(key) });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, key = customer) =>
  t.app.inject({
    method,
    url,
    headers: authHeaders(key, csrf),
    ...(payload !== undefined && { payload: payload as object }),
  });
const holidays = (id = ids.acme) => `/api/v1/voip/${id}/holiday-schedule/`;
const divert = (id = ids.acme) => `/api/v1/products/${id}/configuration/forwardings/temporary-call-divert/`;
const addOns = (id = ids.acme) => `/api/v1/voip/${id}/add-ons/`;
const intl = (id = ids.acme) => `/api/v1/voip/${id}/tariff/international-calling/`;
type HolidayJson = { id: number; name: string; start_date: string; end_date: string };
const schedule = async (id = ids.acme) => (await get(holidays(id))).json<{ results: HolidayJson[] }>().results;

describe('holiday schedule', () => {
  it('lists the demo holidays by start date, past and coming', async () => {
    const list = await schedule();
    expect(list.map((h) => [h.start_date, h.end_date, h.name])).toEqual([
      ['2025-01-22', '2025-01-24', 'Office move'],
      ['2025-04-17', '2025-04-19', 'Team away days'],
      ['2025-06-01', '2025-06-01', 'Stocktake'],
    ]);
  });

  it('adds, changes and deletes an entry', async () => {
    const added = await send('POST', holidays(), {
      start_date: '2025-08-04',
      end_date: '2025-08-08',
      name: 'Summer shutdown',
    });
    expect(added.statusCode).toBe(201);
    const entry = added.json<HolidayJson>();
    expect(entry).toMatchObject({ start_date: '2025-08-04', end_date: '2025-08-08', name: 'Summer shutdown' });
    expect((await schedule()).map((h) => h.id)).toContain(entry.id);

    const changed = await send('PATCH', `${holidays()}${entry.id}/`, {
      start_date: '2025-08-05',
      end_date: '2025-08-06',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: entry.id,
      start_date: '2025-08-05',
      end_date: '2025-08-06',
      name: 'Summer shutdown',
    });

    // Moving an entry within its own old days is no clash with itself.
    expect(
      (await send('PATCH', `${holidays()}${entry.id}/`, { start_date: '2025-08-04', end_date: '2025-08-05' }))
        .statusCode,
    ).toBe(200);

    expect((await send('DELETE', `${holidays()}${entry.id}/`)).statusCode).toBe(200);
    expect((await schedule()).map((h) => h.id)).not.toContain(entry.id);
    expect((await send('DELETE', `${holidays()}${entry.id}/`)).json()).toEqual({
      detail: phoneSetupMessages.holidayNotFound,
    });
  });

  it('refuses a reversed range, a bad date and one overlapping another entry, naming the clash', async () => {
    const reversed = await send('POST', holidays(), { start_date: '2025-09-10', end_date: '2025-09-09' });
    expect(reversed.statusCode).toBe(400);
    expect(JSON.stringify(reversed.json())).toContain(phoneSetupMessages.reversed);

    for (const bad of [
      { start_date: '2025-02-30', end_date: '2025-03-01' },
      { start_date: 'tomorrow', end_date: '2025-03-01' },
      { start_date: 5 },
      {},
      null,
    ]) {
      const answer = await send('POST', holidays(), bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const tooLong = await send('POST', holidays(), { start_date: '2030-01-01', end_date: '2031-06-01' });
    expect(JSON.stringify(tooLong.json())).toContain(phoneSetupMessages.tooLong);

    const clash = await send('POST', holidays(), { start_date: '2025-04-19', end_date: '2025-04-21' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ start_date: ['These dates overlap your holiday on 17 Apr 2025 to 19 Apr 2025'] });

    const single = await send('POST', holidays(), { start_date: '2025-05-20', end_date: '2025-06-10' });
    expect(single.json()).toEqual({ start_date: ['These dates overlap your holiday on 01 Jun 2025'] });

    // A change that would overlap another entry is refused too.
    const [first] = await schedule();
    const moved = await send('PATCH', `${holidays()}${first!.id}/`, {
      start_date: '2025-04-18',
      end_date: '2025-04-18',
    });
    expect(moved.statusCode).toBe(400);
  });

  it("is the owner's only: another customer's product, a broadband product and an unknown entry answer 404", async () => {
    expect((await get(holidays(), multi)).statusCode).toBe(404);
    expect(
      (await send('POST', holidays(), { start_date: '2025-10-01', end_date: '2025-10-01' }, multi)).statusCode,
    ).toBe(404);
    expect((await get(holidays(ids.acmeBroadband))).statusCode).toBe(404);
    const [first] = await schedule();
    expect((await send('DELETE', `${holidays()}${first!.id}/`, undefined, multi)).statusCode).toBe(404);
    expect(
      (await send('PATCH', `${holidays()}999999/`, { start_date: '2025-10-01', end_date: '2025-10-01' })).statusCode,
    ).toBe(404);
    expect(
      (await send('PATCH', `${holidays()}abc/`, { start_date: '2025-10-01', end_date: '2025-10-01' })).statusCode,
    ).toBe(400);
    expect((await schedule()).length).toBe(3);
  });
});

describe('bank holidays', () => {
  it("offers the chosen nation's next 12 months and adds those the schedule does not cover, once", async () => {
    t.clock.set(new Date('2026-11-25T10:00:00Z'));
    try {
      // A token from 2025 has expired by now.
      const harbour = await login(t.app, demoLogins.multiProduct);
      const first = await get(`${holidays(ids.southampton)}bank-holidays/`, harbour);
      expect(first.statusCode, first.body).toBe(200);
      const before = first.json<{ region: string; holidays: Array<{ date: string; in_schedule: boolean }> }>();
      expect(before.region).toBe('england-and-wales');
      expect(before.holidays.map((h) => h.date)).toEqual([
        '2026-12-25',
        '2026-12-28',
        '2027-01-01',
        '2027-03-26',
        '2027-03-29',
        '2027-05-03',
        '2027-05-31',
        '2027-08-30',
      ]);
      expect(before.holidays.every((h) => !h.in_schedule)).toBe(true);

      const scotland = await send(
        'POST',
        `${holidays(ids.southampton)}bank-holidays/`,
        { region: 'scotland' },
        harbour,
      );
      expect(scotland.statusCode).toBe(200);
      const answer = scotland.json<{
        added: number;
        region: string;
        holidays: Array<{ date: string; title: string; in_schedule: boolean }>;
      }>();
      expect(answer.region).toBe('scotland');
      expect(answer.holidays[0]).toEqual({ date: '2026-11-30', title: 'St Andrew’s Day', in_schedule: true });
      expect(answer.added).toBe(answer.holidays.length);
      expect(answer.holidays.every((h) => h.in_schedule)).toBe(true);
      const list = (await get(holidays(ids.southampton), harbour)).json<{ results: HolidayJson[] }>().results;
      expect(list.find((h) => h.start_date === '2027-01-04')).toMatchObject({
        end_date: '2027-01-04',
        name: '2nd January',
      });

      // Again: nothing new.
      expect(
        (await send('POST', `${holidays(ids.southampton)}bank-holidays/`, { region: 'scotland' }, harbour)).json(),
      ).toMatchObject({ added: 0 });
      expect(
        (await send('POST', `${holidays(ids.southampton)}bank-holidays/`, { region: 'wales' }, harbour)).statusCode,
      ).toBe(400);
    } finally {
      t.clock.set(new Date('2025-03-03T09:00:00Z'));
    }
  });

  it('the data set: every nation, only weekdays, the 12 months from a date', () => {
    for (const region of ['england-and-wales', 'scotland', 'northern-ireland'] as const) {
      const next = upcomingBankHolidays(region, '2027-01-01');
      expect(next[0]!.date).toBe('2027-01-01');
      expect(next.every((h) => h.date < '2028-01-01')).toBe(true);
      for (const h of next) expect([0, 6]).not.toContain(new Date(`${h.date}T12:00:00Z`).getUTCDay());
    }
    expect(upcomingBankHolidays('northern-ireland', '2027-03-01').map((h) => h.title)).toContain('St Patrick’s Day');
  });
});

describe('temporary divert', () => {
  it('is false, then a number, then false again', async () => {
    expect((await get(divert())).json()).toEqual({ results: { destination: false } });
    const set = await send('POST', divert(), { destination: '+44 7700 900 789' });
    expect(set.json()).toEqual({ results: { destination: '07700900789' } });
    expect((await get(divert())).json()).toEqual({ results: { destination: '07700900789' } });
    expect((await send('DELETE', divert())).json()).toEqual({ results: { destination: false } });
    expect((await get(divert())).json()).toEqual({ results: { destination: false } });
  });

  it('the demo has one on Harbour Freight’s Southampton phone', async () => {
    expect((await get(divert(ids.southampton), multi)).json()).toEqual({ results: { destination: '07700900456' } });
  });

  it('refuses a number that is not a UK one, or the site’s own number', async () => {
    for (const destination of ['12345', '+33 1 23 45 67 89', '', 'call me', 5]) {
      const answer = await send('POST', divert(), { destination });
      expect(answer.statusCode, String(destination)).toBe(400);
      expect(JSON.stringify(answer.json())).toContain(phoneSetupMessages.divertInvalid);
    }
    const own = await send('POST', divert(), { destination: '01632960101' });
    expect(own.json()).toEqual({ destination: [phoneSetupMessages.divertOwnNumber] });
    expect((await get(divert())).json()).toEqual({ results: { destination: false } });
    expect((await send('POST', divert(), { destination: '07700900789' }, multi)).statusCode).toBe(404);
  });
});

describe('forwardings with the advanced call forward off (the default)', () => {
  it('lists only the current forwarding and refuses changes', async () => {
    const answer = (await get(`/api/v1/products/${ids.acme}/configuration/forwardings/`)).json<{
      advanced_call_forward: boolean;
      results: Array<{ id: number; forwardType: string; activated: boolean; isEditable: boolean }>;
    }>();
    expect(answer.advanced_call_forward).toBe(false);
    expect(answer.results).toEqual([
      { id: expect.any(Number), forwardType: 'NA', destination: null, activated: true, isEditable: true },
    ]);
    const put = await send('PUT', `/api/v1/products/${ids.acme}/configuration/forwardings/${answer.results[0]!.id}/`, {
      activated: false,
    });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ detail: phoneSetupMessages.advancedCallForwardOff });
  });

  it('reads PORTAL_ADVANCED_CALL_FORWARD', () => {
    const readAdvancedCallForward = (env: Record<string, string>) => readConfig(env).advancedCallForward;
    expect(readAdvancedCallForward({})).toBe(false);
    expect(readAdvancedCallForward({ PORTAL_ADVANCED_CALL_FORWARD: 'off' })).toBe(false);
    expect(readAdvancedCallForward({ PORTAL_ADVANCED_CALL_FORWARD: 'on' })).toBe(true);
    expect(() => readAdvancedCallForward({ PORTAL_ADVANCED_CALL_FORWARD: 'maybe' })).toThrow(
      /PORTAL_ADVANCED_CALL_FORWARD/,
    );
  });
});

describe('site add-ons', () => {
  it('lists the catalogue with labels classed by name and what the site has', async () => {
    const list = (await get(addOns())).json<{
      results: Array<{ addon_id: number; display_name: string; label: string; enabled: boolean }>;
    }>().results;
    expect(list.map((a) => [a.display_name, a.label, a.enabled])).toEqual([
      ['Call recording for the whole site', 'recording', true],
      ['Fraud guard', 'fraud', true],
      ['Call whisper', 'other', false],
      ['UC CRM Connect', 'crm', false],
      ['ULTD INTL Saver', 'other', false],
      ['INTL Saver 500m', 'other', true],
      ['INTL Saver 1000m', 'other', false],
    ]);
  });

  it('switches one on and off; refuses the CRM and tariffs by PATCH, and unknown ids', async () => {
    const on = await send('PATCH', addOns(), { addon_id: 503, enabled: true });
    expect(
      on.json<{ results: Array<{ addon_id: number; enabled: boolean }> }>().results.find((a) => a.addon_id === 503)
        ?.enabled,
    ).toBe(true);
    expect(
      (await get(`/api/v1/voip/${ids.acme}/`))
        .json<{ addons: Array<{ addon_id: number }> }>()
        .addons.map((a) => a.addon_id),
    ).toContain(503);
    const off = await send('PATCH', addOns(), { addon_id: 503, enabled: false });
    expect(
      off.json<{ results: Array<{ addon_id: number; enabled: boolean }> }>().results.find((a) => a.addon_id === 503)
        ?.enabled,
    ).toBe(false);
    expect((await send('PATCH', addOns(), { addon_id: 504, enabled: true })).json()).toEqual({
      addon_id: [phoneSetupMessages.addOnNotSwitchable],
    });
    expect((await send('PATCH', addOns(), { addon_id: 999, enabled: true })).json()).toEqual({
      addon_id: [phoneSetupMessages.addOnUnknown],
    });
    expect((await send('PATCH', addOns(), { addon_id: 'x' })).statusCode).toBe(400);
    expect((await send('PATCH', addOns(), { addon_id: 503, enabled: true }, multi)).statusCode).toBe(404);
  });

  it('upgrades to the CRM integration once', async () => {
    expect((await get(`${addOns()}upgrade/eligibility/`)).json()).toEqual({ crm_integration: true });
    const upgraded = await send('POST', `${addOns()}upgrade/`);
    expect(upgraded.statusCode).toBe(200);
    expect(
      upgraded.json<{ results: Array<{ label: string; enabled: boolean }> }>().results.find((a) => a.label === 'crm')
        ?.enabled,
    ).toBe(true);
    expect((await get(`${addOns()}upgrade/eligibility/`)).json()).toEqual({ crm_integration: false });
    expect((await send('POST', `${addOns()}upgrade/`)).json()).toEqual({ detail: phoneSetupMessages.crmNotEligible });
  });
});

describe('international calling', () => {
  it('lists the tariffs in the spec order and the current one', async () => {
    const available = (await get(`${intl()}available/`)).json<{ results: Array<{ name: string }> }>().results;
    expect(available.map((tariff) => tariff.name)).toEqual([...INTERNATIONAL_TARIFF_ORDER]);
    expect((await get(intl())).json()).toMatchObject({ tariff: { name: 'INTL Saver 500m' }, kyc_passed: true });
  });

  it('choosing a tariff replaces the one before in the site add-ons', async () => {
    const ultd = SITE_ADD_ONS.find((a) => a.name === 'ULTD INTL Saver')!;
    const answer = await send('POST', intl(), { tariff_id: ultd.id });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ tariff: { name: string }; addons: Array<{ display_name: string; enabled: boolean }> }>();
    expect(body.tariff.name).toBe('ULTD INTL Saver');
    expect(body.addons.filter((a) => a.enabled && /INTL/.test(a.display_name)).map((a) => a.display_name)).toEqual([
      'ULTD INTL Saver',
    ]);
    const site = (await get(`/api/v1/voip/${ids.acme}/`)).json<{ addons: Array<{ addon_id: number }> }>();
    expect(site.addons.map((a) => a.addon_id)).toContain(ultd.id);
    expect(site.addons.map((a) => a.addon_id)).not.toContain(512);
  });

  it('refuses an unknown tariff, and any tariff before the identity checks', async () => {
    expect((await send('POST', intl(), { tariff_id: 501 })).json()).toEqual({
      tariff_id: [phoneSetupMessages.tariffUnknown],
    });
    expect((await send('POST', intl(), {})).statusCode).toBe(400);
    expect((await get(intl(ids.cafe), buyNow)).json()).toEqual({ tariff: null, kyc_passed: false });
    const refused = await send('POST', intl(ids.cafe), { tariff_id: 511 }, buyNow);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: phoneSetupMessages.kycNeeded });
  });
});
