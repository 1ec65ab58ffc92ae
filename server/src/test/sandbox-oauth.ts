import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

import { socialRedirectUri } from '../modules/identity/index.ts';
import { getCsrf } from './helper.ts';

/** A form body, as browsers post the sandbox provider's consent page. */
export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Posts the consent form of an authorization URL, as the browser would from the sandbox's consent page. */
export async function postConsent(
  app: FastifyInstance,
  url: URL,
  fields: Record<string, string>,
  options: { csrf?: boolean } = {},
) {
  const csrf = await getCsrf(app);
  return app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { cookie: csrf.headers.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({
      ...Object.fromEntries(url.searchParams),
      ...(options.csrf !== false && { csrfmiddlewaretoken: csrf.token }),
      ...fields,
    }),
  });
}

/** Picks an identity on the sandbox consent page; answers the code and state sent to the callback (/login). */
export async function consent(app: FastifyInstance, url: URL, fields: Record<string, string>) {
  const response = await postConsent(app, url, fields);
  expect(response.statusCode, response.body).toBe(303);
  const callback = new URL(response.headers.location as string);
  expect(`${callback.origin}${callback.pathname}`).toBe(socialRedirectUri());
  return { code: callback.searchParams.get('code') ?? '', state: callback.searchParams.get('state') ?? '' };
}
