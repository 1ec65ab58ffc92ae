import type { FastifyInstance } from 'fastify';

/**
 * Behind a proxy, every request seems to come from the proxy's address unless TRUST_PROXY
 * names it, and the per-client limits (sign-in, registration, links) then count everybody
 * together. The first request that carries X-Forwarded-For while TRUST_PROXY is unset logs a
 * warning saying so, once per process.
 */
export function registerTrustProxyWarning(app: FastifyInstance, trustProxy: boolean | string | number) {
  if (trustProxy !== false && trustProxy !== '') return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    app.log.warn(
      'A request came with X-Forwarded-For but TRUST_PROXY is not set: behind a proxy, set TRUST_PROXY ' +
        '(true, or the proxy addresses) so the per-client limits and https detection see the real client.',
    );
  });
}
