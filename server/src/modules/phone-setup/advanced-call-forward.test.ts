import { beforeAll, describe, expect, it } from 'vitest';

import { phoneSetupMessages } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { products } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, useTestApp, type Csrf } from '../../test/helper.ts';

// PORTAL_ADVANCED_CALL_FORWARD=on: the forwardings list and its editing (the default, off, is in phone-settings.test.ts).
const t = useTestApp({ advancedCallForward: true });
let csrf: Csrf;
let customer = '';
let url = '';

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  customer = await login(t.app, demoLogins.customer);
  const [acme] = await t.db.select().from(products).orderBy(products.id);
  url = `/api/v1/products/${acme!.id}/configuration/forwardings/`;
});

type List = {
  advanced_call_forward: boolean;
  results: Array<{ id: number; forwardType: string; destination: string | null; activated: boolean }>;
};
const list = async () => (await t.app.inject({ method: 'GET', url, headers: authHeaders(customer) })).json<List>();
const put = (id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `${url}${id}/`, headers: authHeaders(customer, csrf), payload });

describe('forwardings with the advanced call forward on', () => {
  it('lists one forwarding per type, NA the current one', async () => {
    const answer = await list();
    expect(answer.advanced_call_forward).toBe(true);
    expect(answer.results.map((f) => [f.forwardType, f.activated])).toEqual([
      ['NA', true],
      ['ALWAYS', false],
      ['BUSY', false],
      ['NO_ANSWER', false],
      ['UNREACHABLE', false],
    ]);
  });

  it('changes a forwarding with PUT; an active one needs a UK number', async () => {
    const busy = (await list()).results.find((f) => f.forwardType === 'BUSY')!;
    const noNumber = await put(busy.id, { activated: true });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json()).toEqual({ destination: [phoneSetupMessages.divertInvalid] });
    expect((await put(busy.id, { destination: '12' })).statusCode).toBe(400);
    const done = await put(busy.id, { activated: true, destination: '07700 900123' });
    expect(done.json()).toEqual({
      results: { id: busy.id, forwardType: 'BUSY', destination: '07700900123', activated: true, isEditable: true },
    });
    expect((await list()).results.find((f) => f.id === busy.id)).toMatchObject({
      activated: true,
      destination: '07700900123',
    });
    expect((await put(999999, { activated: false })).statusCode).toBe(404);
    expect((await put(busy.id, { activated: 'yes' })).statusCode).toBe(400);
    expect((await put(busy.id, { forwardType: 'ALWAYS' })).statusCode).toBe(400);
  });
});
