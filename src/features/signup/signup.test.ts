import { afterEach, describe, expect, it, vi } from 'vitest';

import type { SignupProvisioningStatus as ProvisioningStatus } from '@portal/contract';

import { ApiError } from '../../lib/api-error.ts';
import { createProvisioningPoller } from './provisioning-poller.ts';
import { SIGNUP_EVENTS, trackLead, trackSignupFailure } from './signup-analytics.ts';
import {
  clearSignupData,
  holdsProgress,
  readSignupData,
  SIGNUP_STORAGE_KEY,
  updateSignupData,
  writeSignupData,
  type SignupData,
} from './signup-data.ts';
import { signupRedirect } from './signup-guard.ts';

afterEach(() => {
  clearSignupData();
  delete window.dataLayer;
});

const base: SignupData = {
  date: Date.now(),
  channel: 'Self Sign Up',
  split_test_version: 'a',
  email_address: 'robin@hale-joinery.example',
  full_name: 'Robin Hale',
  business_name: 'Hale Joinery',
  is_free_email: false,
};

describe('the local sign-up data', () => {
  it('is kept under a versioned key, changed in place and cleared', () => {
    writeSignupData(base);
    expect(JSON.parse(localStorage.getItem(SIGNUP_STORAGE_KEY)!)).toMatchObject({ email_address: base.email_address });
    expect(updateSignupData({ key: 'journey-token' })).toMatchObject({ key: 'journey-token' });
    expect(readSignupData()?.key).toBe('journey-token');
    clearSignupData();
    expect(readSignupData()).toBeNull();
    expect(updateSignupData({ key: 'x' })).toBeNull();
  });

  it('is dropped after 24 hours, and when unreadable', () => {
    writeSignupData({ ...base, date: Date.now() - 25 * 60 * 60 * 1000 });
    expect(readSignupData()).toBeNull();
    localStorage.setItem(SIGNUP_STORAGE_KEY, '{not json');
    expect(readSignupData()).toBeNull();
  });

  it('holds progress with a product, an account or a key, of the same journey', () => {
    expect(holdsProgress(null, 'Self Sign Up')).toBe(false);
    expect(holdsProgress({ ...base, token: 'not yet confirmed' }, 'Self Sign Up')).toBe(false);
    expect(holdsProgress({ ...base, key: 'k' }, 'Self Sign Up')).toBe(true);
    expect(holdsProgress({ ...base, account_id: 3 }, 'Self Sign Up')).toBe(true);
    expect(holdsProgress({ ...base, product_id: 4 }, 'Self Sign Up')).toBe(true);
    expect(holdsProgress({ ...base, key: 'k' }, 'Buy Now')).toBe(false);
  });
});

describe('the journeys\u2019 route rule', () => {
  it('sends unknown pages to the first page, and the detail pages back to it without progress', () => {
    expect(signupRedirect('Self Sign Up', 'nope', null)).toBe('/trial/signup');
    expect(signupRedirect('Buy Now', 'intl-calls', null)).toBe('/buynow/signup');
    expect(signupRedirect('Self Sign Up', 'signup', null)).toBeNull();
    expect(signupRedirect('Self Sign Up', 'details', null)).toBe('/trial/signup');
    expect(signupRedirect('Buy Now', 'details', { ...base, channel: 'Buy Now', key: 'k' })).toBeNull();
    expect(signupRedirect('Self Sign Up', 'intl-calls', { ...base, key: 'k' })).toBe('/trial/details');
    expect(
      signupRedirect('Self Sign Up', 'intl-calls', { ...base, key: 'k', product_id: 9, user_key: 'u' }),
    ).toBeNull();
  });
});

describe('sign-up analytics', () => {
  it('tracks a failed step by stage with the response data; an SMS send refused 429 or 403 is the rate limit', () => {
    trackSignupFailure(
      'create-password',
      new ApiError({ kind: 'http', status: 400, data: { password1: ['Too short'] }, message: 'x' }),
    );
    trackSignupFailure(
      'sms-send',
      new ApiError({ kind: 'http', status: 429, data: { detail: 'Too many requests.' }, message: 'x' }),
    );
    trackSignupFailure(
      'sms-verify',
      new ApiError({ kind: 'http', status: 503, data: { detail: 'Down' }, message: 'x' }),
    );
    trackSignupFailure('provisioning-status', new Error('offline'));
    trackLead('create-lead', { channel: 'Buy Now' });
    expect(window.dataLayer).toEqual([
      { event: SIGNUP_EVENTS.failed, stage: 'create-password', status: 400, detail: 'Too short' },
      { event: SIGNUP_EVENTS.failed, stage: 'sms-send', status: 429, detail: 'Too many requests.' },
      {
        event: SIGNUP_EVENTS.sms,
        stage: 'sms-send',
        status: 429,
        detail: 'Too many requests.',
        outcome: 'SMS validation rate limit',
      },
      { event: SIGNUP_EVENTS.failed, stage: 'sms-verify', status: 503, detail: 'Down' },
      { event: SIGNUP_EVENTS.sms, stage: 'sms-verify', status: 503, detail: 'Down', outcome: 'SMS error' },
      { event: SIGNUP_EVENTS.failed, stage: 'provisioning-status', status: 0, detail: 'offline' },
      {
        event: SIGNUP_EVENTS.provisioning,
        stage: 'provisioning-status',
        status: 0,
        detail: 'offline',
        outcome: 'error',
      },
      { event: SIGNUP_EVENTS.lead, stage: 'create-lead', channel: 'Buy Now' },
    ]);
  });
});

describe('the provisioning poller', () => {
  const status = (progress: number, provisioned = false): ProvisioningStatus => ({
    product_id: 5,
    status: provisioned ? 'provisioned' : 'provisioning',
    provisioned,
    progress,
    step: 'Creating your phone system',
    detail: null,
  });

  it('polls until provisioned, goes on after an error, and stops when asked', async () => {
    const answers = [status(10), new Error('blip'), status(60), status(100, true)];
    const fetchStatus = vi.fn(async () => {
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    const timers: Array<() => void> = [];
    const seen: number[] = [];
    const errors: unknown[] = [];
    const poller = createProvisioningPoller({
      fetchStatus,
      onStatus: (s) => seen.push(s.progress),
      onError: (e) => errors.push(e),
      setTimer: (run) => timers.push(run),
      clearTimer: () => {},
    });
    poller.start();
    for (let i = 0; i < 5; i += 1) {
      await vi.waitFor(() => expect(fetchStatus).toHaveBeenCalledTimes(Math.min(i + 1, 4)));
      timers.shift()?.();
    }
    expect(seen).toEqual([10, 60, 100]);
    expect(errors).toHaveLength(1);
    expect(fetchStatus).toHaveBeenCalledTimes(4);
    expect(timers).toHaveLength(0);
  });

  it('reports nothing after stop', async () => {
    let resolve: (value: ProvisioningStatus) => void = () => {};
    const onStatus = vi.fn();
    const poller = createProvisioningPoller({
      fetchStatus: () => new Promise((r) => (resolve = r)),
      onStatus,
      onError: vi.fn(),
    });
    poller.start();
    poller.stop();
    resolve(status(50));
    await Promise.resolve();
    expect(onStatus).not.toHaveBeenCalled();
  });
});
