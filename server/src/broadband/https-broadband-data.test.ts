import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { broadbandMessages, type BroadbandAddress } from '@portal/contract';

import { readConfig } from '../config.ts';
import { SandboxBroadbandData } from '../sandbox/broadband/sandbox-broadband-data.ts';
import { useTestApp } from '../test/helper.ts';
import { createBroadbandData } from './create-broadband-data.ts';
import { HttpsBroadbandData } from './https-broadband-data.ts';

const WHARF: BroadbandAddress = {
  addressReference: 'A00012345678',
  cssDatabaseCode: 'LS',
  premisesName: 'Canal Wharf',
  subPremises: 'Unit 4',
  thoroughfareNumber: '',
  thoroughfareName: 'Water Lane',
  postTown: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS11 5PZ',
};

/** A stand-in for the networks' checker: answers what `answer` says for each path, and records the requests. */
describe('HttpsBroadbandData', () => {
  const received: Array<{ path: string; query: Record<string, string>; authorization: string | undefined }> = [];
  let answer: (path: string) => { status: number; body: unknown } = () => ({ status: 500, body: {} });
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      const target = new URL(request.url ?? '/', 'http://checker');
      received.push({
        path: target.pathname,
        query: Object.fromEntries(target.searchParams),
        authorization: request.headers.authorization,
      });
      const { status, body } = answer(target.pathname);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const checker = () => new HttpsBroadbandData({ url, token: 'checker-token' });

  it("asks for a postcode's addresses with the bearer token and returns them", async () => {
    answer = () => ({ status: 200, body: { results: [WHARF] } });
    expect(await checker().searchAddresses('LS11 5PZ')).toEqual([WHARF]);
    expect(received.at(-1)).toEqual({
      path: '/v1/addresses/',
      query: { postcode: 'LS11 5PZ' },
      authorization: 'Bearer checker-token',
    });
  });

  it("asks for an address's lines and returns them; 404 is no such address", async () => {
    const lines = [{ broadband_type: 'fttp', network: 'network_1', download_mbps: 1000, upload_mbps: 115 }];
    answer = () => ({ status: 200, body: { address: WHARF, lines } });
    expect(
      await checker().availability({ addressRef: 'A00012345678', cssDatabaseCode: 'LS', postcode: 'LS11 5PZ' }),
    ).toEqual({ address: WHARF, lines });
    expect(received.at(-1)?.query).toEqual({
      address_ref: 'A00012345678',
      css_database_code: 'LS',
      postcode: 'LS11 5PZ',
    });
    answer = () => ({ status: 404, body: { detail: 'not found' } });
    expect(await checker().availability({ addressRef: 'A0', cssDatabaseCode: 'LS', postcode: 'LS11 5PZ' })).toBeNull();
    expect(await checker().searchAddresses('LS11 5PZ')).toEqual([]);
  });

  it('throws on an error status, naming only the status', async () => {
    answer = () => ({ status: 401, body: { detail: 'bad token' } });
    await expect(checker().searchAddresses('LS11 5PZ')).rejects.toThrow('broadband checker answered 401');
  });

  it('throws on an answer of another shape rather than passing it on', async () => {
    answer = () => ({
      status: 200,
      body: {
        address: WHARF,
        lines: [{ broadband_type: 'adsl', network: 'network_1', download_mbps: 8, upload_mbps: 1 }],
      },
    });
    await expect(
      checker().availability({ addressRef: 'A00012345678', cssDatabaseCode: 'LS', postcode: 'LS11 5PZ' }),
    ).rejects.toThrow();
    answer = () => ({ status: 200, body: [WHARF] });
    await expect(checker().searchAddresses('LS11 5PZ')).rejects.toThrow();
  });

  it('gives up on a checker that does not answer', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(
        new HttpsBroadbandData({ url: `http://127.0.0.1:${port}/`, token: 't', timeoutMs: 200 }).searchAddresses(
          'LS11 5PZ',
        ),
      ).rejects.toThrow();
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('createBroadbandData', () => {
  it('is the sandbox by default, the HTTPS checker when configured, and refuses a missing setting or an unknown name', () => {
    const dataOf = (env: Record<string, string>) => createBroadbandData(readConfig(env).broadband);
    expect(dataOf({})).toBeInstanceOf(SandboxBroadbandData);
    expect(
      dataOf({ BROADBAND_DATA: 'https', BROADBAND_API_URL: 'https://checker.example/v1', BROADBAND_API_TOKEN: 't' }),
    ).toBeInstanceOf(HttpsBroadbandData);
    expect(() => dataOf({ BROADBAND_DATA: 'https', BROADBAND_API_TOKEN: 't' })).toThrow(
      'BROADBAND_DATA=https needs BROADBAND_API_URL',
    );
    expect(() => dataOf({ BROADBAND_DATA: 'https', BROADBAND_API_URL: 'https://checker.example/v1' })).toThrow(
      'BROADBAND_DATA=https needs BROADBAND_API_TOKEN',
    );
    expect(() => dataOf({ BROADBAND_DATA: 'openreach' })).toThrow(
      'BROADBAND_DATA must be sandbox or https, not "openreach"',
    );
  });
});

describe('the broadband pages when the checker fails', () => {
  const failing = {
    searchAddresses: () => Promise.reject(new Error('broadband checker answered 502')),
    availability: () => Promise.reject(new Error('The operation was aborted due to timeout')),
  };
  const t = useTestApp({ seed: false, broadbandData: failing });

  it('answer 503 with a message a visitor can act on, never 500', async () => {
    const search = await t.app.inject({
      method: 'GET',
      url: '/broadband/api/v1/address-search/?ref_not_empty=true&postcode=LS11%205PZ',
    });
    expect(search.statusCode).toBe(503);
    expect(search.json()).toEqual({ detail: broadbandMessages.checkerUnavailable });
    expect(search.headers['retry-after']).toBe('60');
    const availability = await t.app.inject({
      method: 'GET',
      url: '/broadband/api/v1/availability/?address_ref=A00012345678&postcode=LS11%205PZ&css_database_code=LS',
    });
    expect(availability.statusCode).toBe(503);
    expect(availability.json()).toEqual({ detail: broadbandMessages.checkerUnavailable });
  });
});
