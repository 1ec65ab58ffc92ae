import { describe, expect, it } from 'vitest';
import { errorMessages } from '@portal/contract';
import { demoLogins } from '../db/demo-logins.ts';
import { postLogin, useTestApp } from '../test/helper.ts';
import { LOGIN_WINDOW_MS, MAX_LOGIN_FAILURES } from './throttle-repository.ts';

const t = useTestApp();
const wrong = (email: string) => ({ email, password: 'wrong password' });

function expectThrottled(response: Awaited<ReturnType<typeof postLogin>>, maxSeconds = LOGIN_WINDOW_MS / 1000) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ detail: errorMessages.tooManyLoginAttempts });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('sign-in throttling', () => {
  it('refuses an e-mail after 5 failures, even with the right password, until the window ends', async () => {
    const ip = { remoteAddress: '10.0.0.1' };
    for (let i = 0; i < MAX_LOGIN_FAILURES.email; i++) {
      expect((await postLogin(t.app, wrong(demoLogins.customer.email), ip)).statusCode).toBe(400);
    }
    t.clock.advance(60 * 1000);
    const blocked = await postLogin(t.app, demoLogins.customer, ip);
    expectThrottled(blocked, LOGIN_WINDOW_MS / 1000 - 60);
    // Another e-mail from the same address still gets through.
    expect((await postLogin(t.app, demoLogins.staff, ip)).statusCode).toBe(200);
    // The e-mail's counter holds whichever address the next attempt comes from.
    expectThrottled(await postLogin(t.app, demoLogins.customer, { remoteAddress: '10.0.0.2' }));

    t.clock.advance(LOGIN_WINDOW_MS);
    expect((await postLogin(t.app, demoLogins.customer, ip)).statusCode).toBe(200);
  });

  it('clears the e-mail counter on a successful sign-in', async () => {
    const ip = { remoteAddress: '10.0.1.1' };
    for (let i = 0; i < MAX_LOGIN_FAILURES.email - 1; i++) {
      expect((await postLogin(t.app, wrong(demoLogins.trial.email), ip)).statusCode).toBe(400);
    }
    expect((await postLogin(t.app, demoLogins.trial, ip)).statusCode).toBe(200);
    for (let i = 0; i < MAX_LOGIN_FAILURES.email; i++) {
      expect((await postLogin(t.app, wrong(demoLogins.trial.email), ip)).statusCode).toBe(400);
    }
    expectThrottled(await postLogin(t.app, demoLogins.trial, ip));
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('refuses a client address after 20 failures across e-mails', async () => {
    const ip = { remoteAddress: '10.0.2.1' };
    for (let i = 0; i < MAX_LOGIN_FAILURES.ip; i++) {
      expect((await postLogin(t.app, wrong(`user${i}@example.com`), ip)).statusCode).toBe(400);
    }
    expectThrottled(await postLogin(t.app, demoLogins.buyNow, ip));
    expect((await postLogin(t.app, demoLogins.buyNow, { remoteAddress: '10.0.2.2' })).statusCode).toBe(200);

    t.clock.advance(LOGIN_WINDOW_MS);
    expect((await postLogin(t.app, demoLogins.buyNow, ip)).statusCode).toBe(200);
  });

  it('lets no more than 5 guesses through when they arrive all at once', async () => {
    const ip = { remoteAddress: '10.0.3.1' };
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => postLogin(t.app, wrong(demoLogins.staff.email), ip)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(MAX_LOGIN_FAILURES.email);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - MAX_LOGIN_FAILURES.email);
    t.clock.advance(LOGIN_WINDOW_MS);
  });
});
