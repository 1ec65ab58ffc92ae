import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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

/** An answer slower than this is logged at warn level, beside the failures. */
export const SLOW_ANSWER_MS = 1000;

/**
 * One log line per answered request, in place of Fastify's two at info level (which cost
 * more than many answers do): failures and server errors at error, slow answers at warn,
 * everything else at debug, which a logger at info drops for almost nothing. The request is
 * written through requestForLog like any other (the logger's `req` serializer).
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const elapsed = reply.elapsedTime;
    const level = error || reply.statusCode >= 500 ? 'error' : elapsed > SLOW_ANSWER_MS ? 'warn' : 'debug';
    reply.log[level](
      { req: request, res: reply, responseTime: elapsed, ...(error && { err: error }) },
      'request completed',
    );
  }
}
