import type { FastifyInstance } from 'fastify';

import { errorMessages } from '@portal/contract';

import { detailError } from './errors.ts';

// Fatal: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD, which would be stored as if sent.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies are UTF-8 (RFC 8259): one that is not is refused (400), never stored with its
 * bytes replaced by U+FFFD. They then go through Fastify's own parser (secure-json-parse),
 * which refuses a `__proto__` key and a `constructor` holding `prototype` but reports them as
 * "not valid JSON". A body that plain JSON.parse reads is valid JSON, so its refusal is one of
 * those keys: the answer says so.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parseSecurely = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch {
      return done(detailError(400, errorMessages.invalidUtf8), undefined);
    }
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
