import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import {
  callFlowMessages,
  CallFlowSummary,
  errorMessages,
  SimpleCallFlow,
  StoredCallFlow,
  type SimpleCallFlowData,
} from '@portal/contract';
import {
  insertNode,
  isFlowValid,
  MSG_FLOW_NOT_VALID,
  MSG_NAME_REQUIRED,
  MSG_NAME_TAKEN,
  presetHours,
  removeSubtree,
  setArgs,
  type CallFlow,
  type FlowNode,
} from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { demoLogins, type DemoLogin } from '../../db/demo-logins.ts';
import { callFlows, simpleCallFlows } from '../../db/schema/index.ts';
import { getCsrf, seededProductIds, tokenOf as tokenFor, useTestApp, type Csrf } from '../../test/helper.ts';
import { mainOfficeHoursFlow } from './demo-flows.ts';

const t = useTestApp();

let csrf: Csrf;
const ids = { acme: 0, acmeBroadband: 0, trial: 0, cafe: 0 };

const tokenOf = (login: DemoLogin, actingAs?: DemoLogin) => tokenFor(t, login, actingAs);

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  Object.assign(ids, await seededProductIds(t.db));
});

/** Calls the API as a signed-in user; unsafe methods carry the CSRF pair. */
async function call(
  key: string,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Token ${key}`, ...(method === 'GET' ? {} : csrf.headers), ...headers },
    ...(body !== undefined && { payload: body as InjectOptions['payload'] }),
  });
}

const flowsUrl = (product: number) => `/api/v2/voip/${product}/call-flows/`;
const flowUrl = (product: number, flow: string | number) => `/api/v2/voip/${product}/call-flows/${flow}/`;
const simpleUrl = (product: number) => `/api/v3/voip/${product}/simple-call-flow/`;

async function list(key: string, product = ids.acme) {
  const response = await call(key, 'GET', flowsUrl(product));
  expect(response.statusCode).toBe(200);
  return z.object({ results: z.array(CallFlowSummary) }).parse(response.json()).results;
}

async function create(key: string, flow: Pick<CallFlow, 'name' | 'enable' | 'data'>, product = ids.acme) {
  return call(key, 'POST', flowsUrl(product), { name: flow.name, enable: flow.enable, data: flow.data });
}

async function createOk(key: string, flow: Pick<CallFlow, 'name' | 'enable' | 'data'>, product = ids.acme) {
  const response = await create(key, flow, product);
  expect(response.statusCode, response.body).toBe(201);
  return StoredCallFlow.parse(response.json());
}

async function simple(key: string, product = ids.acme) {
  const response = await call(key, 'GET', simpleUrl(product));
  expect(response.statusCode).toBe(200);
  return SimpleCallFlow.parse(response.json());
}

/** What is active on a product: the enabled custom flows' names, and whether the simple call flow is on. */
async function active(key: string, product = ids.acme) {
  return {
    custom: (await list(key, product)).filter((f) => f.enable).map((f) => f.name),
    simple: (await simple(key, product)).enable,
  };
}

/** sampleFlow under another name: valid (main number -> business hours -> transfer 200 / voicemail 300). */
const validFlow = (name: string, enable = false): CallFlow => ({ ...sampleFlow(), name, enable });

/** Unfinished: the in-hours transfer removed, so the in-hours route ends nowhere. */
function unfinishedFlow(name: string): CallFlow {
  const done = apply(sampleFlow(), removeSubtree('n5'));
  return { ...done!.flow, name };
}

/** sampleFlow with `menus` dial menus, one after another in the in-hours route, each with a key. */
function flowWithDialMenus(name: string, menus: number): CallFlow {
  let flow = apply(sampleFlow(), removeSubtree('n5'))!.flow;
  let parent = 'n3';
  for (let i = 0; i < menus; i++) {
    const menu = apply(flow, insertNode(parent, 'dial_menu', { args: { audio_file: 'main_menu.wav' } }))!;
    const menuId = menu.tr.selection![0]!;
    const key = apply(menu.flow, insertNode(menuId, 'dial_menu_key', { args: { target: '1' } }))!;
    flow = key.flow;
    parent = key.tr.selection![0]!;
  }
  flow = apply(flow, insertNode(parent, 'voicemail'))!.flow;
  return { ...flow, name };
}

const notFound = { detail: errorMessages.notFound };

describe('the seeded call flows', () => {
  it('gives the demo cloud phone one active valid flow, one valid flow and one unfinished flow', async () => {
    const key = await tokenOf(demoLogins.customer);
    const flows = await list(key);
    expect(flows.map((f) => [f.name, f.enable, f.valid, f.version])).toEqual([
      ['Main office hours', true, true, 1],
      ['Out of hours to mobile', false, true, 1],
      ['Sales line (draft)', false, false, 1],
    ]);
    // The server's `valid` is editor-core's verdict on the stored tree.
    for (const summary of flows) {
      const response = await call(key, 'GET', flowUrl(ids.acme, summary.id));
      expect(response.headers.etag).toBe('"1"');
      const stored = StoredCallFlow.parse(response.json());
      expect(stored.id).toBe(summary.id);
      expect(isFlowValid({ ...stored, id: null })).toBe(summary.valid);
    }
    // The active flow answers with a dial menu in hours: key 1 rings 200 and 201, key 2 leaves a message.
    const main = StoredCallFlow.parse((await call(key, 'GET', flowUrl(ids.acme, flows[0]!.id))).json());
    const find = (node: FlowNode, type: string): FlowNode | undefined =>
      node.type === type ? node : node.children.map((c) => find(c, type)).find(Boolean);
    const menu = find(main.data, 'dial_menu');
    expect(menu?.name).toBe('Main menu');
    expect(menu?.children.map((k) => [k.args.target?.value, k.children[0]?.type])).toEqual([
      ['1', 'transfer'],
      ['2', 'voicemail'],
    ]);
    expect(find(menu!, 'transfer')?.args.target?.value).toEqual(['200', '201']);
    // Built with editor-core commands and fixed ids: the same every time.
    expect(main.data).toEqual(mainOfficeHoursFlow('01632960101').data);
  });

  it('leaves the simple call flows of the other customers on, and the demo cloud phone on its custom flow', async () => {
    expect(await simple(await tokenOf(demoLogins.customer))).toMatchObject({
      enable: false,
      name: 'Simple call flow',
      version: 1,
    });
    expect(await active(await tokenOf(demoLogins.trial), ids.trial)).toEqual({ custom: [], simple: true });
    expect(await active(await tokenOf(demoLogins.buyNow), ids.cafe)).toEqual({ custom: [], simple: true });
  });
});

describe('who may touch a product', () => {
  it("answers 404 for another customer's product, a product that is not a cloud phone, and unknown ids", async () => {
    const customer = await tokenOf(demoLogins.customer);
    const trial = await tokenOf(demoLogins.trial);
    const acmeFlow = (await list(customer))[0]!.id;
    const attempts: Array<[string, InjectOptions['method'], string, unknown?]> = [
      [trial, 'GET', flowsUrl(ids.acme)],
      [trial, 'GET', flowUrl(ids.acme, acmeFlow)],
      [trial, 'POST', flowsUrl(ids.acme), { ...validFlow('Hijack') }],
      [trial, 'PATCH', flowUrl(ids.acme, acmeFlow), { enable: false }],
      [trial, 'DELETE', flowUrl(ids.acme, acmeFlow)],
      [trial, 'GET', simpleUrl(ids.acme)],
      [trial, 'PATCH', simpleUrl(ids.acme), { enable: true }],
      // Acme's flow under the trial customer's own product is no flow of that product.
      [trial, 'GET', flowUrl(ids.trial, acmeFlow)],
      [trial, 'PATCH', flowUrl(ids.trial, acmeFlow), { name: 'Mine now' }],
      [customer, 'GET', flowsUrl(ids.acmeBroadband)],
      [customer, 'GET', simpleUrl(ids.acmeBroadband)],
      [customer, 'GET', flowsUrl(999_999)],
      [customer, 'GET', flowsUrl(9_999_999_999)],
      [customer, 'GET', flowUrl(ids.acme, 999_999_999_999)],
      [await tokenOf(demoLogins.staff), 'GET', flowsUrl(ids.acme)],
    ];
    for (const [key, method, url, body] of attempts) {
      const response = await call(key, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    // Nothing was changed by the refused calls.
    expect((await list(customer)).map((f) => [f.name, f.enable, f.version])[0]).toEqual(['Main office hours', true, 1]);
  });

  it('lets staff acting as the customer in, as the customer', async () => {
    const acting = await tokenOf(demoLogins.customer, demoLogins.staff);
    expect((await list(acting)).map((f) => f.name)).toContain('Main office hours');
    expect((await call(acting, 'GET', flowsUrl(ids.trial))).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: flowsUrl(ids.acme) });
    expect(response.statusCode).toBe(401);
  });
});

describe('custom call flows', () => {
  it('creates a draft, answers it with its id, version and ETag, and lists it as not valid', async () => {
    const key = await tokenOf(demoLogins.buyNow);
    const draft = unfinishedFlow('Lunchtime');
    const response = await create(key, draft, ids.cafe);
    expect(response.statusCode).toBe(201);
    const stored = StoredCallFlow.parse(response.json());
    expect(stored).toMatchObject({ name: 'Lunchtime', enable: false, version: 1, data: draft.data });
    expect(stored.id).toMatch(/^\d+$/);
    expect(response.headers.etag).toBe('"1"');
    expect(response.headers.location).toBe(flowUrl(ids.cafe, stored.id));
    expect(StoredCallFlow.parse((await call(key, 'GET', flowUrl(ids.cafe, stored.id))).json())).toEqual(stored);
    expect(await list(key, ids.cafe)).toEqual([
      { id: stored.id, name: 'Lunchtime', enable: false, version: 1, updated_at: stored.updated_at, valid: false },
    ]);
  });

  it('applies the name rules with the spec wording, against the product flows only', async () => {
    const key = await tokenOf(demoLogins.customer);
    for (const name of ['Main office hours', '  main OFFICE hours ']) {
      const response = await create(key, validFlow(name));
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toEqual({ name: [MSG_NAME_TAKEN] });
    }
    expect(MSG_NAME_TAKEN).toBe('This callflow name has already been used. Please try a different name.');
    for (const name of ['', '   ', undefined]) {
      const response = await call(key, 'POST', flowsUrl(ids.acme), { name, enable: false, data: sampleFlow().data });
      expect(response.statusCode, String(name)).toBe(400);
      expect(response.json()).toEqual({ name: ['Please set a callflow name'] });
    }
    expect(MSG_NAME_REQUIRED).toBe('Please set a callflow name');
    // The same name on another customer's product is theirs to use; names are stored trimmed.
    const trial = await tokenOf(demoLogins.trial);
    expect((await createOk(trial, validFlow('  Main office hours  '), ids.trial)).name).toBe('Main office hours');

    // Renaming onto another flow's name is refused too; renaming a flow to its own name is not.
    const flows = await list(key);
    const draft = flows.find((f) => f.name === 'Sales line (draft)')!;
    const taken = await call(key, 'PATCH', flowUrl(ids.acme, draft.id), { name: 'out of hours to MOBILE' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ name: [MSG_NAME_TAKEN] });
    const same = await call(key, 'PATCH', flowUrl(ids.acme, draft.id), { name: 'Sales line (draft)' });
    expect(same.statusCode).toBe(200);
  });

  it('refuses to enable an invalid flow, on create and on patch, with the spec message', async () => {
    const key = await tokenOf(demoLogins.customer);
    expect(callFlowMessages.invalidActiveFlow).toBe('Call flow is not valid, please complete all steps and try again');
    expect(MSG_FLOW_NOT_VALID).toBe(callFlowMessages.invalidActiveFlow);
    const invalidActive = { detail: 'Call flow is not valid, please complete all steps and try again' };

    const created = await create(key, { ...unfinishedFlow('Broken and on'), enable: true });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(invalidActive);
    expect((await list(key)).map((f) => f.name)).not.toContain('Broken and on');

    const draft = (await list(key)).find((f) => f.name === 'Sales line (draft)')!;
    const enabling = await call(key, 'PATCH', flowUrl(ids.acme, draft.id), { enable: true });
    expect(enabling.statusCode).toBe(400);
    expect(enabling.json()).toEqual(invalidActive);

    // The active flow may not be changed into an unfinished one...
    const main = (await list(key)).find((f) => f.name === 'Main office hours')!;
    const breaking = await call(key, 'PATCH', flowUrl(ids.acme, main.id), { data: unfinishedFlow('x').data });
    expect(breaking.statusCode).toBe(400);
    expect(breaking.json()).toEqual(invalidActive);
    // ...while a disabled flow may be saved unfinished.
    const other = (await list(key)).find((f) => f.name === 'Out of hours to mobile')!;
    const drafting = await call(key, 'PATCH', flowUrl(ids.acme, other.id), {
      data: unfinishedFlow('x').data,
      version: other.version,
    });
    expect(drafting.statusCode).toBe(200);
    expect(StoredCallFlow.parse(drafting.json()).version).toBe(other.version + 1);

    const after = await list(key);
    expect(after.find((f) => f.id === main.id)).toMatchObject({ enable: true, valid: true, version: main.version });
    expect(after.find((f) => f.id === draft.id)).toMatchObject({ enable: false, valid: false });
    expect(after.find((f) => f.id === other.id)).toMatchObject({ enable: false, valid: false });
  });

  it('refuses a tree the editor could not open', async () => {
    const key = await tokenOf(demoLogins.customer);
    const flow = sampleFlow();
    // A transfer ends a route: nothing may follow it.
    const transfer = flow.data.children[0]!.children[0]!.children[0]!;
    transfer.children.push({ id: 'n7', type: 'voicemail', name: 'Voicemail', args: {}, children: [] });
    const response = await create(key, { ...flow, name: 'Malformed' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'This call flow cannot be saved: A transfer ends a route and cannot have steps after it',
    });

    const duplicateIds = sampleFlow();
    duplicateIds.data.children[0]!.id = 'n1';
    const duplicate = await create(key, { ...duplicateIds, name: 'Duplicate ids' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({
      detail: 'This call flow cannot be saved: The id n1 is used by more than one step',
    });

    const unknownArg = await call(key, 'POST', flowsUrl(ids.acme), {
      name: 'Unknown arg',
      enable: false,
      data: { ...sampleFlow().data, args: { colour: { type: 'text', value: 'red' } } },
    });
    expect(unknownArg.statusCode).toBe(400);
    expect(unknownArg.json()).toEqual({ 'data.args.colour': ["A main_number node has no arg 'colour'"] });

    // Text PostgreSQL could not store (a NUL, half a surrogate pair) is refused, not a server error.
    for (const name of ['Nul \u0000 name', 'Half \ud83d pair']) {
      const response = await create(key, validFlow(name));
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toEqual({ detail: 'Text in the request must be valid Unicode, without NUL characters.' });
    }
    expect((await createOk(key, validFlow('Emoji \ud83d\ude00 line'))).name).toBe('Emoji 😀 line');
    expect(
      (await call(key, 'DELETE', flowUrl(ids.acme, (await list(key)).find((f) => f.name.startsWith('Emoji'))!.id)))
        .statusCode,
    ).toBe(200);
  });

  it('patches name, data and enable, bumping the version each time, and deletes', async () => {
    const key = await tokenOf(demoLogins.buyNow);
    const flow = await createOk(key, validFlow('Weekdays'), ids.cafe);
    const renamed = await call(key, 'PATCH', flowUrl(ids.cafe, flow.id), { name: 'Weekdays only', version: 1 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).toBe('"2"');
    expect(StoredCallFlow.parse(renamed.json())).toMatchObject({ name: 'Weekdays only', version: 2, enable: false });

    const changed = apply(sampleFlow(), setArgs('n5', { target: ['200', '201'] }))!.flow;
    const patched = StoredCallFlow.parse(
      (await call(key, 'PATCH', flowUrl(ids.cafe, flow.id), { data: changed.data, version: 2 })).json(),
    );
    expect(patched.version).toBe(3);
    expect(patched.data).toEqual(changed.data);

    // An empty patch changes nothing, not even the version.
    const nothing = StoredCallFlow.parse((await call(key, 'PATCH', flowUrl(ids.cafe, flow.id), {})).json());
    expect(nothing.version).toBe(3);

    const deleted = await call(key, 'DELETE', flowUrl(ids.cafe, flow.id));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ detail: 'Call flow deleted.' });
    expect((await call(key, 'GET', flowUrl(ids.cafe, flow.id))).statusCode).toBe(404);
    expect((await call(key, 'DELETE', flowUrl(ids.cafe, flow.id))).json()).toEqual(notFound);
    expect((await list(key, ids.cafe)).map((f) => f.id)).not.toContain(flow.id);
  });
});

describe('validity in the list', () => {
  /** The stored validity of the product's flows, by name. */
  async function storedValidity(product: number) {
    const rows = await t.db.select().from(callFlows).where(eq(callFlows.productId, product));
    return Object.fromEntries(rows.map((row) => [row.name, row.valid]));
  }

  it('stores validity when a flow is saved, and the list answers it without reading the tree', async () => {
    const key = await tokenOf(demoLogins.trial);
    const good = await createOk(key, validFlow('Stored valid'), ids.trial);
    const draft = await createOk(key, unfinishedFlow('Stored draft'), ids.trial);
    expect(await storedValidity(ids.trial)).toMatchObject({ 'Stored valid': true, 'Stored draft': false });

    // Finishing the draft stores it as valid.
    const finished = await call(key, 'PATCH', flowUrl(ids.trial, draft.id), { data: sampleFlow().data, version: 1 });
    expect(finished.statusCode).toBe(200);
    expect(await storedValidity(ids.trial)).toMatchObject({ 'Stored draft': true });

    // The list answers the stored flag: a flag changed behind the server's back shows.
    await t.db
      .update(callFlows)
      .set({ valid: false })
      .where(eq(callFlows.id, Number(good.id)));
    expect((await list(key, ids.trial)).find((f) => f.id === good.id)?.valid).toBe(false);
  });

  it('works out once the validity of flows stored before it was kept, and again after a name clash ends', async () => {
    const key = await tokenOf(demoLogins.trial);
    // Rows as written before the column existed: validity unknown; two of them share a name.
    const legacy = (name: string, data: FlowNode) => ({ productId: ids.trial, name, enable: false, data, valid: null });
    const inserted = await t.db
      .insert(callFlows)
      .values([
        legacy('Legacy valid', sampleFlow().data),
        legacy('Legacy draft', unfinishedFlow('x').data),
        legacy('Legacy twin', sampleFlow().data),
        legacy('Legacy twin', sampleFlow().data),
      ])
      .returning();
    const byId = (flows: Awaited<ReturnType<typeof list>>) =>
      inserted.map((row) => flows.find((f) => f.id === String(row.id))?.valid);

    expect(byId(await list(key, ids.trial))).toEqual([true, false, false, false]);
    expect(await storedValidity(ids.trial)).toMatchObject({
      'Legacy valid': true,
      'Legacy draft': false,
      'Legacy twin': false,
    });

    // Once one twin is gone, the other's name is its own: valid.
    expect((await call(key, 'DELETE', flowUrl(ids.trial, inserted[3]!.id))).statusCode).toBe(200);
    expect(byId(await list(key, ids.trial))).toEqual([true, false, true, undefined]);
    expect(await storedValidity(ids.trial)).toMatchObject({ 'Legacy twin': true });
  });

  it('answers an empty list for a cloud phone without flows, and 404 for a product that is not one', async () => {
    const key = await tokenOf(demoLogins.buyNow);
    await t.db.delete(callFlows).where(eq(callFlows.productId, ids.cafe));
    expect(await list(key, ids.cafe)).toEqual([]);
    expect((await call(key, 'GET', flowsUrl(ids.acme))).statusCode).toBe(404);
  });
});

describe('exactly one active call flow', () => {
  it('moves the active flag between custom flows and the simple call flow', async () => {
    const key = await tokenOf(demoLogins.customer);
    const before = await list(key);
    const main = before.find((f) => f.name === 'Main office hours')!;
    expect(await active(key)).toEqual({ custom: ['Main office hours'], simple: false });

    // A new flow created enabled takes over; the old one is disabled and gets a new version.
    const night = await createOk(key, validFlow('Night service', true));
    expect(await active(key)).toEqual({ custom: ['Night service'], simple: false });
    expect((await list(key)).find((f) => f.id === main.id)).toMatchObject({ enable: false, version: main.version + 1 });

    // Enabling by PATCH moves it back.
    const back = await call(key, 'PATCH', flowUrl(ids.acme, main.id), { enable: true });
    expect(back.statusCode).toBe(200);
    expect(await active(key)).toEqual({ custom: ['Main office hours'], simple: false });

    // The simple call flow disables every custom flow when it is enabled...
    const simpleOn = await call(key, 'PATCH', simpleUrl(ids.acme), { enable: true });
    expect(simpleOn.statusCode).toBe(200);
    expect(await active(key)).toEqual({ custom: [], simple: true });

    // ...and is disabled when a custom flow is enabled.
    const nightOn = await call(key, 'PATCH', flowUrl(ids.acme, night.id), { enable: true });
    expect(nightOn.statusCode).toBe(200);
    expect(await active(key)).toEqual({ custom: ['Night service'], simple: false });

    // Disabling the active flow leaves none active; nothing else is switched on.
    await call(key, 'PATCH', flowUrl(ids.acme, night.id), { enable: false });
    expect(await active(key)).toEqual({ custom: [], simple: false });

    // Back to the seeded state for the tests that follow.
    expect((await call(key, 'PATCH', flowUrl(ids.acme, main.id), { enable: true })).statusCode).toBe(200);
    expect((await call(key, 'DELETE', flowUrl(ids.acme, night.id))).statusCode).toBe(200);
    const enabled = await t.db
      .select()
      .from(callFlows)
      .where(and(eq(callFlows.productId, ids.acme), eq(callFlows.enable, true)));
    expect(enabled.map((f) => f.name)).toEqual(['Main office hours']);
  });
});

describe('optimistic concurrency', () => {
  it('answers 412 to a change made from an old version, by body version or If-Match', async () => {
    const key = await tokenOf(demoLogins.trial);
    const flow = await createOk(key, validFlow('Versioned'), ids.trial);
    const url = flowUrl(ids.trial, flow.id);
    const get = await call(key, 'GET', url);
    expect(get.headers.etag).toBe('"1"');

    // Tab A saves from version 1; tab B, still on version 1, is told someone else saved.
    expect((await call(key, 'PATCH', url, { name: 'Tab A', version: 1 })).statusCode).toBe(200);
    const stale = await call(key, 'PATCH', url, { name: 'Tab B', version: 1 });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ detail: callFlowMessages.changedElsewhere });

    const staleHeader = await call(key, 'PATCH', url, { name: 'Tab B' }, { 'if-match': '"1"' });
    expect(staleHeader.statusCode).toBe(412);
    expect(staleHeader.json()).toEqual({ detail: callFlowMessages.changedElsewhere });
    const weak = await call(key, 'PATCH', url, { name: 'Tab B' }, { 'if-match': 'W/"2"' });
    expect(weak.statusCode).toBe(412);

    const fresh = await call(key, 'PATCH', url, { name: 'Tab B' }, { 'if-match': '"2"' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).toBe('"3"');
    expect(StoredCallFlow.parse((await call(key, 'GET', url)).json())).toMatchObject({ name: 'Tab B', version: 3 });

    // Deleting from an old version is refused as well.
    const staleDelete = await call(key, 'DELETE', url, undefined, { 'if-match': '"2"' });
    expect(staleDelete.statusCode).toBe(412);
    expect((await call(key, 'DELETE', url, undefined, { 'if-match': '"3"' })).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous saves from the same version through', async () => {
    const key = await tokenOf(demoLogins.trial);
    const flow = await createOk(key, validFlow('Race'), ids.trial);
    const url = flowUrl(ids.trial, flow.id);
    const answers = await Promise.all(
      ['First', 'Second', 'Third'].map((name) => call(key, 'PATCH', url, { name, version: 1 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412, 412]);
    const stored = StoredCallFlow.parse((await call(key, 'GET', url)).json());
    expect(stored.version).toBe(2);
    const winner = answers.find((a) => a.statusCode === 200)!;
    expect(stored.name).toBe(StoredCallFlow.parse(winner.json()).name);
  });

  it('versions the simple call flow the same way', async () => {
    const key = await tokenOf(demoLogins.trial);
    const current = await call(key, 'GET', simpleUrl(ids.trial));
    const { version } = SimpleCallFlow.parse(current.json());
    expect(current.headers.etag).toBe(`"${version}"`);
    const saved = await call(key, 'PATCH', simpleUrl(ids.trial), { enable: true, version });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe(`"${version + 1}"`);
    const stale = await call(key, 'PATCH', simpleUrl(ids.trial), { enable: false, version });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ detail: callFlowMessages.changedElsewhere });
    const staleHeader = await call(
      key,
      'PATCH',
      simpleUrl(ids.trial),
      { enable: false },
      { 'if-match': `"${version}"` },
    );
    expect(staleHeader.statusCode).toBe(412);
    expect((await simple(key, ids.trial)).version).toBe(version + 1);
  });
});

describe('node limits', () => {
  it('refuses a flow over the product limits, and takes it once the advanced call flows add-on is on', async () => {
    const key = await tokenOf(demoLogins.buyNow);
    const addOnUrl = `/api/v1/voip/${ids.cafe}/add-ons/advanced-call-flow/`;
    expect((await call(key, 'GET', addOnUrl)).json()).toMatchObject({ enabled: false, node_limits: { dial_menu: 1 } });

    expect((await create(key, flowWithDialMenus('One menu', 1), ids.cafe)).statusCode).toBe(201);
    const two = await create(key, flowWithDialMenus('Two menus', 2), ids.cafe);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({
      detail:
        'This call flow has 2 dial menu steps; your account allows 1. Add the Advanced call flows add-on for more.',
    });
    // Patching an existing flow over the limit is refused the same way.
    const one = (await list(key, ids.cafe)).find((f) => f.name === 'One menu')!;
    const patched = await call(key, 'PATCH', flowUrl(ids.cafe, one.id), { data: flowWithDialMenus('x', 2).data });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toMatchObject({ detail: expect.stringContaining('your account allows 1') });

    const addOn = await call(key, 'PATCH', addOnUrl, { enabled: true });
    expect(addOn.statusCode).toBe(200);
    expect(addOn.json()).toMatchObject({ enabled: true, node_limits: { dial_menu: 10 } });
    expect((await create(key, flowWithDialMenus('Two menus', 2), ids.cafe)).statusCode).toBe(201);
    const eleven = await create(key, flowWithDialMenus('Eleven menus', 11), ids.cafe);
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json()).toEqual({ detail: 'This call flow has 11 dial menu steps; your account allows 10.' });
  });
});

describe('the simple call flow', () => {
  const data = (change: (d: SimpleCallFlowData) => void): SimpleCallFlowData => {
    const d: SimpleCallFlowData = {
      out_of_hours: { enabled: true, business_hours: presetHours('nine_to_five'), calendar: 'default' },
      welcome_greeting: { enabled: false, audio_file: null },
      closed_greeting: { enabled: true, audio_file: 'default' },
    };
    change(d);
    return d;
  };

  it('answers the seeded simple call flow with its greetings and hours', async () => {
    const flow = await simple(await tokenOf(demoLogins.customer));
    expect(flow.data).toEqual({
      out_of_hours: { enabled: true, business_hours: presetHours('nine_to_five'), calendar: 'default' },
      welcome_greeting: { enabled: true, audio_file: 'welcome_greeting.wav' },
      closed_greeting: { enabled: true, audio_file: 'closed_greeting.wav' },
    });
  });

  it('refuses to enable a welcome greeting without audio, with the spec message', async () => {
    const key = await tokenOf(demoLogins.buyNow);
    const message = { detail: 'Please set a welcome greeting audio before enabling your simple call flow' };
    expect(callFlowMessages.welcomeGreetingNeedsAudio).toBe(message.detail);
    const before = await simple(key, ids.cafe);
    expect(before.enable).toBe(true);

    const greetingOn = await call(key, 'PATCH', simpleUrl(ids.cafe), {
      data: data((d) => (d.welcome_greeting.enabled = true)),
    });
    expect(greetingOn.statusCode).toBe(400);
    expect(greetingOn.json()).toEqual(message);
    const blankAudio = data((d) => (d.welcome_greeting = { enabled: true, audio_file: '  ' }));
    expect((await call(key, 'PATCH', simpleUrl(ids.cafe), { data: blankAudio })).json()).toEqual(message);
    expect(await simple(key, ids.cafe)).toEqual(before);

    // Disabled, it may be saved that way; enabling it then is refused.
    const off = await call(key, 'PATCH', simpleUrl(ids.cafe), {
      enable: false,
      data: data((d) => (d.welcome_greeting.enabled = true)),
    });
    expect(off.statusCode).toBe(200);
    const on = await call(key, 'PATCH', simpleUrl(ids.cafe), { enable: true });
    expect(on.statusCode).toBe(400);
    expect(on.json()).toEqual(message);

    const withAudio = data((d) => (d.welcome_greeting = { enabled: true, audio_file: 'welcome.wav' }));
    const fixed = await call(key, 'PATCH', simpleUrl(ids.cafe), { enable: true, data: withAudio });
    expect(fixed.statusCode).toBe(200);
    expect(SimpleCallFlow.parse(fixed.json())).toMatchObject({
      enable: true,
      data: withAudio,
      version: before.version + 2,
    });
  });

  it("answers editor-core's opening-hours messages for hours it cannot keep", async () => {
    const key = await tokenOf(demoLogins.buyNow);
    const field = 'data.out_of_hours.business_hours';
    const cases: Array<[SimpleCallFlowData['out_of_hours']['business_hours'], string[]]> = [
      [
        {
          preset: 'custom',
          days: {
            mon: [
              { from: '09:00', to: '13:00' },
              { from: '12:00', to: '17:00' },
            ],
          },
        },
        ['Mon: opening hours overlap'],
      ],
      [
        { preset: 'custom', days: { tue: [{ from: '25:00', to: '17:00' }] } },
        ['Tue: use HH:MM times, hours 00-23 and minutes 00-59'],
      ],
      [
        { preset: 'custom', days: { wed: [{ from: '17:00', to: '09:00' }] } },
        ['Wed: the closing time must be after the opening time'],
      ],
      [
        {
          preset: 'custom',
          days: {
            thu: [
              { from: '09:00', to: '17:00' },
              { from: '09:00', to: '12:00' },
            ],
          },
        },
        ['Thu: a break must lie strictly within the opening hours'],
      ],
    ];
    const before = await simple(key, ids.cafe);
    for (const [hours, messages] of cases) {
      const response = await call(key, 'PATCH', simpleUrl(ids.cafe), {
        data: data((d) => (d.out_of_hours.business_hours = hours)),
      });
      expect(response.statusCode, messages[0]).toBe(400);
      expect(response.json()).toEqual({ [field]: messages });
    }
    expect(await simple(key, ids.cafe)).toEqual(before);

    // A lunch break strictly inside the day is fine.
    const lunch = {
      preset: 'custom' as const,
      days: {
        fri: [
          { from: '09:00', to: '17:00' },
          { from: '12:00', to: '13:00' },
        ],
      },
    };
    const ok = await call(key, 'PATCH', simpleUrl(ids.cafe), {
      data: data((d) => (d.out_of_hours.business_hours = lunch)),
    });
    expect(ok.statusCode).toBe(200);
    expect(SimpleCallFlow.parse(ok.json()).data.out_of_hours.business_hours).toEqual(lunch);
  });

  it('answers the defaults for a product that never saved one', async () => {
    const key = await tokenOf(demoLogins.trial);
    await t.db.delete(simpleCallFlows).where(eq(simpleCallFlows.productId, ids.trial));
    expect(await simple(key, ids.trial)).toEqual({
      enable: false,
      name: 'Simple call flow',
      version: 1,
      data: data(() => {}),
    });
    const saved = await call(key, 'PATCH', simpleUrl(ids.trial), { enable: true, version: 1 });
    expect(SimpleCallFlow.parse(saved.json())).toMatchObject({ enable: true, version: 2 });
  });
});
