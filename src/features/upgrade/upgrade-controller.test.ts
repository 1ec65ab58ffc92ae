import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ProvisioningStatus } from '@portal/contract';

import { ApiError } from '../../lib/api-error.ts';
import { upgradeIntro, upgradeView } from './rules.ts';
import { createUpgradeController, type UpgradeCalls } from './upgrade-controller.ts';

const address = {
  post_code: 'LS11 5PZ',
  line_one: 'Unit 4, Canal Wharf',
  line_two: '',
  city: 'Leeds',
  county: 'West Yorkshire',
};

const status = (extra: Partial<ProvisioningStatus> = {}): ProvisioningStatus => ({
  product_id: 7,
  job_id: 1,
  kind: 'upgrade',
  status: 'provisioning',
  provisioned: false,
  progress: 10,
  step: 'Setting up your plan',
  detail: null,
  started_at: null,
  finished_at: null,
  ...extra,
});
const done = () => status({ status: 'provisioned', provisioned: true, progress: 100 });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setUp(calls: Partial<UpgradeCalls> = {}) {
  const startUpgrade = vi.fn<UpgradeCalls['startUpgrade']>(async () => status({ status: 'pending', progress: 0 }));
  const provisioningStatus = vi.fn<UpgradeCalls['provisioningStatus']>(async () => status());
  const onProvisioned = vi.fn();
  const onStartFailed = vi.fn();
  const onPollFailed = vi.fn();
  const controller = createUpgradeController({
    productId: 7,
    calls: { startUpgrade, provisioningStatus, ...calls },
    onProvisioned,
    onStartFailed,
    onPollFailed,
    pollMs: 1000,
  });
  return { controller, startUpgrade, provisioningStatus, onProvisioned, onStartFailed, onPollFailed };
}

describe('the upgrade controller', () => {
  it('goes address, plan, summary; back and change go to earlier steps; nothing skips ahead', () => {
    const { controller } = setUp();
    expect(controller.getState().step).toBe('address');
    controller.choosePlan('essentials');
    expect(controller.getState().step).toBe('address');
    controller.confirmAddress(address);
    expect(controller.getState()).toMatchObject({ step: 'plan', address });
    controller.back();
    expect(controller.getState().step).toBe('address');
    controller.confirmAddress(address);
    controller.choosePlan('professional');
    expect(controller.getState()).toMatchObject({ step: 'summary', planId: 'professional' });
    controller.edit('address');
    expect(controller.getState().step).toBe('address');
  });

  it('starts the upgrade, then polls the provisioning until it is done, once', async () => {
    const { controller, startUpgrade, provisioningStatus, onProvisioned } = setUp();
    const seen: string[] = [];
    controller.subscribe(() => seen.push(controller.getState().step));
    controller.confirmAddress(address);
    controller.choosePlan('essentials');
    await controller.submit();
    expect(startUpgrade).toHaveBeenCalledWith(7, { plan_id: 'essentials', installation_address: address });
    expect(controller.getState()).toMatchObject({
      step: 'confirmation',
      submitting: false,
      provisioning: { status: 'pending' },
    });
    expect(seen).toContain('confirmation');

    await vi.advanceTimersByTimeAsync(1000);
    expect(provisioningStatus).toHaveBeenCalledTimes(1);
    expect(controller.getState().provisioning?.progress).toBe(10);

    provisioningStatus.mockResolvedValueOnce(done());
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.getState().provisioning?.provisioned).toBe(true);
    expect(onProvisioned).toHaveBeenCalledTimes(1);
    // Done: no more polling.
    await vi.advanceTimersByTimeAsync(5000);
    expect(provisioningStatus).toHaveBeenCalledTimes(2);
  });

  it('keeps the summary with the server’s words when the upgrade call fails, and reports it', async () => {
    const { controller, onStartFailed } = setUp({
      startUpgrade: async () =>
        Promise.reject(
          new ApiError({
            status: 409,
            kind: 'http',
            data: { detail: 'An upgrade of this phone is already under way' },
          }),
        ),
    });
    controller.confirmAddress(address);
    controller.choosePlan('essentials');
    await controller.submit();
    expect(controller.getState()).toMatchObject({ step: 'summary', submitting: false });
    expect(controller.getState().submitError).toContain('already under way');
    expect(onStartFailed).toHaveBeenCalledTimes(1);
  });

  it('says when a poll fails and tries again, more slowly, until it answers', async () => {
    const { controller, provisioningStatus, onPollFailed } = setUp();
    provisioningStatus
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    controller.resume(status());
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.getState().pollError).not.toBeNull();
    expect(onPollFailed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(provisioningStatus).toHaveBeenCalledTimes(2);
    // The second failure waits twice as long.
    await vi.advanceTimersByTimeAsync(3000);
    expect(provisioningStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(provisioningStatus).toHaveBeenCalledTimes(3);
    expect(controller.getState().pollError).toBeNull();
  });

  it('resumes an upgrade under way after a reload, and stops polling when disposed', async () => {
    const { controller, provisioningStatus } = setUp();
    controller.resume(status({ progress: 40 }));
    expect(controller.getState()).toMatchObject({ step: 'confirmation', provisioning: { progress: 40 } });
    controller.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(provisioningStatus).not.toHaveBeenCalled();
  });
});

describe('the upgrade page’s rules', () => {
  it('shapes the first words by the trigger', () => {
    expect(upgradeIntro('trial-expired', 'trial').heading).toBe('Your free trial has ended');
    expect(upgradeIntro('upgrade-banner', 'trial').heading).toBe('Upgrade your Cloud phone trial');
    expect(upgradeIntro('default-landing', 'trial').heading).toBe('Upgrade your Cloud phone');
    expect(upgradeIntro('default-landing', 'migration').heading).toBe('Move to our latest Cloud phone');
  });

  it('shows the steps, the progress of one under way, a finished one, or why there is nothing to upgrade', () => {
    const base = { is_eligible: true, provisioning: null } as unknown as Parameters<typeof upgradeView>[0];
    expect(upgradeView(base)).toBe('steps');
    expect(upgradeView({ ...base, is_eligible: false, provisioning: status() })).toBe('resume');
    expect(upgradeView({ ...base, is_eligible: false, provisioning: done() })).toBe('done');
    expect(upgradeView({ ...base, is_eligible: false })).toBe('not-available');
  });
});
