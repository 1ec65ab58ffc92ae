import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  CALL_RUNTIME_SECRET_HEADER,
  CallSummary,
  ClaimedTestCall,
  StoredCallFlow,
  TEST_CALL_TOKEN_TTL_MS,
  TestCallGrant,
  TestCallHistory,
  testCallMessages,
  TestCallState,
} from '@portal/contract';
import { sampleFlow } from '@portal/editor-core/testing';

import { wavHeader } from '../../audio/wav.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { OutboxList } from '../../sandbox/outbox/routes.ts';
import { getCsrf, seededProductIds, tokenOf, useTestApp, type Csrf } from '../../test/helper.ts';

const SECRET = 'test-secret-of-the-call-runtime';
const t = useTestApp({ callRuntime: { sipHost: '127.0.0.1:5080', secret: SECRET } });
let csrf: Csrf;
const ids = { acme: 0, cafe: 0 };

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  Object.assign(ids, await seededProductIds(t.db));
});

async function call(key: string, method: InjectOptions['method'], url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Token ${key}`, ...(method === 'GET' ? {} : csrf.headers) },
    ...(body !== undefined && { payload: body as InjectOptions['payload'] }),
  });
}

const internal = (method: InjectOptions['method'], url: string, body?: unknown, secret = SECRET) =>
  t.app.inject({
    method,
    url,
    remoteAddress: '127.0.0.1',
    headers: { [CALL_RUNTIME_SECRET_HEADER]: secret },
    ...(body !== undefined && { payload: body as InjectOptions['payload'] }),
  });

async function ownFlow(key: string): Promise<StoredCallFlow> {
  const response = await call(key, 'POST', `/api/v2/voip/${ids.acme}/call-flows/`, {
    name: `Test call ${Math.random().toString(36).slice(2, 8)}`,
    enable: false,
    data: sampleFlow().data,
  });
  expect(response.statusCode, response.body).toBe(201);
  return StoredCallFlow.parse(response.json());
}

const startUrl = (product: number, flow: string) => `/api/v1/voip/${product}/call-flows/${flow}/test-call/`;

describe('test calls', () => {
  it('grants a single-use SIP address for the saved flow, owner only, with CSRF', async () => {
    const key = await tokenOf(t, demoLogins.customer);
    const flow = await ownFlow(key);
    const response = await call(key, 'POST', startUrl(ids.acme, flow.id), {});
    expect(response.statusCode, response.body).toBe(201);
    const grant = TestCallGrant.parse(response.json());
    expect(grant.sip_uri).toBe(`sip:flow-${grant.token}@127.0.0.1:5080`);
    expect(grant.flow_version).toBe(flow.version);
    expect(new Date(grant.expires_at).getTime() - t.clock.now().getTime()).toBe(TEST_CALL_TOKEN_TTL_MS);

    const cafe = await tokenOf(t, demoLogins.buyNow);
    expect((await call(cafe, 'POST', startUrl(ids.acme, flow.id), {})).statusCode).toBe(404);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: startUrl(ids.acme, flow.id),
      headers: { authorization: `Token ${key}` },
      payload: {},
    });
    expect(noCsrf.statusCode).toBe(403);
    const badInstant = await call(key, 'POST', startUrl(ids.acme, flow.id), { at: 'tomorrow' });
    expect(badInstant.statusCode).toBe(400);
    expect(badInstant.body).toContain(testCallMessages.badInstant);
  });

  it('lets the runtime claim a token once, with the instant, the holiday and the names', async () => {
    const key = await tokenOf(t, demoLogins.customer);
    const flow = await ownFlow(key);
    const at = '2025-07-07T09:00:00.000Z';
    const grant = TestCallGrant.parse(
      (await call(key, 'POST', startUrl(ids.acme, flow.id), { at, holiday: true })).json(),
    );

    expect((await internal('POST', '/internal/call-runtime/claim/', { token: grant.token }, 'wrong')).statusCode).toBe(
      403,
    );
    const claimed = await internal('POST', '/internal/call-runtime/claim/', { token: grant.token });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const body = ClaimedTestCall.parse(claimed.json());
    expect(body).toMatchObject({ id: grant.id, product_id: String(ids.acme), at });
    expect(body.flow.data).toEqual(flow.data);
    expect(body.holidays).toContainEqual({ start_date: '2025-07-07', end_date: '2025-07-07' });
    expect(Object.keys(body.names).length).toBeGreaterThan(0);
    // Single use.
    expect((await internal('POST', '/internal/call-runtime/claim/', { token: grant.token })).statusCode).toBe(404);
  });

  it('shows a test call as it happens to its owner only: the nodes reached so far, no outcome yet', async () => {
    const key = await tokenOf(t, demoLogins.customer);
    const flow = await ownFlow(key);
    const grant = TestCallGrant.parse((await call(key, 'POST', startUrl(ids.acme, flow.id), {})).json());
    const url = `${startUrl(ids.acme, flow.id)}${grant.id}/`;
    expect(TestCallState.parse((await call(key, 'GET', url)).json())).toMatchObject({
      answered: false,
      ended: false,
      path: [],
      outcome: null,
      voicemail: false,
    });
    await internal('POST', '/internal/call-runtime/claim/', { token: grant.token });
    await internal('POST', `/internal/call-runtime/calls/${grant.id}/moments/`, { kind: 'node', nodeId: 'n1' });
    await internal('POST', `/internal/call-runtime/calls/${grant.id}/moments/`, {
      kind: 'event',
      event: { kind: 'arrive', nodeId: 'n1', numbers: [] },
    });
    await internal('POST', `/internal/call-runtime/calls/${grant.id}/moments/`, { kind: 'node', nodeId: 'n2' });
    const live = TestCallState.parse((await call(key, 'GET', url)).json());
    expect(live).toMatchObject({ answered: true, ended: false, path: ['n1', 'n2'] });
    expect(live.moments).toHaveLength(3);
    expect((await call(key, 'GET', `${url}voicemail/`)).statusCode).toBe(404);
    const other = await tokenOf(t, demoLogins.buyNow);
    expect((await call(other, 'GET', url)).statusCode).toBe(404);
    expect((await call(key, 'GET', `${startUrl(ids.acme, flow.id)}not-a-call/`)).statusCode).toBeLessThan(500);
  });

  it('answers 503 when the portal runs no call runtime', async () => {
    const key = await tokenOf(t, demoLogins.customer);
    const flow = await ownFlow(key);
    t.app.testCallSipHost = null;
    try {
      const response = await call(key, 'POST', startUrl(ids.acme, flow.id), {});
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain(testCallMessages.runtimeOff);
    } finally {
      t.app.testCallSipHost = '127.0.0.1:5080';
    }
  });

  it('refuses an expired token, and reports from anyone but the runtime', async () => {
    const key = await tokenOf(t, demoLogins.customer);
    const flow = await ownFlow(key);
    const grant = TestCallGrant.parse((await call(key, 'POST', startUrl(ids.acme, flow.id), {})).json());
    t.clock.advance(TEST_CALL_TOKEN_TTL_MS + 1000);
    expect((await internal('POST', '/internal/call-runtime/claim/', { token: grant.token })).statusCode).toBe(404);
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/internal/call-runtime/claim/',
      remoteAddress: '10.1.2.3',
      headers: { [CALL_RUNTIME_SECRET_HEADER]: SECRET },
      payload: { token: grant.token },
    });
    expect(stranger.statusCode).toBe(403);
  });

  it('keeps the moments and the end of a call, and the voicemail left', async () => {
    const key = await tokenOf(t, demoLogins.customer);
    const flow = await ownFlow(key);
    const grant = TestCallGrant.parse((await call(key, 'POST', startUrl(ids.acme, flow.id), {})).json());
    expect((await internal('POST', '/internal/call-runtime/claim/', { token: grant.token })).statusCode).toBe(200);
    expect(
      (await internal('POST', `/internal/call-runtime/calls/${grant.id}/moments/`, { kind: 'node', nodeId: 'n1' }))
        .statusCode,
    ).toBe(204);
    expect(
      (await internal('POST', `/internal/call-runtime/calls/${grant.id}/moments/`, { kind: 'bogus' })).statusCode,
    ).toBe(400);
    expect((await internal('GET', `/internal/call-runtime/calls/${grant.id}/audio/nosuch.wav/`)).statusCode).toBe(404);
    const wav = Buffer.alloc(44 + 320).toString('base64');
    const finished = await internal('POST', `/internal/call-runtime/calls/${grant.id}/finish/`, {
      path: ['n1', 'n2', 'n4', 'n6'],
      outcome: { kind: 'voicemail', nodeId: 'n6', extension: '300' },
      reason: 'flow_ended',
      duration_ms: 4200,
      voicemail_wav: wav,
    });
    expect(finished.statusCode, finished.body).toBe(204);
    expect(await t.audio.get(`${ids.acme}/test-call-${grant.id}.wav`)).toEqual(Buffer.from(wav, 'base64'));
    const state = await call(key, 'GET', `${startUrl(ids.acme, flow.id)}${grant.id}/`);
    expect(state.statusCode, state.body).toBe(200);
    expect(TestCallState.parse(state.json())).toMatchObject({
      answered: true,
      ended: true,
      path: ['n1', 'n2', 'n4', 'n6'],
      outcome: { kind: 'voicemail' },
      end_reason: 'flow_ended',
      duration_ms: 4200,
      voicemail: true,
    });
    const message = await call(key, 'GET', `${startUrl(ids.acme, flow.id)}${grant.id}/voicemail/`);
    expect(message.statusCode).toBe(200);
    expect(message.rawPayload).toEqual(Buffer.from(wav, 'base64'));
    // Ended: no second end.
    expect(
      (
        await internal('POST', `/internal/call-runtime/calls/${grant.id}/finish/`, {
          path: [],
          outcome: null,
          reason: 'flow_ended',
          duration_ms: 0,
          voicemail_wav: null,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("passes the browser's offer to the runtime with the secret, its token checked, and maps the runtime's refusals", async () => {
    const seen: Array<{ url: string; secret: unknown; body: string }> = [];
    let status = 200;
    const runtime = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ url: request.url ?? '', secret: request.headers[CALL_RUNTIME_SECRET_HEADER], body });
        response.writeHead(request.url?.includes('hang-up') ? 204 : status, { 'content-type': 'application/json' });
        response.end(
          request.url?.includes('hang-up')
            ? undefined
            : JSON.stringify(status === 200 ? { sdp: 'v=0 answer' } : { detail: 'refused' }),
        );
      });
    });
    await new Promise<void>((resolve) => runtime.listen(0, '127.0.0.1', resolve));
    const before = t.app.testCallRuntime;
    t.app.testCallRuntime = { secret: SECRET, webUrl: `http://127.0.0.1:${(runtime.address() as AddressInfo).port}` };
    try {
      const key = await tokenOf(t, demoLogins.customer);
      const flow = await ownFlow(key);
      const grant = TestCallGrant.parse((await call(key, 'POST', startUrl(ids.acme, flow.id), {})).json());
      const url = `${startUrl(ids.acme, flow.id)}${grant.id}/`;

      // A token of another call is refused before the runtime hears of it.
      expect((await call(key, 'POST', `${url}webrtc/`, { token: 'not-the-token', sdp: 'v=0 offer' })).statusCode).toBe(
        404,
      );
      expect((await call(key, 'POST', `${url}webrtc/`, { token: grant.token, sdp: '' })).statusCode).toBe(400);
      expect(seen).toHaveLength(0);
      const other = await tokenOf(t, demoLogins.buyNow);
      expect((await call(other, 'POST', `${url}webrtc/`, { token: grant.token, sdp: 'v=0 offer' })).statusCode).toBe(
        404,
      );

      const answered = await call(key, 'POST', `${url}webrtc/`, { token: grant.token, sdp: 'v=0 offer' });
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json()).toEqual({ sdp: 'v=0 answer' });
      expect(seen[0]).toEqual({
        url: '/webrtc/offer/',
        secret: SECRET,
        body: JSON.stringify({ token: grant.token, sdp: 'v=0 offer' }),
      });

      const hungUp = await call(key, 'POST', `${url}hang-up/`);
      expect(hungUp.statusCode, hungUp.body).toBe(200);
      expect(seen[1]?.url).toBe(`/webrtc/calls/${grant.id}/hang-up/`);

      // The runtime's refusals, as the customer reads them.
      for (const [given, expected, text] of [
        [486, 409, testCallMessages.callBusy],
        [404, 410, testCallMessages.callUsed],
        [488, 400, testCallMessages.noG711],
      ] as const) {
        status = given;
        const next = TestCallGrant.parse((await call(key, 'POST', startUrl(ids.acme, flow.id), {})).json());
        const refused = await call(key, 'POST', `${startUrl(ids.acme, flow.id)}${next.id}/webrtc/`, {
          token: next.token,
          sdp: 'v=0 offer',
        });
        expect(refused.statusCode).toBe(expected);
        expect(refused.body).toContain(text);
      }

      // Off: 503, never a hang.
      t.app.testCallRuntime = null;
      const off = TestCallGrant.parse((await call(key, 'POST', startUrl(ids.acme, flow.id), {})).json());
      const refused = await call(key, 'POST', `${startUrl(ids.acme, flow.id)}${off.id}/webrtc/`, {
        token: off.token,
        sdp: 'v=0 offer',
      });
      expect(refused.statusCode).toBe(503);
    } finally {
      t.app.testCallRuntime = before;
      runtime.close();
    }
  });

  describe('call history and voicemail to e-mail', () => {
    /** One second of 8 kHz 16-bit silence, as the runtime stores a message. */
    const oneSecond = Buffer.concat([wavHeader(16_000), Buffer.alloc(16_000)]);

    async function finishedCall(key: string, voicemail: Buffer | null, at?: string) {
      const flow = await ownFlow(key);
      const grant = TestCallGrant.parse(
        (await call(key, 'POST', startUrl(ids.acme, flow.id), at ? { at } : {})).json(),
      );
      expect((await internal('POST', '/internal/call-runtime/claim/', { token: grant.token })).statusCode).toBe(200);
      const finished = await internal('POST', `/internal/call-runtime/calls/${grant.id}/finish/`, {
        path: ['n1', 'n2', 'n4', 'n6'],
        outcome: { kind: 'voicemail', nodeId: 'n6', extension: '300' },
        reason: 'flow_ended',
        duration_ms: 4200,
        voicemail_wav: voicemail?.toString('base64') ?? null,
      });
      expect(finished.statusCode, finished.body).toBe(204);
      return { flow, grant };
    }

    async function voicemailToEmail(key: string, enabled: boolean, email: string) {
      const response = await call(key, 'PUT', `/api/v3/voip/${ids.acme}/phone-setup/voicemail/configuration/`, {
        voicemail_to_email: { enabled, email },
      });
      expect(response.statusCode, response.body).toBe(200);
    }

    const outboxTo = async (to: string) =>
      OutboxList.parse((await t.app.inject({ method: 'GET', url: `/sandbox/outbox.json?to=${to}` })).json()).results;

    it('e-mails a message left in a test call, its recording attached as MP3, when voicemail to e-mail is on', async () => {
      const key = await tokenOf(t, demoLogins.customer);
      const to = `voicemail-${Math.random().toString(36).slice(2, 8)}@acme.example`;
      await voicemailToEmail(key, true, to);
      const { flow } = await finishedCall(key, oneSecond, '2025-07-07T09:00:00.000Z');

      const [mail, ...more] = await outboxTo(to);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe(`Voicemail left in a test call of "${flow.name}"`);
      expect(mail?.body).toContain('A caller left a message of 1 second in a test call');
      expect(mail?.body).toContain('made as if on 07 Jul 2025 10:00');
      expect(mail?.attachments).toHaveLength(1);
      const file = mail!.attachments[0]!;
      expect(file.filename).toMatch(/^voicemail_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.mp3$/);
      expect(file.content_type).toBe('audio/mpeg');
      const download = await t.app.inject({ method: 'GET', url: file.url });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('audio/mpeg');
      expect(download.rawPayload.length).toBe(file.size_bytes);
      // An MPEG audio frame (or an ID3 tag) starts the file.
      const head = download.rawPayload;
      expect(head.subarray(0, 3).toString() === 'ID3' || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: `${file.url.slice(0, -1)}9` })).statusCode).toBe(404);
    });

    it('sends no e-mail when voicemail to e-mail is off, nor for a call that left no message', async () => {
      const key = await tokenOf(t, demoLogins.customer);
      const to = `voicemail-${Math.random().toString(36).slice(2, 8)}@acme.example`;
      await voicemailToEmail(key, false, to);
      await finishedCall(key, oneSecond);
      await voicemailToEmail(key, true, to);
      await finishedCall(key, null);
      expect(await outboxTo(to)).toEqual([]);
    });

    it("lists the product's answered test calls, newest first, with their steps, outcome and message; owner only", async () => {
      const key = await tokenOf(t, demoLogins.customer);
      await voicemailToEmail(key, false, '');
      const first = await finishedCall(key, null);
      t.clock.advance(1000);
      const second = await finishedCall(key, oneSecond);
      // Granted but never called: not in the history.
      const unanswered = TestCallGrant.parse((await call(key, 'POST', startUrl(ids.acme, first.flow.id), {})).json());
      t.clock.advance(1000);

      const response = await call(key, 'GET', `/api/v1/voip/${ids.acme}/test-calls/`);
      expect(response.statusCode, response.body).toBe(200);
      const { results } = TestCallHistory.parse(response.json());
      const listed = results.map((entry) => entry.id);
      expect(listed).not.toContain(unanswered.id);
      expect(listed.indexOf(second.grant.id)).toBeGreaterThanOrEqual(0);
      expect(listed.indexOf(second.grant.id)).toBeLessThan(listed.indexOf(first.grant.id));
      const entry = results.find((e) => e.id === second.grant.id)!;
      expect(entry).toMatchObject({
        flow_id: second.flow.id,
        flow_name: second.flow.name,
        end_reason: 'flow_ended',
        duration_ms: 4200,
        outcome: { kind: 'voicemail', extension: '300' },
        voicemail: true,
      });
      expect(entry.steps.map((step) => step.id)).toEqual(['n1', 'n2', 'n4', 'n6']);
      for (const step of entry.steps) expect(step.title).toMatch(/^[A-Z][\w ]+ ".*"$/);
      expect(results.find((e) => e.id === first.grant.id)?.voicemail).toBe(false);

      const stranger = await tokenOf(t, demoLogins.buyNow);
      expect((await call(stranger, 'GET', `/api/v1/voip/${ids.acme}/test-calls/`)).statusCode).toBe(404);
    });

    it("leaves test calls out of the call reports' figures", async () => {
      const key = await tokenOf(t, demoLogins.customer);
      const day = t.clock.now().toISOString().slice(0, 10);
      const summary = async () => {
        const response = await call(
          key,
          'GET',
          `/api/v3/voip/${ids.acme}/analytics/summary/?range=custom&range_start=${day}&range_end=${day}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        return CallSummary.parse(response.json());
      };
      const before = await summary();
      await finishedCall(key, null);
      await finishedCall(key, oneSecond);
      expect(await summary()).toEqual(before);
    });
  });
});
