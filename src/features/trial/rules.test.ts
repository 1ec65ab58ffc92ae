import { describe, expect, it } from 'vitest';

import type { TrialStatus } from '@portal/contract';

import { setUpgradeTrigger, upgradeTrigger } from './api/get-trial-status.ts';
import {
  isAfterFirstHour,
  remainingDaysText,
  showsTrialBanner,
  showsUpgradeNow,
  trialBannerText,
  UPGRADE_DIALOG_FIRST_HOUR_FLAG,
  upgradePromptDue,
} from './rules.ts';

const status = (extra: Partial<TrialStatus> = {}): TrialStatus => ({
  isInTrial: true,
  isTrialExpired: false,
  trialKind: 'OPT_IN',
  productId: 10,
  remainDays: 2,
  show_quickstart_popup: true,
  quickstart_popup_sections_completed: {},
  customer_feedback: null,
  status_entry: '2025-03-03T09:00:00Z',
  ...extra,
});

describe('the upgrade prompt', () => {
  it('is due once an hour has passed since status_entry, for a running opt-in trial whose prompt was not shown', () => {
    const hourLater = new Date('2025-03-03T10:00:00Z');
    expect(upgradePromptDue(status(), new Date('2025-03-03T09:59:59Z'))).toBe(false);
    expect(upgradePromptDue(status(), hourLater)).toBe(true);
    expect(upgradePromptDue(status({ upgrade_prompt_shown: false }), hourLater)).toBe(true);
    expect(upgradePromptDue(status({ upgrade_prompt_shown: true }), hourLater)).toBe(false);
    expect(upgradePromptDue(status({ isTrialExpired: true }), hourLater)).toBe(false);
    expect(upgradePromptDue(status({ trialKind: null }), hourLater)).toBe(false);
    expect(upgradePromptDue(status({ status_entry: null }), hourLater)).toBe(false);
  });
});

describe('the trial banner', () => {
  it('shows for a trial of the selected product that has not ended', () => {
    expect(showsTrialBanner(status(), 10)).toBe(true);
    expect(showsTrialBanner(status({ productId: null }), 10)).toBe(true);
    expect(showsTrialBanner(status(), 11)).toBe(false);
    expect(showsTrialBanner(status(), undefined)).toBe(false);
    expect(showsTrialBanner(status({ isInTrial: false }), 10)).toBe(false);
    expect(showsTrialBanner(status({ isTrialExpired: true }), 10)).toBe(false);
    expect(showsTrialBanner(undefined, 10)).toBe(false);
  });

  it('says "Enjoy your trial of {product} phone"', () => {
    expect(trialBannerText()).toBe('Enjoy your trial of Cloud phone');
  });

  it('counts down at 3 days or fewer: "{n} day remains" / "{n} days remain"', () => {
    expect(remainingDaysText(14)).toBeNull();
    expect(remainingDaysText(4)).toBeNull();
    expect(remainingDaysText(3)).toBe('3 days remain');
    expect(remainingDaysText(2)).toBe('2 days remain');
    expect(remainingDaysText(1)).toBe('1 day remains');
    expect(remainingDaysText(0)).toBe('0 days remain');
    expect(remainingDaysText(null)).toBeNull();
  });

  it('offers "Upgrade now" for an opt-in trial after its first hour, or in it with the first-hour flag on', () => {
    const entry = new Date('2025-03-03T09:00:00Z');
    const at = (minutes: number) => new Date(entry.getTime() + minutes * 60_000);
    expect(isAfterFirstHour(entry.toISOString(), at(59))).toBe(false);
    expect(isAfterFirstHour(entry.toISOString(), at(60))).toBe(true);
    expect(isAfterFirstHour(null, at(600))).toBe(false);
    expect(showsUpgradeNow(status(), [], at(30))).toBe(false);
    expect(showsUpgradeNow(status(), [], at(61))).toBe(true);
    expect(showsUpgradeNow(status(), [{ name: UPGRADE_DIALOG_FIRST_HOUR_FLAG, enabled: true }], at(1))).toBe(true);
    expect(showsUpgradeNow(status(), [{ name: UPGRADE_DIALOG_FIRST_HOUR_FLAG, enabled: false }], at(1))).toBe(false);
    expect(
      showsUpgradeNow(status({ trialKind: null }), [{ name: UPGRADE_DIALOG_FIRST_HOUR_FLAG, enabled: true }], at(600)),
    ).toBe(false);
  });
});

describe('the upgrade trigger', () => {
  it("defaults to 'default-landing' and keeps what was set for the tab's session", () => {
    sessionStorage.clear();
    expect(upgradeTrigger()).toBe('default-landing');
    setUpgradeTrigger('upgrade-banner');
    expect(upgradeTrigger()).toBe('upgrade-banner');
    setUpgradeTrigger('trial-expired');
    expect(upgradeTrigger()).toBe('trial-expired');
    sessionStorage.setItem('portal.upgrade-trigger', 'nonsense');
    expect(upgradeTrigger()).toBe('default-landing');
  });
});
