import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { nationalUkMobile } from '@portal/contract';

import { HttpsSmsGateway } from './https-gateway.ts';
import { e164Mobile } from './sms.ts';

describe('nationalUkMobile', () => {
  it('reads every UK mobile form the contract accepts', () => {
    for (const typed of [
      '07700900982',
      '07700 900982',
      '7700900982',
      '447700900982',
      '+447700900982',
      '00447700900982',
      '+44 (7700) 900-982',
    ]) {
      expect(nationalUkMobile(typed), typed).toBe('07700900982');
    }
    expect(e164Mobile('07700900982')).toBe('+447700900982');
  });

  it('refuses landlines and other countries', () => {
    for (const typed of ['01632960001', '+33612345678', '0770090098', '077009009821', '', 'seven'])
      expect(nationalUkMobile(typed), typed).toBeNull();
  });
});

describe('HttpsSmsGateway', () => {
  const received: Array<{
    method: string;
    url: string;
    authorization: string | undefined;
    type: string | undefined;
    body: unknown;
  }> = [];
  let status = 202;
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer(async (request: IncomingMessage, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        type: request.headers['content-type'],
        body: JSON.parse(body),
      });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{"id":"msg-1"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1/messages`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs JSON with the bearer token', async () => {
    await new HttpsSmsGateway({ url, token: 'gateway-token', sender: 'Portal' }).send({
      to: '+447700900982',
      text: 'Your code is 123456',
    });
    expect(received.at(-1)).toEqual({
      method: 'POST',
      url: '/v1/messages',
      authorization: 'Bearer gateway-token',
      type: 'application/json',
      body: { to: '+447700900982', text: 'Your code is 123456', from: 'Portal' },
    });
  });

  it('throws on an answer that is not 2xx, without the message text', async () => {
    status = 401;
    try {
      const sending = new HttpsSmsGateway({ url, token: 'wrong' }).send({
        to: '+447700900982',
        text: 'Your code is 654321',
      });
      await expect(sending).rejects.toThrow('SMS gateway answered 401');
      await expect(sending).rejects.not.toThrow(/654321/);
    } finally {
      status = 202;
    }
  });

  it('gives up on a gateway that does not answer', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(
        new HttpsSmsGateway({ url: `http://127.0.0.1:${port}/`, token: 't', timeoutMs: 200 }).send({
          to: '+447700900982',
          text: 'x',
        }),
      ).rejects.toThrow();
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
