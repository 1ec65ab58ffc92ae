import { describe, expect, it } from 'vitest';

import { demoLogins } from '../../db/demo-logins.ts';
import { authHeaders, seededProductIds, tokenOf, useTestApp } from '../../test/helper.ts';
import { pdfText } from '../billing/index.ts';

const t = useTestApp();

describe('GET /api/v2/voip/{id}/call-flows/{flow}/journey/', () => {
  it("answers the flow as a caller lives it, as a PDF, with the site's people by name; another customer's flow is 404", async () => {
    const key = await tokenOf(t, demoLogins.customer);
    const { acme, trial } = await seededProductIds(t.db);
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/v2/voip/${acme}/call-flows/`, headers: authHeaders(key) })
    ).json<{ results: Array<{ id: number; name: string }> }>();
    const flow = list.results.find((candidate) => candidate.name === 'Main office hours');
    expect(flow).toBeDefined();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/voip/${acme}/call-flows/${flow!.id}/journey/`,
      headers: authHeaders(key),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="caller-journey-${flow!.id}.pdf"`);
    const text = pdfText(response.rawPayload);
    expect(text).toContain("Caller's journey: Main office hours");
    expect(text).toContain('At other times and on holidays');
    expect(text).toMatch(/Press 1: .*rings Alex Morgan and Priya Shah/);

    const other = await tokenOf(t, demoLogins.trial);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/voip/${acme}/call-flows/${flow!.id}/journey/`,
          headers: authHeaders(other),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/voip/${trial}/call-flows/${flow!.id}/journey/`,
          headers: authHeaders(other),
        })
      ).statusCode,
    ).toBe(404);
  });
});
