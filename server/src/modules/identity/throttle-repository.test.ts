import { describe, expect, it } from 'vitest';

import { errorMessages } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { postLogin, useTestApp } from '../../test/helper.ts';
import { LOGIN_DELAY, LOGIN_WINDOW_MS, loginDelayMs, MAX_LOGIN_FAILURES } from './throttle-repository.ts';

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
  it('refuses an e-mail from one client after 5 failures, even with the right password, until the window ends', async () => {
    const ip = { remoteAddress: '10.0.0.1' };
    for (let i = 0; i < MAX_LOGIN_FAILURES.email_ip; i++) {
      expect((await postLogin(t.app, wrong(demoLogins.customer.email), ip)).statusCode).toBe(400);
    }
    t.clock.advance(60 * 1000);
    const blocked = await postLogin(t.app, demoLogins.customer, ip);
    expectThrottled(blocked, LOGIN_WINDOW_MS / 1000 - 60);
    // Another e-mail from the same client still gets through.
    expect((await postLogin(t.app, demoLogins.staff, ip)).statusCode).toBe(200);
    // The owner, from their own client, is not locked out.
    expect((await postLogin(t.app, demoLogins.customer, { remoteAddress: '10.0.0.2' })).statusCode).toBe(200);

    t.clock.advance(LOGIN_WINDOW_MS);
    expect((await postLogin(t.app, demoLogins.customer, ip)).statusCode).toBe(200);
  });

  it('slows an e-mail attacked from many clients, more with each failure, but lets its owner in', async () => {
    t.clock.slept.length = 0;
    const attackers = 12;
    const waits: number[] = [];
    for (let i = 0; i < attackers; i++) {
      const before = t.clock.slept.length;
      const response = await postLogin(t.app, wrong(demoLogins.customer.email), { remoteAddress: `10.9.0.${i + 1}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: errorMessages.badCredentials });
      waits.push(t.clock.slept.slice(before).reduce((sum, ms) => sum + ms, 0));
    }
    // No wait for the first failures, then a growing one, capped at a few seconds.
    expect(waits.slice(0, LOGIN_DELAY.after)).toEqual(Array(LOGIN_DELAY.after).fill(0));
    for (let i = LOGIN_DELAY.after + 1; i < attackers; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(waits[LOGIN_DELAY.after + 2]!).toBeGreaterThan(waits[LOGIN_DELAY.after]!);
    expect(waits[LOGIN_DELAY.after]).toBe(LOGIN_DELAY.firstMs);
    expect(waits.at(-1)).toBe(LOGIN_DELAY.maxMs);
    expect(Math.max(...waits)).toBeLessThanOrEqual(5000);

    // The owner from another client signs in with the right password at once (slowed, not refused).
    const owner = await postLogin(t.app, demoLogins.customer, { remoteAddress: '10.9.1.1' });
    expect(owner.statusCode).toBe(200);
    // The attack goes on being slowed after the owner signed in.
    const before = t.clock.slept.length;
    expect((await postLogin(t.app, wrong(demoLogins.customer.email), { remoteAddress: '10.9.2.1' })).statusCode).toBe(
      400,
    );
    expect(t.clock.slept.slice(before)).toEqual([LOGIN_DELAY.maxMs]);
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('slows an unknown e-mail exactly as a known one', async () => {
    const delays = async (email: string, prefix: string) => {
      const before = t.clock.slept.length;
      for (let i = 0; i < LOGIN_DELAY.after + 3; i++) {
        const response = await postLogin(t.app, wrong(email), { remoteAddress: `${prefix}.${i + 1}` });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: errorMessages.badCredentials });
      }
      return t.clock.slept.slice(before);
    };
    const known = await delays(demoLogins.trial.email, '10.8.0');
    const unknown = await delays('nobody-here@example.com', '10.8.1');
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
    t.clock.advance(LOGIN_WINDOW_MS);
  });

  it('clears the e-mail counter on a successful sign-in', async () => {
    const ip = { remoteAddress: '10.0.1.1' };
    for (let i = 0; i < MAX_LOGIN_FAILURES.email_ip - 1; i++) {
      expect((await postLogin(t.app, wrong(demoLogins.trial.email), ip)).statusCode).toBe(400);
    }
    expect((await postLogin(t.app, demoLogins.trial, ip)).statusCode).toBe(200);
    for (let i = 0; i < MAX_LOGIN_FAILURES.email_ip; i++) {
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
    expect(statuses.filter((s) => s === 400)).toHaveLength(MAX_LOGIN_FAILURES.email_ip);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - MAX_LOGIN_FAILURES.email_ip);
    t.clock.advance(LOGIN_WINDOW_MS);
  });
});

describe('loginDelayMs', () => {
  it('is nothing below the threshold, doubles after it, and stops at the cap', () => {
    expect(loginDelayMs(LOGIN_DELAY.after - 1)).toBe(0);
    expect(loginDelayMs(LOGIN_DELAY.after)).toBe(LOGIN_DELAY.firstMs);
    expect(loginDelayMs(LOGIN_DELAY.after + 1)).toBe(LOGIN_DELAY.firstMs * 2);
    expect(loginDelayMs(LOGIN_DELAY.after + 100)).toBe(LOGIN_DELAY.maxMs);
  });
});
