import type { FastifyInstance } from 'fastify';

import { paymentAttemptBySession } from './billing-repository.ts';
import { settle } from './payment-handlers.ts';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * POST /payment/webhook/: the provider tells us a session has an outcome. Its signature
 * (cko-signature, HMAC-SHA256 of the body as sent) is checked on the raw body before anything is
 * read; the outcome itself is then asked of the provider, as the page's check does, so a
 * webhook can only make us look, never tell us what happened. Not in the contract: the body is
 * the provider's, and only the provider calls it (no token, no CSRF cookie).
 */
export async function registerPaymentWebhook(app: FastifyInstance) {
  await app.register(async (scope) => {
    // The signature is of the body as sent: read it as text, not parsed.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post('/payment/webhook/', { schema: { hide: true }, config: { csrf: 'none' } }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['cko-signature'];
      if (!scope.payments.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)) {
        return reply.code(401).send({ detail: 'The webhook signature does not match.' });
      }
      let sessionId: unknown;
      try {
        sessionId = (JSON.parse(raw) as { data?: { session_id?: unknown } }).data?.session_id;
      } catch {
        return reply.code(400).send({ detail: 'The webhook body is not JSON.' });
      }
      const attempt = typeof sessionId === 'string' ? await paymentAttemptBySession(scope.db, sessionId) : null;
      if (!attempt) return reply.code(200).send({ received: true });
      await settle(request, attempt);
      return reply.code(200).send({ received: true });
    });
  });
}
