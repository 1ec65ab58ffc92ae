import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';

import { endpoints, textMessages, type Endpoint, type EndpointName, type HttpMethod } from '@portal/contract';
import { FLOW_TOO_DEEP, FLOW_TOO_LARGE, MAX_FLOW_DEPTH, MAX_FLOW_NODES } from '@portal/editor-core';
import { sampleFlow } from '@portal/editor-core/testing';

import { encodeWav } from './audio/wav.ts';
import { demoLogins } from './db/demo-logins.ts';
import {
  callFlows,
  callRecordings,
  holidaySchedules,
  phonebooks,
  products,
  users,
  voipUsers,
} from './db/schema/index.ts';
import { issueToken } from './modules/identity/index.ts';
import { getCsrf, useTestApp, type Csrf } from './test/helper.ts';

// Nothing a client sends may produce a 500: every endpoint of the contract gets junk
// bodies, queries, path parameters and headers, signed in and not.

const t = useTestApp();

const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const json = (payload: string) => ({ contentType: 'application/json', payload });

/** A flow body whose tree nests `levels` steps deep, written out as text (JSON.stringify would recurse). */
const deepFlow = (levels: number, node = '{"id":"n","type":"play_audio","name":"","args":{},"children":[') =>
  `{"name":"Deep","enable":false,"data":${node.repeat(levels)}${']}'.repeat(levels)}}`;
/** Only the `children` of each step, no other field: the shape zod would walk first. */
const deepChildren = (levels: number) => deepFlow(levels, '{"children":[');
/** A flow of one step whose arg value nests `levels` arrays deep. */
const deepArg = (levels: number) =>
  `{"name":"Deep arg","enable":false,"data":{"id":"n1","type":"main_number","name":"","args":{"public_numbers":{"type":"phone_numbers","value":${'['.repeat(levels)}${']'.repeat(levels)}}},"children":[]}}`;
/** A flow of one step with `count` steps after it. */
const wideFlow = (count: number) =>
  `{"name":"Wide","enable":false,"data":{"id":"root","type":"main_number","name":"","args":{},"children":[${Array.from(
    { length: count },
    (_, i) => `{"id":"v${i}","type":"voicemail","name":"","args":{},"children":[]}`,
  ).join(',')}]}}`;

interface Body {
  contentType?: string;
  payload?: string | Buffer;
}

const bodies: Body[] = [
  {},
  json(''),
  json('{'),
  json('{"email": "a@b.co",}'),
  ...['null', 'true', '0', '-1e309', '"text"', '[]', '[{}]', '{}'].map(json),
  json('{"email": null, "password": null}'),
  json('{"email": 123, "password": {}}'),
  json('{"email": ["a@b.co"], "password": ["x"]}'),
  json('{"email": {"$ne": ""}, "password": {"$gt": ""}}'),
  json('{"__proto__": {"is_staff": true}}'),
  json('{"constructor": {"prototype": {"is_staff": true}}}'),
  json(deep(5000)),
  json(JSON.stringify({ email: `${'a'.repeat(300_000)}@example.com`, password: 'x' })),
  json(JSON.stringify({ email: 'a@b.co', password: 'p'.repeat(1_000_000) })),
  json('{"email": "\\u0000@example.com", "password": "\\ud800"}'),
  json('{"email": "lone@surrogate.example", "password": "\\ud800\\u0000"}'),
  json(JSON.stringify({ email: demoLogins.customer.email, password: 'wrong', ids: [1, 2, 3], extra: { x: 1 } })),
  json(JSON.stringify({ a: 'x'.repeat(1_100_000) })),
  { contentType: 'application/json; charset=utf-999', payload: '{}' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'email=a%40b.co&password=x' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n--x--' },
  { contentType: 'application/octet-stream', payload: randomBytes(2048) },
  // Call flows, simple call flow and add-on: wrong types, NUL characters, trees too deep or too large.
  json(
    '{"name": "\\u0000", "enable": false, "data": {"id": "n1", "type": "main_number", "name": "", "args": {}, "children": []}}',
  ),
  json('{"name": "x", "enable": "yes", "data": {"id": "n1", "type": "nonsense", "args": [], "children": {}}}'),
  json(JSON.stringify({ name: '\ud800 lone', enable: false, data: { ...sampleFlow().data, id: '\udfff' } })),
  json(JSON.stringify({ name: 'x', enable: false, data: { ...sampleFlow().data, args: { ['k\u0000']: 1 } } })),
  json(JSON.stringify({ version: 1e300, enable: true, data: { out_of_hours: null } })),
  json(
    JSON.stringify({
      enabled: 'true',
      version: -1,
      data: { welcome_greeting: { enabled: true, audio_file: 'x'.repeat(10_000) } },
    }),
  ),
  json(deepFlow(10_000)),
  json(deepChildren(10_000)),
  json(deepArg(10_000)),
  json(deepFlow(MAX_FLOW_DEPTH + 1)),
  json(wideFlow(MAX_FLOW_NODES + 1)),
];

/** Bodies sent with a GET, which Fastify does not read. */
const getBodies: Body[] = [{}, json('{}'), json(deep(5000)), { contentType: 'text/plain', payload: 'hello' }];

const queries = [
  '',
  '?page_size=abc',
  '?page_size=-1&page_size=2',
  '?a[b][c]=1',
  '?%zz=1',
  `?q=${'x'.repeat(10_000)}`,
  '?number=%00&number=1',
];
const paramValues = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '2147483648',
  '%00',
  '%2e%2e%2f',
  '%ED%A0%80',
  '%F0%9F%98%80',
  'x'.repeat(500),
];

function fillPath(path: string, value: string | Record<string, string>) {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) =>
    typeof value === 'string' ? value : (value[name] ?? 'missing'),
  );
}

let csrf: Csrf;
let customerId = 0;
const ids = { acme: 0, trial: 0 };

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  const [user] = await t.db.select().from(users).where(eq(users.email, demoLogins.customer.email));
  customerId = user!.id;
  const rows = await t.db.select().from(products).orderBy(products.id);
  ids.acme = rows[0]!.id;
  ids.trial = rows[3]!.id;
});

/**
 * Header sets: the first signed in, then junk ones that stop at authentication or the
 * CSRF check, and last a signed-in one with junk preconditions and ranges.
 */
function headerSets(endpoint: Endpoint, key: string): Record<string, string>[] {
  return [
    { authorization: `Token ${key}`, ...csrf.headers },
    {},
    {
      authorization: `Token ${'x'.repeat(5000)}`,
      cookie: `csrftoken=${'z'.repeat(5000)}`,
      'x-csrftoken': 'z'.repeat(5000),
    },
    { authorization: 'Basic dXNlcjpwYXNz', cookie: 'csrftoken=%%%; =; a', 'x-csrftoken': '' },
    ...(endpoint.auth ? [{ authorization: `token  ${key}  `, ...csrf.headers }] : []),
    {
      authorization: `Token ${key}`,
      ...csrf.headers,
      'if-match': 'W/"%%%", *, "", "99999999999999999999"',
      range: 'bytes=--1,999999999999999999999-',
    },
  ];
}

async function expectHandled(options: InjectOptions) {
  const response = await t.app.inject(options);
  const label = `${options.method} ${String(options.url).slice(0, 80)} ${String(options.payload ?? '').slice(0, 60)}`;
  expect(response.statusCode, label).toBeLessThan(500);
  // A file download (audio, the contacts' CSV template, a PDF) answers its bytes; everything else, errors included, answers JSON.
  const binary = /^(?:audio\/|text\/csv|application\/pdf)/.test(String(response.headers['content-type'] ?? ''));
  if (options.method !== 'HEAD' && response.statusCode !== 204 && !binary) {
    expect(response.headers['content-type'], label).toMatch(/^application\/json/);
    expect(() => JSON.parse(response.body), label).not.toThrow();
  }
  return response;
}

/** Paths with the customer's own product (and a real flow, a real audio file), another customer's, and ids no row can have. */
async function pathsOf(name: EndpointName, endpoint: Endpoint) {
  if (!endpoint.path.includes(':')) return { real: [endpoint.path], junk: [] };
  // Each endpoint gets a flow of its own to patch or delete.
  const [flow] = await t.db
    .insert(callFlows)
    .values({ productId: ids.acme, name: `Junk target ${name}`, enable: false, data: sampleFlow().data })
    .returning();
  const own = { id: String(ids.acme), flow: String(flow!.id), name: 'welcome_greeting.wav' };
  return {
    real: [fillPath(endpoint.path, own), fillPath(endpoint.path, { ...own, id: String(ids.trial) })],
    junk: paramValues.map((value) => fillPath(endpoint.path, value)),
  };
}

describe('junk requests', () => {
  for (const [name, endpoint] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
    it(`never make ${name} (${endpoint.method} ${endpoint.path}) answer 5xx`, async () => {
      const { real, junk } = await pathsOf(name, endpoint);
      // Fastify never reads the body of a GET, so a GET gets a few bodies only.
      const junkBodies = endpoint.method === 'GET' ? getBodies : bodies;
      // Each junk query with no body, and each junk body with no query.
      const cases = [
        ...queries.map((query) => ({ query, body: {} as Body })),
        ...junkBodies.map((body) => ({ query: '', body })),
      ];
      const [own, ...foreign] = real;
      // Path parameters that fail validation, or name another customer's product, fail whatever the body.
      const plan = [
        ...(own ? [{ path: own, cases }] : []),
        ...[...foreign, ...junk].map((path) => ({ path, cases: [cases[0]!, cases[1]!, cases[queries.length + 1]!] })),
      ];
      let key = await issueToken(t.db, customerId, t.clock.now());
      for (const { path, cases: pathCases } of plan) {
        for (const [index, { query, body }] of pathCases.entries()) {
          // A junk logout that succeeds must not starve the rest.
          if (name === 'logout') key = await issueToken(t.db, customerId, t.clock.now());
          const sets = headerSets(endpoint, key);
          // Junk headers stop before the body is read (the first cases show it); an empty object reaches the
          // handlers of PATCH endpoints with junk If-Match and Range. Every case is sent signed in.
          const used = index < 2 || body.payload === '{}' ? sets : [sets[0]!];
          for (const headers of used) {
            await expectHandled({
              method: endpoint.method,
              url: path + query,
              headers: body.contentType ? { ...headers, 'content-type': body.contentType } : headers,
              ...(body.payload !== undefined && { payload: body.payload }),
            });
          }
        }
      }
      // Methods the endpoint does not have.
      const others: HttpMethod[] = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).filter(
        (m) => m !== endpoint.method,
      );
      for (const method of others) {
        await expectHandled({ method, url: fillPath(endpoint.path, '1'), headers: csrf.headers, payload: '{}' });
      }
    });
  }
});

describe('deeply nested and oversized call flows', () => {
  it('answer 400 before validation walks them, on create and on patch', async () => {
    const [flow] = await t.db
      .insert(callFlows)
      .values({ productId: ids.acme, name: 'Deep target', enable: false, data: sampleFlow().data })
      .returning();
    const cases: Array<[string, unknown]> = [
      [deepFlow(10_000), { data: [FLOW_TOO_DEEP] }],
      [deepChildren(10_000), { data: [FLOW_TOO_DEEP] }],
      [deepFlow(MAX_FLOW_DEPTH + 1), { data: [FLOW_TOO_DEEP] }],
      [wideFlow(MAX_FLOW_NODES), { data: [FLOW_TOO_LARGE] }],
      [deepArg(10_000), { detail: 'The request body is nested too deeply.' }],
      [deep(10_000), { detail: 'The request body is nested too deeply.' }],
      [
        `{"name":"Deep","enable":false,"data":{"a":${deep(10_000)}}}`,
        { detail: 'The request body is nested too deeply.' },
      ],
    ];
    for (const url of [`/api/v2/voip/${ids.acme}/call-flows/`, `/api/v2/voip/${ids.acme}/call-flows/${flow!.id}/`]) {
      const method = url.endsWith('call-flows/') ? 'POST' : 'PATCH';
      for (const [payload, answer] of cases) {
        const key = await issueToken(t.db, customerId, t.clock.now());
        const response = await t.app.inject({
          method,
          url,
          headers: { authorization: `Token ${key}`, ...csrf.headers, 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, `${method} ${payload.slice(0, 50)}`).toBe(400);
        expect(response.json()).toEqual(answer);
      }
    }
    // The simple call flow's body is not a tree, but the same depth check guards it.
    const key = await issueToken(t.db, customerId, t.clock.now());
    const simple = await t.app.inject({
      method: 'PATCH',
      url: `/api/v3/voip/${ids.acme}/simple-call-flow/`,
      headers: { authorization: `Token ${key}`, ...csrf.headers, 'content-type': 'application/json' },
      payload: `{"data":${deep(10_000)}}`,
    });
    expect(simple.statusCode).toBe(400);
  });
});

/** A multipart body written by hand, so that it can be wrong in every way a client can make it wrong. */
function rawForm(parts: string[], { boundary = 'JunkBoundary', close = true } = {}): Body {
  const body = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + (close ? `--${boundary}--\r\n` : '');
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from(body, 'latin1') };
}
const field = (name: string, value: string, headers = '') =>
  `Content-Disposition: form-data; name="${name}"\r\n${headers}\r\n${value}`;
const filePart = (name: string, filename: string, bytes: string, type = 'audio/wav') =>
  `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${bytes}`;
const wav = encodeWav(new Int16Array(4000)).toString('latin1');
const data = JSON.stringify({ kind: 'greeting', sub_kind: 'upload', name: 'Junk' });

/** Forms with every file field name the uploads use, and fields a form should never have. */
const junkForms: Body[] = [
  rawForm([]),
  rawForm(['no headers at all']),
  rawForm([field('__proto__', '{"kind":"greeting"}'), filePart('__proto__', 'x.wav', wav)]),
  rawForm([field('constructor', 'x'), field('toString', 'x'), field('hasOwnProperty', 'x')]),
  ...['audio-file', 'file'].flatMap((name) => [
    rawForm([filePart(name, 'x.wav', wav)]),
    rawForm([filePart(name, 'x.wav', wav), field('audio-data', '['.repeat(8000) + ']'.repeat(8000))]),
    rawForm([
      filePart(name, 'x.wav', wav),
      field('audio-data', '{"__proto__": {"kind": "greeting"}, "constructor": 1}'),
    ]),
    rawForm([filePart(name, 'x.wav', wav), field('audio-data', '{nope', 'Content-Type: application/json\r\n')]),
    rawForm([filePart(name, 'x.wav', wav), field('audio-data', data, 'Content-Type: application/json\r\n')]),
    rawForm([
      filePart(name, 'x.wav', wav),
      field('audio-data', JSON.stringify({ kind: 'greeting', sub_kind: 'upload', name: 'a\u0000b', text: '\ud800' })),
    ]),
    rawForm([filePart(name, 'x.wav', wav), field('audio-data', `{"name":"${'n'.repeat(20_000)}"}`)]),
    rawForm([filePart(name, `${'../'.repeat(50)}\u0000evil\u202e.wav`, wav), field('audio-data', data)]),
    rawForm([filePart(name, 'x'.repeat(5000), wav), field('audio-data', data)]),
    rawForm([filePart(name, 'x.wav', wav), filePart(name, 'y.wav', wav), field('audio-data', data)]),
    rawForm([field('audio-data', data), filePart(name, 'x.wav', wav.slice(0, 100))], { close: false }),
    rawForm([filePart(name, 'x.wav', ''), field('audio-data', data)]),
    rawForm([filePart(name, 'x.wav', wav), field(name, 'text where the file goes'), field('audio-data', data)]),
    rawForm([
      `Content-Disposition: form-data; name="${name}"; filename="x.wav"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\n\r\n--inner--`,
    ]),
    rawForm([
      `Content-Disposition: form-data; name="${name}"; filename="x.wav"\r\nContent-Transfer-Encoding: base64\r\n\r\nUklGRg==`,
    ]),
    rawForm([filePart(name, 'x.wav', wav)], { boundary: 'b'.repeat(200) }),
  ]),
  rawForm(Array.from({ length: 200 }, (_, i) => field(`f${i}`, 'x'))),
  rawForm([`Content-Disposition: form-data; name="audio-data"\r\n${'X-Junk: 1\r\n'.repeat(500)}\r\n{}`]),
  rawForm([field('audio-data', data)], { boundary: '' }),
  { contentType: 'multipart/form-data; boundary=JunkBoundary', payload: Buffer.from('--Other\r\n\r\n--Other--\r\n') },
  { contentType: 'multipart/form-data; boundary="unterminated', payload: Buffer.from('x') },
  { contentType: 'multipart/form-data', payload: Buffer.from('--x--') },
  { contentType: 'multipart/form-data; boundary=JunkBoundary', payload: randomBytes(4096) },
];

// Each upload gets every junk form, with each query it may have: unreadable forms, prototype and
// overlong field names, files under the wrong field, JSON too deep or not JSON, NUL in names.
describe('junk uploads', () => {
  const uploads = (Object.entries(endpoints) as [EndpointName, Endpoint][]).filter(
    ([, endpoint]) => endpoint.multipart,
  );

  for (const [name, endpoint] of uploads) {
    it(`never make ${name} answer 5xx, whatever the form`, async () => {
      const key = await issueToken(t.db, customerId, t.clock.now());
      // Only the voicemail greeting has a query: upload, or reset (which reads no file).
      for (const query of name === 'postVoicemailGreeting' ? ['?audio_type=greeting', '?reset=true'] : ['']) {
        for (const form of junkForms) {
          await expectHandled({
            method: endpoint.method,
            url: fillPath(endpoint.path, String(ids.acme)) + query,
            headers: { authorization: `Token ${key}`, ...csrf.headers, 'content-type': form.contentType! },
            payload: form.payload!,
          });
        }
      }
    });
  }
});

// Ids no row can have, and text that is no id at all, in each path parameter in turn while the others name the
// customer's own rows: a well-formed id past the integer columns' range is a 404 like any missing row, the rest 4xx.
const outOfRangeIds = ['2147483648', '4294967296', '9223372036854775808', '99999999999999999999'];
const notIds = ['-1', '-2147483649', '1e3', '0x10', '1.0', 'abc'];
const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]!);

/** Whether the contract reads the path parameter as an id: it takes 1 and refuses abc. */
function isIdParam(endpoint: Endpoint, name: string): boolean {
  const sample = Object.fromEntries(paramNames(endpoint.path).map((param) => [param, '1']));
  const issuesAt = (params: Record<string, string>) =>
    (z.safeParse(endpoint.params!, params).error?.issues ?? []).filter((issue) => issue.path[0] === name);
  return issuesAt(sample).length === 0 && issuesAt({ ...sample, [name]: 'abc' }).length > 0;
}

/** Parameters that are not ids, spelled as the contract takes them. */
const placeholders: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000000',
  phonebook: '00000000-0000-4000-8000-000000000000',
  call: '00000000-0000-4000-8000-000000000000',
  provider: 'google',
  name: 'welcome_greeting.wav',
};

describe('ids no row can have, in every path parameter', () => {
  const own: Record<string, string> = {};
  let customerKey = '';

  beforeAll(async () => {
    customerKey = await issueToken(t.db, customerId, t.clock.now());
    const [customer] = await t.db.select().from(users).where(eq(users.id, customerId));
    const [seat] = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, ids.acme)).orderBy(voipUsers.id);
    const [flow] = await t.db
      .insert(callFlows)
      .values({ productId: ids.acme, name: 'Id target', enable: false, data: sampleFlow().data })
      .returning();
    const [holiday] = await t.db
      .insert(holidaySchedules)
      .values({ productId: ids.acme, name: 'Id target', startDate: '2030-01-01', endDate: '2030-01-02' })
      .returning();
    const [recording] = await t.db.select().from(callRecordings).where(eq(callRecordings.productId, ids.acme));
    const [phonebook] = await t.db.select().from(phonebooks).where(eq(phonebooks.productId, ids.acme));
    for (const name of ['id', 'product_id', 'productId']) own[name] = String(ids.acme);
    if (recording) Object.assign(own, { uuid: recording.uuid, calllog: String(recording.callLogId) });
    if (phonebook) own.phonebook = phonebook.uuid;
    Object.assign(own, {
      flow: String(flow!.id),
      number: '1',
      scheduleId: String(holiday!.id),
      userId: String(seat!.id),
      seatId: String(seat!.id),
      accountId: String(customer!.accountId),
    });
  });

  const withParams = (Object.entries(endpoints) as [EndpointName, Endpoint][]).filter(
    ([, endpoint]) => endpoint.params,
  );
  it('are walked through every route with a path parameter', () => {
    expect(withParams.length).toBeGreaterThan(100);
    expect(withParams.map(([name]) => name)).toEqual(
      expect.arrayContaining(['deleteHoliday', 'getCallFlowVersion', 'restoreCallFlowVersion']),
    );
  });

  for (const [name, endpoint] of withParams) {
    it(`answer 4xx from ${name} (${endpoint.method} ${endpoint.path}), 404 for an id past the column's range`, async () => {
      const others = Object.fromEntries(
        paramNames(endpoint.path).map((other) => [other, own[other] ?? placeholders[other] ?? '1']),
      );
      const send = (url: string) =>
        t.app.inject({
          method: endpoint.method,
          url,
          headers: { authorization: `Token ${customerKey}`, ...csrf.headers },
        });
      for (const param of paramNames(endpoint.path)) {
        const idParam = isIdParam(endpoint, param);
        // The largest id a row can have, which no row of the demo has: the answer for a missing row.
        const missing = idParam ? await send(fillPath(endpoint.path, { ...others, [param]: '2147483647' })) : null;
        for (const value of [...outOfRangeIds, ...notIds]) {
          const url = fillPath(endpoint.path, { ...others, [param]: value });
          const response = await send(url);
          const label = `${endpoint.method} ${url}`;
          expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, label).toBeLessThan(500);
          if (missing && outOfRangeIds.includes(value)) {
            expect(response.statusCode, label).toBe(404);
            if (missing.statusCode === 404) expect(response.json(), label).toEqual(missing.json());
          }
        }
      }
    });
  }
});

describe('ids no row can have, in bodies and queries', () => {
  it('answer 400 with the field named, never reaching the database', async () => {
    const key = await issueToken(t.db, customerId, t.clock.now());
    const [seat] = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, ids.acme));
    const phone = `/api/v1/voip/${ids.acme}`;
    for (const big of [2147483648, 4294967296, Number.MAX_SAFE_INTEGER, 0, -1]) {
      const cases: Array<[HttpMethod, string, Record<string, unknown> | undefined, string]> = [
        ['POST', `${phone}/numbers/reserve/`, { number_id: big }, 'number_id'],
        ['PUT', `${phone}/getting-started/users/`, { user_ids: [big] }, 'user_ids.0'],
        ['POST', `/api/v1/voip/users/${seat!.id}/tariff/add-ons/`, { product_id: big, addons: [] }, 'product_id'],
        ['POST', `/api/v3/voip/${ids.acme}/hardware/`, { model_id: big, mac_address: '00:11:22:33:44:55' }, 'model_id'],
        ['POST', '/api/v3/notifications/mark-as-read/', { ids: [big] }, 'ids.0'],
        ['GET', `/api/v3/voip/${ids.acme}/hardware/provisioning-string/?device_id=${big}`, undefined, 'device_id'],
        ['GET', `/api/v3/billing/next-invoice/?account_id=${big}`, undefined, 'account_id'],
      ];
      for (const [method, url, payload, field] of cases) {
        const response = await t.app.inject({
          method,
          url,
          headers: { authorization: `Token ${key}`, ...csrf.headers },
          ...(payload && { payload }),
        });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(Object.keys(response.json<Record<string, unknown>>()), url).toContain(field);
      }
    }
  });
});

describe('dates no data can hold', () => {
  const expect400 = async (url: string, key: string, fields: string[]) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Token ${key}` } });
    expect(response.statusCode, url).toBe(400);
    const body = response.json<Record<string, string[]>>();
    for (const field of fields) expect(body[field]?.[0], `${url} ${field}`).toMatch(/^Enter a /);
  };

  it('answer 400 with a message from the call recordings, the call activity and the four analytics', async () => {
    const key = await issueToken(t.db, customerId, t.clock.now());
    const phone = (path: string) => `/api/${path.replace(':id', String(ids.acme))}`;
    const ranges: Array<[string, string, string]> = [
      ['9999-12-30', '9999-12-31', 'start'],
      ['2026-01-01', '9999-12-31', 'end'],
      ['0000-01-01', '2026-01-01', 'start'],
      ['2027-02-30', '2027-03-01', 'start'],
      ['2027-02-01', '2027-02-30', 'end'],
    ];
    for (const [start, end, wrong] of ranges) {
      await expect400(
        phone(`v1/voip/:id/calls/call_recordings/?range=custom&start_date=${start}&end_date=${end}`),
        key,
        [`${wrong}_date`],
      );
      for (const path of [
        'v1/voip/:id/calls/activity/',
        'v3/voip/:id/analytics/summary/',
        'v3/voip/:id/analytics/time-of-day/',
        'v3/voip/:id/analytics/number-of-calls/',
        'v3/voip/:id/analytics/density/',
      ]) {
        await expect400(phone(`${path}?range=custom&range_start=${start}&range_end=${end}`), key, [`range_${wrong}`]);
      }
    }
  });

  it('answer 400 with a message from the staff audit log, a day no calendar has included', async () => {
    const [staff] = await t.db.select().from(users).where(eq(users.email, demoLogins.staff.email));
    const key = await issueToken(t.db, staff!.id, t.clock.now());
    for (const query of [
      'from=0000-01-01',
      'to=0000-01-01',
      'to=9999-12-31',
      'from=9999-12-31',
      'from=2027-02-30',
      'to=2027-02-30',
    ]) {
      await expect400(`/api/v3/staff/audit-log/?${query}`, key, [query.split('=')[0]!]);
    }
  });
});

describe('paging written other than in digits', () => {
  const paged = (Object.entries(endpoints) as [EndpointName, Endpoint][]).filter(
    ([, endpoint]) =>
      endpoint.method === 'GET' &&
      endpoint.query &&
      'page_size' in
        ((z.toJSONSchema(endpoint.query, { io: 'input', unrepresentable: 'any' }) as { properties?: object })
          .properties ?? {}),
  );

  it('is refused by every paged list, never read as the number it might spell', async () => {
    expect(paged.length).toBeGreaterThanOrEqual(8);
    const [staff] = await t.db.select().from(users).where(eq(users.email, demoLogins.staff.email));
    const keys = {
      customer: await issueToken(t.db, customerId, t.clock.now()),
      staff: await issueToken(t.db, staff!.id, t.clock.now()),
    };
    const own = { id: String(ids.acme), flow: '', product_id: String(ids.acme) };
    const [flow] = await t.db.select().from(callFlows).where(eq(callFlows.productId, ids.acme));
    own.flow = String(flow!.id);
    const [customer] = await t.db.select().from(users).where(eq(users.id, customerId));
    for (const [name, endpoint] of paged) {
      const path = fillPath(endpoint.path, {
        ...own,
        id: name.startsWith('getBilling') ? String(customer!.accountId) : own.id,
      });
      const get = async (query: string) => {
        const asCustomer = await t.app.inject({
          method: 'GET',
          url: path + query,
          headers: { authorization: `Token ${keys.customer}` },
        });
        return asCustomer.statusCode === 403
          ? t.app.inject({ method: 'GET', url: path + query, headers: { authorization: `Token ${keys.staff}` } })
          : asCustomer;
      };
      expect((await get('?page=1')).statusCode, `${name} ?page=1`).toBe(200);
      for (const query of [
        '?page=1e3',
        '?page=1e0',
        '?page=0x10',
        '?page=+2',
        '?page=2.0',
        '?page=%202',
        '?page_size=1e1',
        '?page_size=0x2',
        '?page=100001',
      ]) {
        const response = await get(query);
        expect(response.statusCode, `${name} ${path}${query}`).toBe(400);
        expect(Object.keys(response.json<Record<string, unknown>>()), `${name} ${query}`).toEqual([
          query.includes('page_size') ? 'page_size' : 'page',
        ]);
      }
    }
  });
});

describe('names with hidden characters', () => {
  it('are refused wherever a name is stored, billing names included, as audio names are', async () => {
    const key = await issueToken(t.db, customerId, t.clock.now());
    const headers = { authorization: `Token ${key}`, ...csrf.headers };
    const [customer] = await t.db.select().from(users).where(eq(users.id, customerId));
    const [seat] = await t.db.select().from(voipUsers).where(eq(voipUsers.productId, ids.acme));
    const billing = `/api/v3/billing/accounts/${customer!.accountId}/`;
    const account = (await t.app.inject({ method: 'GET', url: billing, headers })).json<
      Record<string, unknown> & { authorised_contact: Record<string, string> }
    >();
    const update = {
      business_name: account.business_name,
      first_name: account.first_name,
      last_name: account.last_name,
      phone_number: '',
      mobile_number: '',
      email_address: account.email_address,
      address_line_one: account.address_line_one,
      address_line_two: '',
      address_city: account.address_city,
      address_county: '',
      address_post_code: account.address_post_code,
      authorised_contact: {
        full_name: account.authorised_contact.full_name,
        email_address: account.authorised_contact.email_address,
        phone_number: '',
        mobile_number: '',
      },
    };
    expect((await t.app.inject({ method: 'PATCH', url: billing, headers, payload: update })).statusCode).toBe(200);
    for (const hidden of ['\u202E', '\u2066', '\u0007', '\n', '\u0085']) {
      const name = `Acme${hidden}gnp.exe`;
      const cases: Array<[HttpMethod, string, Record<string, unknown>, string]> = [
        ['PATCH', billing, { ...update, business_name: name }, 'business_name'],
        ['PATCH', billing, { ...update, first_name: name }, 'first_name'],
        [
          'PATCH',
          billing,
          { ...update, authorised_contact: { ...update.authorised_contact, full_name: name } },
          'authorised_contact.full_name',
        ],
        ['PATCH', '/api/v3/me/', { first_name: name }, 'first_name'],
        [
          'POST',
          `/api/v1/voip/${ids.acme}/holiday-schedule/`,
          { start_date: '2031-01-01', end_date: '2031-01-01', name },
          'name',
        ],
        ['POST', `/api/v2/voip/${ids.acme}/call-flows/`, { name, enable: false, data: sampleFlow().data }, 'name'],
        ['PATCH', `/api/v1/voip/${ids.acme}/users/${seat!.id}/`, { last_name: name }, 'last_name'],
        [
          'POST',
          `/api/v1/products/${ids.acme}/users/`,
          { first_name: name, last_name: 'Smith', email: 'hidden@example.com' },
          'first_name',
        ],
      ];
      for (const [method, url, payload, field] of cases) {
        const response = await t.app.inject({ method, url, headers, payload });
        const label = `${method} ${url} ${field} ${JSON.stringify(hidden)}`;
        expect(response.statusCode, label).toBe(400);
        expect(response.json<Record<string, string[]>>()[field], label).toContain(textMessages.hiddenCharacters);
      }
      const contact = await t.app.inject({
        method: 'POST',
        url: `/api/v1/voip/${ids.acme}/import-contacts/`,
        headers,
        payload: { contacts: [{ firstname: name, number: '01632 960001' }] },
      });
      expect(JSON.stringify(contact.json()), `contact ${JSON.stringify(hidden)}`).toContain(
        textMessages.hiddenCharacters,
      );
    }
  });
});

// Every date the contract reads (a query's or a body's field of format date) in turn: before what the data can
// hold, after it, and a day no calendar has; alone and as every date of the request at once. Signed in as a
// customer and as staff (the audit log is staff's).
const badDates = ['0000-01-01', '9999-12-31', '2027-02-30'];
const goodDate = '2026-01-05';

/** The top-level fields of a schema that the contract reads as dates (JSON Schema format date). */
function dateFields(schema: Endpoint['query']): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { format?: string; anyOf?: Array<{ format?: string }> }>;
  };
  return Object.entries(json.properties ?? {})
    .filter(([, property]) => property.format === 'date' || property.anyOf?.some((option) => option.format === 'date'))
    .map(([field]) => field);
}

/** Fields of format date below the top level of a schema, which the walk below would not reach, by path. */
function nestedDateFields(schema: Endpoint['query']): string[] {
  if (!schema) return [];
  const found: string[] = [];
  const visit = (node: unknown, path: string, depth: number) => {
    if (!node || typeof node !== 'object') return;
    const { format, properties, items, anyOf } = node as {
      format?: string;
      properties?: Record<string, unknown>;
      items?: unknown;
      anyOf?: unknown[];
    };
    if (format === 'date' && depth > 1) found.push(path);
    for (const [key, child] of Object.entries(properties ?? {})) visit(child, `${path}.${key}`, depth + 1);
    if (items) visit(items, `${path}[]`, depth + 1);
    for (const option of anyOf ?? []) visit(option, path, depth);
  };
  visit(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), '', 0);
  return found;
}

describe('dates no data can hold, in every date parameter', () => {
  const withDates = (Object.entries(endpoints) as [EndpointName, Endpoint][])
    .map(([name, endpoint]) => ({
      name,
      endpoint,
      query: dateFields(endpoint.query),
      body: endpoint.multipart ? [] : dateFields(endpoint.body),
    }))
    .filter(({ query, body }) => query.length + body.length > 0);

  it('are found in the contract', () => {
    const found = withDates.flatMap(({ name, query, body }) => [
      ...query.map((field) => `${name}?${field}`),
      ...body.map((field) => `${name}.${field}`),
    ]);
    expect(found).toEqual(
      expect.arrayContaining([
        'listCallRecordings?start_date',
        'listCallRecordings?end_date',
        'getCallActivity?range_start',
        'getCallActivity?range_end',
        'getCallSummary?range_start',
        'getCallTimeOfDay?range_end',
        'getNumberOfCalls?range_start',
        'getCallDensity?range_end',
        'staffAuditLog?from',
        'staffAuditLog?to',
        'addHoliday.start_date',
        'patchHoliday.end_date',
        'transferNumbers.transfer_date',
      ]),
    );
    // Every date is a top-level field of a query or a body: a nested one would need the walk below to reach it.
    const nested = (Object.entries(endpoints) as [EndpointName, Endpoint][]).flatMap(([name, endpoint]) =>
      [...nestedDateFields(endpoint.query), ...(endpoint.multipart ? [] : nestedDateFields(endpoint.body))].map(
        (path) => `${name}${path}`,
      ),
    );
    expect(nested).toEqual([]);
  });

  for (const { name, endpoint, query, body } of withDates) {
    it(`answer 4xx from ${name} (${endpoint.method} ${endpoint.path})`, async () => {
      const staffRow = (await t.db.select().from(users).where(eq(users.email, demoLogins.staff.email)))[0]!;
      const keys = [
        await issueToken(t.db, customerId, t.clock.now()),
        await issueToken(t.db, staffRow.id, t.clock.now()),
      ];
      const [holiday] = await t.db
        .select()
        .from(holidaySchedules)
        .where(and(eq(holidaySchedules.productId, ids.acme)));
      const url = fillPath(endpoint.path, {
        id: String(ids.acme),
        product_id: String(ids.acme),
        scheduleId: String(holiday?.id ?? 1),
      });
      const fields = [...query, ...body];
      for (const bad of badDates) {
        // One field bad and the others good, then every one bad.
        for (const wrong of [...fields.map((field) => [field]), fields]) {
          const dates = Object.fromEntries(fields.map((field) => [field, wrong.includes(field) ? bad : goodDate]));
          const search = new URLSearchParams({
            range: 'custom',
            ...Object.fromEntries(query.map((field) => [field, dates[field]!])),
          });
          for (const key of keys) {
            const response = await t.app.inject({
              method: endpoint.method,
              url: `${url}?${search.toString()}`,
              headers: { authorization: `Token ${key}`, ...csrf.headers },
              ...(body.length > 0 && { payload: Object.fromEntries(body.map((field) => [field, dates[field]!])) }),
            });
            const label = `${endpoint.method} ${url}?${search.toString()} ${wrong.join(',')}=${bad}`;
            expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
            expect(response.statusCode, label).toBeLessThan(500);
          }
        }
      }
    });
  }
});
