import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  callFlowMessages,
  CallFlowVersionDocument,
  CallFlowVersionsPage,
  errorMessages,
  StoredCallFlow,
} from '@portal/contract';
import { setArgs, type CallFlow } from '@portal/editor-core';
import { apply, sampleFlow } from '@portal/editor-core/testing';

import { demoLogins, type DemoLogin } from '../../db/demo-logins.ts';
import { callFlowDocuments } from '../../db/schema/index.ts';
import { getCsrf, seededProductIds, tokenOf as tokenFor, useTestApp, type Csrf } from '../../test/helper.ts';

const t = useTestApp();

let csrf: Csrf;
const ids = { acme: 0, acmeBroadband: 0, trial: 0, cafe: 0 };
const tokenOf = (login: DemoLogin, actingAs?: DemoLogin) => tokenFor(t, login, actingAs);

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  Object.assign(ids, await seededProductIds(t.db));
});

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
const versionsUrl = (product: number, flow: string | number) => `${flowUrl(product, flow)}versions/`;
const versionUrl = (product: number, flow: string | number, number: number | string) =>
  `${versionsUrl(product, flow)}${number}/`;
const restoreUrl = (product: number, flow: string | number, number: number) =>
  `${versionUrl(product, flow, number)}restore/`;

/** sampleFlow with the in-hours transfer ringing `members`. */
const ringing = (members: string[]): CallFlow['data'] =>
  apply(sampleFlow(), setArgs('n5', { target: members }))!.flow.data;

async function createFlow(key: string, name: string, product: number, note?: string) {
  const response = await call(key, 'POST', flowsUrl(product), {
    name,
    enable: false,
    data: sampleFlow().data,
    ...(note && { note }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return StoredCallFlow.parse(response.json());
}

async function patch(key: string, product: number, flow: StoredCallFlow, body: Record<string, unknown>) {
  const response = await call(key, 'PATCH', flowUrl(product, flow.id), { version: flow.version, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return StoredCallFlow.parse(response.json());
}

async function versions(key: string, product: number, flow: string, query = '') {
  const response = await call(key, 'GET', `${versionsUrl(product, flow)}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return CallFlowVersionsPage.parse(response.json());
}

async function documentsOf(flow: string) {
  return (
    await t.db
      .select()
      .from(callFlowDocuments)
      .where(eq(callFlowDocuments.flowId, Number(flow)))
  ).length;
}

describe('call-flow versions', () => {
  it('keeps a version of every save with who, when and the note, newest first, and none for an identical save', async () => {
    const key = await tokenOf(demoLogins.buyNow);
    let flow = await createFlow(key, 'Versioned', ids.cafe, 'First draft');
    flow = await patch(key, ids.cafe, flow, { data: ringing(['200', '201']), note: 'Both ring' });
    flow = await patch(key, ids.cafe, flow, { data: ringing(['200', '201']) });
    flow = await patch(key, ids.cafe, flow, { name: 'Versioned flow' });

    const page = await versions(key, ids.cafe, flow.id);
    expect(page).toMatchObject({ count: 3, page: 1, page_size: 50 });
    const owner = demoLogins.buyNow.name;
    expect(page.results.map((v) => [v.number, v.name, v.note, v.saved_by, v.by_staff, v.restored_from])).toEqual([
      [3, 'Versioned flow', null, owner, false, null],
      [2, 'Versioned', 'Both ring', owner, false, null],
      [1, 'Versioned', 'First draft', owner, false, null],
    ]);
    // Versions 2 and 3 share one tree: it is stored once.
    expect(await documentsOf(flow.id)).toBe(2);

    const second = await call(key, 'GET', versionUrl(ids.cafe, flow.id, 2));
    expect(second.statusCode).toBe(200);
    expect(CallFlowVersionDocument.parse(second.json()).data).toEqual(ringing(['200', '201']));
    const first = CallFlowVersionDocument.parse((await call(key, 'GET', versionUrl(ids.cafe, flow.id, 1))).json());
    expect(first.data).toEqual(sampleFlow().data);
  });

  it('restores a version as a new one, reusing its stored tree, with the same optimistic concurrency as a patch', async () => {
    const key = await tokenOf(demoLogins.buyNow);
    let flow = await createFlow(key, 'Restorable', ids.cafe);
    flow = await patch(key, ids.cafe, flow, { data: ringing(['201']) });

    const stale = await call(key, 'POST', restoreUrl(ids.cafe, flow.id, 1), { version: flow.version - 1 });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ detail: callFlowMessages.changedElsewhere });
    const staleHeader = await call(key, 'POST', restoreUrl(ids.cafe, flow.id, 1), {}, { 'if-match': '"1"' });
    expect(staleHeader.statusCode).toBe(412);

    const restored = await call(key, 'POST', restoreUrl(ids.cafe, flow.id, 1), {
      version: flow.version,
      note: 'Back to one',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const stored = StoredCallFlow.parse(restored.json());
    expect(stored).toMatchObject({ version: flow.version + 1, name: 'Restorable' });
    expect(stored.data).toEqual(sampleFlow().data);
    expect(restored.headers.etag).toBe(`"${stored.version}"`);

    const page = await versions(key, ids.cafe, flow.id);
    expect(page.results.map((v) => [v.number, v.restored_from, v.note])).toEqual([
      [3, 1, 'Back to one'],
      [2, null, null],
      [1, null, null],
    ]);
    expect(await documentsOf(flow.id)).toBe(2);
    // Restoring the version that is current still records the restore: nothing is ever overwritten.
    const again = await call(key, 'POST', restoreUrl(ids.cafe, flow.id, 3), {});
    expect(again.statusCode).toBe(200);
    expect((await versions(key, ids.cafe, flow.id)).count).toBe(4);

    expect((await call(key, 'POST', restoreUrl(ids.cafe, flow.id, 99), {})).statusCode).toBe(404);
  });

  it('refuses to restore an unfinished tree onto the active flow, with the spec message', async () => {
    const key = await tokenOf(demoLogins.buyNow);
    const created = await call(key, 'POST', flowsUrl(ids.cafe), {
      name: 'Unfinished first',
      enable: false,
      data: { ...sampleFlow().data, children: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    let flow = StoredCallFlow.parse(created.json());
    flow = await patch(key, ids.cafe, flow, { data: sampleFlow().data, enable: true });
    const refused = await call(key, 'POST', restoreUrl(ids.cafe, flow.id, 1), { version: flow.version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: callFlowMessages.invalidActiveFlow });
    expect((await versions(key, ids.cafe, flow.id)).count).toBe(2);
    await patch(key, ids.cafe, flow, { enable: false });
  });

  it('marks versions saved by staff viewing the customer', async () => {
    const acting = await tokenOf(demoLogins.buyNow, demoLogins.staff);
    const flow = await createFlow(acting, 'Staff made', ids.cafe);
    const [version] = (await versions(acting, ids.cafe, flow.id)).results;
    expect(version).toMatchObject({ number: 1, by_staff: true });
  });

  it('starts the versions of a flow saved before they were kept with its state then', async () => {
    const key = await tokenOf(demoLogins.customer);
    const flows = (await call(key, 'GET', flowsUrl(ids.acme))).json() as {
      results: Array<{ id: string; name: string }>;
    };
    const seeded = flows.results.find((f) => f.name === 'Out of hours to mobile')!;
    expect((await versions(key, ids.acme, seeded.id)).count).toBe(0);
    const before = StoredCallFlow.parse((await call(key, 'GET', flowUrl(ids.acme, seeded.id))).json());
    await patch(key, ids.acme, before, { name: 'Out of hours to mobile 2' });
    const page = await versions(key, ids.acme, seeded.id);
    expect(page.results.map((v) => [v.number, v.name, v.saved_by])).toEqual([
      [2, 'Out of hours to mobile 2', 'Alex Morgan'],
      [1, 'Out of hours to mobile', null],
    ]);
    expect(
      CallFlowVersionDocument.parse((await call(key, 'GET', versionUrl(ids.acme, seeded.id, 1))).json()).data,
    ).toEqual(before.data);
  });

  it('pages the list and refuses a bad page, page size or version number with 400', async () => {
    const key = await tokenOf(demoLogins.buyNow);
    let flow = await createFlow(key, 'Paged', ids.cafe);
    for (const members of [['201'], ['200'], ['201']])
      flow = await patch(key, ids.cafe, flow, { data: ringing(members) });
    const second = await versions(key, ids.cafe, flow.id, '?page=2&page_size=3');
    expect(second).toMatchObject({ count: 4, page: 2, page_size: 3 });
    expect(second.results.map((v) => v.number)).toEqual([1]);
    for (const query of ['?page=0', '?page=x', '?page_size=51', '?page_size=-1']) {
      const response = await call(key, 'GET', `${versionsUrl(ids.cafe, flow.id)}${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    for (const number of ['0', 'abc', '1.5'])
      expect((await call(key, 'GET', versionUrl(ids.cafe, flow.id, number))).statusCode).toBe(400);
    const note = await call(key, 'PATCH', flowUrl(ids.cafe, flow.id), { name: 'Paged again', note: 'x'.repeat(201) });
    expect(note.statusCode).toBe(400);
  });

  it("answers 404 for another customer's flow and versions", async () => {
    const owner = await tokenOf(demoLogins.buyNow);
    const flow = await createFlow(owner, 'Private', ids.cafe);
    const other = await tokenOf(demoLogins.trial);
    for (const [method, url] of [
      ['GET', versionsUrl(ids.cafe, flow.id)],
      ['GET', versionUrl(ids.cafe, flow.id, 1)],
      ['POST', restoreUrl(ids.cafe, flow.id, 1)],
      ['GET', versionsUrl(ids.trial, flow.id)],
      ['POST', restoreUrl(ids.trial, flow.id, 1)],
    ] as const) {
      const response = await call(other, method, url, method === 'POST' ? {} : undefined);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: errorMessages.notFound });
    }
  });
});
