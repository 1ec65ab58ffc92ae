import { beforeAll, describe, expect, it } from 'vitest';

import { callLogMessages } from '@portal/contract';

import { readConfig } from '../../config.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { authHeaders, seededProductIds, tokenOf, useTestApp } from '../../test/helper.ts';

// The spec's baked 'call-recording hide on' as configuration: PORTAL_CALL_RECORDINGS=hidden.
const t = useTestApp({ callRecordingsHidden: true });

let customer: string;
let acmePhone: number;

beforeAll(async () => {
  customer = await tokenOf(t, demoLogins.customer);
  ({ acme: acmePhone } = await seededProductIds(t.db));
});

describe('PORTAL_CALL_RECORDINGS', () => {
  it('reads shown (the default) and hidden, and stops the start on anything else', () => {
    const readCallRecordingsHidden = (env: Record<string, string>) => readConfig(env).callRecordingsHidden;
    expect(readCallRecordingsHidden({})).toBe(false);
    expect(readCallRecordingsHidden({ PORTAL_CALL_RECORDINGS: 'shown' })).toBe(false);
    expect(readCallRecordingsHidden({ PORTAL_CALL_RECORDINGS: ' Hidden ' })).toBe(true);
    expect(() => readCallRecordingsHidden({ PORTAL_CALL_RECORDINGS: 'on' })).toThrow(/shown or hidden/);
  });

  it('hidden: every call-recording call answers 404 saying recordings are not available', async () => {
    for (const url of [
      `/api/v1/voip/${acmePhone}/calls/call_recordings/`,
      `/api/v1/voip/${acmePhone}/call-recording/admin/password/`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: authHeaders(customer) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: callLogMessages.recordingsHidden });
    }
  });
});
