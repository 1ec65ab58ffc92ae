import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@portal/contract';
import { detailError } from './errors.ts';

/**
 * JSON bodies go through Fastify's own parser (secure-json-parse), which refuses a
 * `__proto__` key and a `constructor` holding `prototype` but reports them as "not valid
 * JSON". A body that plain JSON.parse reads is valid JSON, so its refusal is one of those
 * keys: the answer says so.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parseSecurely = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    parseSecurely(request, text, (error, value) => {
      if (!error) return done(null, value);
      if ((error as Error & { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY' && isPlainJson(text)) {
        return done(detailError(400, errorMessages.forbiddenJsonKey), undefined);
      }
      return done(error, undefined);
    });
  });
}

function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
