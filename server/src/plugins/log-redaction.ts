import type { FastifyRequest } from 'fastify';

/**
 * Secrets that travel in URLs, taken out before a URL is logged: the password reset link's
 * token, the verification link's key, and the code and state social sign-in brings back to
 * /login (and any `key`, `token`, `code` or `state` query value). The magic link keeps its key
 * in the fragment, which no server sees.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^(\/auth\/password_reset\/[^/?#]+\/)(?!success(?:[/?#]|$))[^/?#]+/, '$1[redacted]')
    .replace(/^(\/auth\/register\/verify\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:code|state|key|token)=)[^&#]*/g, '$1[redacted]');
}

/** The request as Fastify's logger writes it, with the URL redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
