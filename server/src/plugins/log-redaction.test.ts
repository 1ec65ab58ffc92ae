import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { redactUrl, requestForLog, RequestLogController } from './log-redaction.ts';

describe('redactUrl', () => {
  it('takes the secrets out of link and callback URLs', () => {
    expect(redactUrl('/auth/password_reset/MQ/abcDEF123')).toBe('/auth/password_reset/MQ/[redacted]');
    expect(redactUrl('/auth/password_reset/MQ/abcDEF123/success')).toBe('/auth/password_reset/MQ/[redacted]/success');
    expect(redactUrl('/auth/register/verify/k3y-value')).toBe('/auth/register/verify/[redacted]');
    expect(redactUrl('/login?code=SECRET&state=ALSO&scope=email')).toBe(
      '/login?code=[redacted]&state=[redacted]&scope=email',
    );
  });

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/auth/password_reset/success')).toBe('/auth/password_reset/success');
    expect(redactUrl('/api/v3/navigation/')).toBe('/api/v3/navigation/');
    expect(redactUrl('/call-flows/12?tab=active-call-flow')).toBe('/call-flows/12?tab=active-call-flow');
  });
});

describe('RequestLogController', () => {
  async function appLogging(level: string) {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({
      logger: { level, stream, serializers: { req: requestForLog } },
      logController: new RequestLogController(),
    });
    app.get('/auth/password_reset/:uid/:token', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('broken');
    });
    await app.ready();
    return { app, lines, completed: () => lines.filter((line) => line.msg === 'request completed') };
  }

  it('logs nothing for a good answer at info level, and a server error with its redacted request', async () => {
    const { app, completed } = await appLogging('info');
    expect((await app.inject('/auth/password_reset/MQ/secret-token')).statusCode).toBe(200);
    expect(completed()).toEqual([]);
    expect((await app.inject('/boom?token=abc')).statusCode).toBe(500);
    expect(completed()).toHaveLength(1);
    expect(completed()[0]).toMatchObject({
      level: 50,
      req: { method: 'GET', url: '/boom?token=[redacted]' },
      res: { statusCode: 500 },
    });
    await app.close();
  });

  it('logs every answer at debug level, one line each, with the secrets redacted', async () => {
    const { app, completed } = await appLogging('debug');
    await app.inject('/auth/password_reset/MQ/secret-token');
    expect(completed()).toHaveLength(1);
    expect(completed()[0]).toMatchObject({
      level: 20,
      req: { url: '/auth/password_reset/MQ/[redacted]' },
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(completed())).not.toContain('secret-token');
    await app.close();
  });
});
