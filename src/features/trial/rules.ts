import type { FeatureFlag, TrialStatus } from '@portal/contract';

import { brand } from '../../config/brand.ts';

/**
 * The trial banner's rules (spec 000 section 2, spec 001 section 4), as plain functions.
 */

/** The banner counts the days down from this many days left. */
export const TRIAL_COUNTDOWN_DAYS = 3;
/** The trial upgrade prompt shows once this long has passed since status_entry. */
export const UPGRADE_PROMPT_AFTER_MS = 60 * 60 * 1000;
/** The feature flag "upgrade dialog in the first hour" (the spec does not name it). */
export const UPGRADE_DIALOG_FIRST_HOUR_FLAG = 'upgrade_dialog_first_hour';

/** Where the upgrade page was opened from (spec 001: 'default-landing' unless set). */
export type UpgradeTrigger = 'default-landing' | 'upgrade-banner' | 'trial-expired';

/** Whether the banner shows: the customer is in a trial of the selected product, not yet ended (an ended one goes to upgrade). */
export function showsTrialBanner(
  status: TrialStatus | undefined,
  productId: number | undefined,
): status is TrialStatus {
  if (!status?.isInTrial || status.isTrialExpired || productId === undefined) return false;
  return status.productId === null || status.productId === productId;
}

export const trialBannerText = (): string => `Enjoy your trial of ${brand.productName} phone`;

/** "1 day remains", "{n} days remain" with 3 or fewer days left; null with more (or unknown). */
export function remainingDaysText(remainDays: number | null): string | null {
  if (remainDays === null || remainDays > TRIAL_COUNTDOWN_DAYS) return null;
  return remainDays === 1 ? '1 day remains' : `${remainDays} days remain`;
}

/** Whether at least an hour has passed since the trial's status_entry. */
export function isAfterFirstHour(statusEntry: string | null, now: Date): boolean {
  if (!statusEntry) return false;
  const entered = new Date(statusEntry).getTime();
  return Number.isFinite(entered) && now.getTime() - entered >= UPGRADE_PROMPT_AFTER_MS;
}

/** The upgrade prompt's words: the upgrade's offer, a way to it and a way to say not now. */
export const upgradePromptText = {
  title: `Keep your ${brand.productName} phone`,
  offer:
    'Upgrade before your trial ends to keep your business number, your users and your call flows, with nothing to set up again. Choose a plan in a few steps.',
  upgrade: 'See upgrade options',
  dismiss: 'Not now',
} as const;

/**
 * Whether the trial's upgrade prompt is due: a running opt-in trial, at least an hour after status_entry,
 * whose prompt the server has not yet seen shown (it shows once per trial).
 */
export function upgradePromptDue(status: TrialStatus, now: Date): boolean {
  return (
    status.trialKind === 'OPT_IN' &&
    !status.isTrialExpired &&
    status.upgrade_prompt_shown !== true &&
    isAfterFirstHour(status.status_entry, now)
  );
}

/** "Upgrade now": an opt-in trial, with the first-hour upgrade flag on or the first hour over. */
export function showsUpgradeNow(status: TrialStatus, flags: readonly FeatureFlag[], now: Date): boolean {
  if (status.trialKind !== 'OPT_IN') return false;
  const flagOn = flags.some((flag) => flag.name === UPGRADE_DIALOG_FIRST_HOUR_FLAG && flag.enabled);
  return flagOn || isAfterFirstHour(status.status_entry, now);
}
