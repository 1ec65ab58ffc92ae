import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { AdvancedCallFlowAddOn, AudioFile, errorMessages, Site, SiteNumbers, TrialStatus } from '@portal/contract';

import { demoLogins, type DemoLogin } from '../../db/demo-logins.ts';
import { audioFiles, voipUsers } from '../../db/schema/index.ts';
import { DEMO_TRIAL_LENGTH_MS } from '../../db/seed.ts';
import { getCsrf, SEED_TIME, seededProductIds, tokenOf as tokenFor, useTestApp, type Csrf } from '../../test/helper.ts';
import { ADVANCED_NODE_LIMITS, STANDARD_NODE_LIMITS } from '../call-flows/index.ts';

const t = useTestApp();

let csrf: Csrf;
const ids = { acme: 0, acmeBroadband: 0, trial: 0, cafe: 0 };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const tokenOf = (login: DemoLogin, actingAs?: DemoLogin) => tokenFor(t, login, actingAs);

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  Object.assign(ids, await seededProductIds(t.db));
});

async function get(key: string, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Token ${key}`, ...headers } });
}

const notFound = { detail: errorMessages.notFound };

describe('site data', () => {
  it('answers the pilot number, address and the users keyed by id, the main user first', async () => {
    const response = await get(await tokenOf(demoLogins.customer), `/api/v1/voip/${ids.acme}/`);
    expect(response.statusCode).toBe(200);
    const site = Site.parse(response.json());
    // Acme's add-ons (modules/phone-setup/demo-phone-setup.ts): site recording, fraud guard and INTL Saver 500m.
    expect(site).toMatchObject({ product_id: ids.acme, pilot_number: { number: '01632960101' }, supplier: 3 });
    expect(site.addons.map((addOn) => addOn.addon_id).sort()).toEqual([501, 502, 512]);
    expect(site.installation_address?.post_code).toBe('LS11 5PZ');
    const people = Object.values(site.users);
    expect(people.map((u) => [u.first_name, u.last_name, u.extension])).toEqual([
      ['Alex', 'Morgan', '200'],
      ['Priya', 'Shah', '201'],
      ['Tom', 'Walsh', '202'],
    ]);
    for (const [id, user] of Object.entries(site.users)) expect(id).toBe(String(user.id));
  });

  it('tells for each user whether a call can ring them: a desk phone port of theirs, or a PIN for the apps', async () => {
    const customer = await tokenOf(demoLogins.customer);
    // Acme's users have no PIN; each has a port on one of its two desk phones (modules/hardware/demo-hardware.ts).
    const acme = Site.parse((await get(customer, `/api/v1/voip/${ids.acme}/`)).json());
    expect(Object.values(acme.users).map((u) => [u.extension, u.has_phone_or_app])).toEqual([
      ['200', true],
      ['201', true],
      ['202', true],
    ]);
    // The trial's only user has neither, until a PIN is set.
    const trial = await tokenOf(demoLogins.trial);
    const before = Site.parse((await get(trial, `/api/v1/voip/${ids.trial}/`)).json());
    expect(Object.values(before.users).map((u) => u.has_phone_or_app)).toEqual([false]);
    await t.db.update(voipUsers).set({ pinHash: 'scrypt$test' }).where(eq(voipUsers.productId, ids.trial));
    try {
      const after = Site.parse((await get(trial, `/api/v1/voip/${ids.trial}/`)).json());
      expect(Object.values(after.users).map((u) => u.has_phone_or_app)).toEqual([true]);
    } finally {
      await t.db.update(voipUsers).set({ pinHash: null }).where(eq(voipUsers.productId, ids.trial));
    }
  });

  it('answers the numbers with their extensions, the pilot number reaching the call flow', async () => {
    const response = await get(await tokenOf(demoLogins.customer), `/api/v1/voip/sites/${ids.acme}/numbers/`);
    expect(response.statusCode).toBe(200);
    expect(SiteNumbers.parse(response.json()).results.map(({ number, extension }) => ({ number, extension }))).toEqual([
      { number: '01632960101', extension: '01632960101' },
      { number: '01632960102', extension: '201' },
      { number: '01632960103', extension: '202' },
      { number: '02079460101', extension: '200' },
      { number: '02079460102', extension: 'Not Assigned' },
      { number: '02079460103', extension: 'Not Assigned' },
    ]);
  });

  it("answers 404 for another customer's site, a broadband product and an id no row can have", async () => {
    const trial = await tokenOf(demoLogins.trial);
    const customer = await tokenOf(demoLogins.customer);
    for (const [key, url] of [
      [trial, `/api/v1/voip/${ids.acme}/`],
      [trial, `/api/v1/voip/sites/${ids.acme}/numbers/`],
      [trial, `/api/v1/voip/${ids.acme}/add-ons/advanced-call-flow/`],
      [customer, `/api/v1/voip/${ids.acmeBroadband}/`],
      [customer, `/api/v1/voip/sites/${ids.acmeBroadband}/numbers/`],
      [customer, '/api/v1/voip/2147483648/'],
    ] as const) {
      const response = await get(key, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    // The trial customer's own site is theirs.
    const own = Site.parse((await get(trial, `/api/v1/voip/${ids.trial}/`)).json());
    expect(own.pilot_number).toEqual({ number: '01632960201' });
  });
});

describe('GET /api/v1/tools/is-uk-phone-number/', () => {
  it("answers editor-core's UK number rule", async () => {
    const key = await tokenOf(demoLogins.customer);
    const cases: Array<[string, boolean]> = [
      ['020 7946 0000', true],
      ['+447700900123', true],
      ['00441632960101', true],
      ['01632960101', true],
      ['08001234567', false],
      ['0163296010', false],
      ['+33123456789', false],
      ['', false],
    ];
    for (const [number, valid] of cases) {
      const response = await get(key, `/api/v1/tools/is-uk-phone-number/?number=${encodeURIComponent(number)}`);
      expect(response.statusCode, number).toBe(200);
      expect(response.json(), number).toEqual({ valid });
    }
    expect((await get(key, '/api/v1/tools/is-uk-phone-number/')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/tools/is-uk-phone-number/?number=01632960101' })).statusCode,
    ).toBe(401);
  });
});

describe('the advanced call flows add-on', () => {
  const url = (id: number) => `/api/v1/voip/${id}/add-ons/advanced-call-flow/`;

  it('is on for the demo cloud phone and off for the trial, with the node limits that follow', async () => {
    const acme = AdvancedCallFlowAddOn.parse((await get(await tokenOf(demoLogins.customer), url(ids.acme))).json());
    expect(acme).toEqual({
      enabled: true,
      display_name: 'Advanced call flows',
      standard_price: '5.00',
      node_limits: ADVANCED_NODE_LIMITS,
    });
    const trial = AdvancedCallFlowAddOn.parse((await get(await tokenOf(demoLogins.trial), url(ids.trial))).json());
    expect(trial).toEqual({
      enabled: false,
      display_name: 'Advanced call flows',
      standard_price: '5.00',
      node_limits: STANDARD_NODE_LIMITS,
    });
    // Every limit grows with the add-on.
    for (const [type, limit] of Object.entries(STANDARD_NODE_LIMITS)) {
      expect(ADVANCED_NODE_LIMITS[type as keyof typeof ADVANCED_NODE_LIMITS], type).toBeGreaterThan(limit);
    }
  });

  it('is turned on by PATCH enabled true, and only that', async () => {
    const key = await tokenOf(demoLogins.trial);
    const patch = (payload: unknown, who = key, id = ids.trial) =>
      t.app.inject({
        method: 'PATCH',
        url: url(id),
        headers: { authorization: `Token ${who}`, ...csrf.headers },
        payload: payload as object,
      });
    const off = await patch({ enabled: false });
    expect(off.statusCode).toBe(400);
    expect(Object.keys(off.json())).toEqual(['enabled']);
    expect((await patch({ enabled: true }, await tokenOf(demoLogins.buyNow))).statusCode).toBe(404);

    const on = await patch({ enabled: true });
    expect(on.statusCode).toBe(200);
    expect(AdvancedCallFlowAddOn.parse(on.json())).toMatchObject({ enabled: true, node_limits: ADVANCED_NODE_LIMITS });
    expect(AdvancedCallFlowAddOn.parse((await get(key, url(ids.trial))).json()).enabled).toBe(true);
    expect((await patch({ enabled: true })).statusCode).toBe(200);
  });
});

describe('call-flow audio files', () => {
  const listUrl = (id: number) => `/api/v1/voip/${id}/call-flows/current/audio-files/`;
  const downloadUrl = (id: number, name: string) =>
    `/api/v1/voip/${id}/call-flows/current/audio-files/download/${name}/`;
  const WAV_BYTES = 44 + 2 * 8000 * 2; // header, then 2 s of 8 kHz 16-bit mono

  it('lists the demo greetings', async () => {
    const response = await get(await tokenOf(demoLogins.customer), listUrl(ids.acme));
    expect(response.statusCode).toBe(200);
    const files = z.object({ results: z.array(AudioFile) }).parse(response.json()).results;
    expect(files.map((f) => [f.stored_filename, f.name, f.kind, f.sub_kind, f.duration_ms])).toEqual([
      ['welcome_greeting.wav', 'Welcome greeting', 'call_flow', 'welcome_greeting', 2000],
      ['closed_greeting.wav', 'Closed greeting', 'call_flow', 'closed_greeting', 2000],
      ['main_menu.wav', 'Main menu', 'call_flow', 'dial_menu', 2000],
    ]);
    expect(
      z
        .object({ results: z.array(AudioFile) })
        .parse((await get(await tokenOf(demoLogins.trial), listUrl(ids.trial))).json()).results,
    ).toEqual([]);
  });

  it('downloads a playable 8 kHz 16-bit mono WAV, whole', async () => {
    const key = await tokenOf(demoLogins.customer);
    for (const name of ['welcome_greeting.wav', 'closed_greeting.wav', 'main_menu.wav']) {
      const response = await get(key, downloadUrl(ids.acme, name));
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['content-type']).toBe('audio/wav');
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['content-length']).toBe(String(WAV_BYTES));
      const wav = response.rawPayload;
      expect(wav.length).toBe(WAV_BYTES);
      expect([wav.toString('ascii', 0, 4), wav.toString('ascii', 8, 12), wav.toString('ascii', 36, 40)]).toEqual([
        'RIFF',
        'WAVE',
        'data',
      ]);
      expect(wav.readUInt32LE(4)).toBe(WAV_BYTES - 8);
      expect([
        wav.readUInt16LE(20),
        wav.readUInt16LE(22),
        wav.readUInt32LE(24),
        wav.readUInt16LE(34),
        wav.readUInt32LE(40),
      ]).toEqual([1, 1, 8000, 16, WAV_BYTES - 44]);
      // Audible: a good share of the samples is well away from silence.
      let loud = 0;
      for (let i = 44; i < wav.length; i += 2) if (Math.abs(wav.readInt16LE(i)) > 2000) loud++;
      expect(loud, name).toBeGreaterThan(2000);
      // What is stored is what is sent.
      const [row] = await t.db.select().from(audioFiles).where(eq(audioFiles.storedFilename, name));
      expect(wav.equals((await t.audio.get(row!.storageKey))!)).toBe(true);
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: downloadUrl(ids.acme, 'main_menu.wav'),
      headers: { authorization: `Token ${key}` },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(WAV_BYTES));
  });

  it('answers Range requests with 206 and the bytes asked for, and 416 past the end', async () => {
    const key = await tokenOf(demoLogins.customer);
    const url = downloadUrl(ids.acme, 'welcome_greeting.wav');
    const whole = (await get(key, url)).rawPayload;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-43', 0, 43],
      ['bytes=100-199', 100, 199],
      ['bytes=32000-', 32000, WAV_BYTES - 1],
      ['bytes=-100', WAV_BYTES - 100, WAV_BYTES - 1],
      ['bytes=30000-99999', 30000, WAV_BYTES - 1],
      ['bytes=0-', 0, WAV_BYTES - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await get(key, url, { range });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range'], range).toBe(`bytes ${start}-${end}/${WAV_BYTES}`);
      expect(response.headers['content-length'], range).toBe(String(end - start + 1));
      expect(response.headers['content-type']).toBe('audio/wav');
      expect(response.rawPayload.equals(whole.subarray(start, end + 1)), range).toBe(true);
    }
    for (const range of [`bytes=${WAV_BYTES}-`, 'bytes=50000-60000', 'bytes=-0']) {
      const response = await get(key, url, { range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range'], range).toBe(`bytes */${WAV_BYTES}`);
      expect(response.json()).toEqual({ detail: 'The requested range is beyond the end of the file.' });
    }
    // Ranges the server does not serve (malformed, several, another unit, with If-Range) get the whole file.
    const ignored: Record<string, string>[] = [
      { range: 'bytes=abc' },
      { range: 'bytes=0-1,5-9' },
      { range: 'items=0-1' },
      { range: 'bytes=9-1' },
      { range: 'bytes=0-1', 'if-range': '"x"' },
    ];
    for (const headers of ignored) {
      const response = await get(key, url, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.rawPayload.length).toBe(WAV_BYTES);
    }
  });

  it("answers 404 for an unknown file and for another customer's files", async () => {
    const customer = await tokenOf(demoLogins.customer);
    for (const name of ['nothing.wav', '..%2F..%2Fetc%2Fpasswd', '%00']) {
      const response = await get(customer, downloadUrl(ids.acme, name));
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    const trial = await tokenOf(demoLogins.trial);
    expect((await get(trial, downloadUrl(ids.acme, 'welcome_greeting.wav'))).statusCode).toBe(404);
    expect((await get(trial, listUrl(ids.acme))).statusCode).toBe(404);
    expect((await get(trial, downloadUrl(ids.trial, 'welcome_greeting.wav'))).statusCode).toBe(404);
  });
});

describe('GET /api/v1/trial/status/', () => {
  const status = async (login: DemoLogin) => {
    const response = await get(await tokenOf(login), '/api/v1/trial/status/');
    expect(response.statusCode).toBe(200);
    return TrialStatus.parse(response.json());
  };

  it('answers no trial for a customer who is not in one, and for staff', async () => {
    const none = {
      isInTrial: false,
      isTrialExpired: false,
      trialKind: null,
      productId: null,
      remainDays: null,
      show_quickstart_popup: false,
      quickstart_popup_sections_completed: {},
      customer_feedback: null,
      status_entry: null,
      upgrade_prompt_shown: false,
    };
    expect(await status(demoLogins.customer)).toEqual(none);
    expect(await status(demoLogins.buyNow)).toEqual(none);
    expect(await status(demoLogins.staff)).toEqual(none);
  });

  it('answers the trial with whole days left, rounded up, and expiry once it has ended', async () => {
    try {
      const fresh = await status(demoLogins.trial);
      expect(fresh).toMatchObject({
        isInTrial: true,
        isTrialExpired: false,
        trialKind: 'OPT_IN',
        productId: ids.trial,
        remainDays: 2,
        show_quickstart_popup: true,
        customer_feedback: null,
        status_entry: SEED_TIME.toISOString(),
      });
      // The demo's getting-started video is watched (seed.ts); the other five steps are still to do.
      expect(fresh.quickstart_popup_sections_completed).toEqual({
        watch_getting_started: true,
        download_apps: false,
        make_your_first_call: false,
        set_up_call_flows: false,
        upgrade: false,
        helpful_links: false,
      });

      t.clock.advance(HOUR);
      expect((await status(demoLogins.trial)).remainDays).toBe(2);
      t.clock.set(new Date(SEED_TIME.getTime() + DAY + 1));
      expect((await status(demoLogins.trial)).remainDays).toBe(1);
      t.clock.set(new Date(SEED_TIME.getTime() + DEMO_TRIAL_LENGTH_MS - 1000));
      expect(await status(demoLogins.trial)).toMatchObject({ isInTrial: true, isTrialExpired: false, remainDays: 1 });
      t.clock.set(new Date(SEED_TIME.getTime() + DEMO_TRIAL_LENGTH_MS + 1000));
      expect(await status(demoLogins.trial)).toMatchObject({ isInTrial: true, isTrialExpired: true, remainDays: 0 });
      // Staff acting as the trial customer see the customer's trial.
      const acting = await tokenOf(demoLogins.trial, demoLogins.staff);
      expect(TrialStatus.parse((await get(acting, '/api/v1/trial/status/')).json()).productId).toBe(ids.trial);
    } finally {
      t.clock.set(SEED_TIME);
    }
  });
});
