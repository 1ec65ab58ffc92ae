import type { UpgradeTrigger } from './rules.ts';

/**
 * The upgrade trigger (spec 001: the upgrade page's trigger defaults to 'default-landing';
 * the banner sets 'upgrade-banner', an ended trial 'trial-expired'). Kept for the tab's
 * session, so the upgrade page still knows it after a reload.
 */
const STORAGE_KEY = 'portal.upgrade-trigger';
const TRIGGERS: readonly UpgradeTrigger[] = ['default-landing', 'upgrade-banner', 'trial-expired'];

export function setUpgradeTrigger(trigger: UpgradeTrigger): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, trigger);
  } catch {
    // Storage refused (private mode, quota): the page falls back to the default.
  }
}

export function upgradeTrigger(): UpgradeTrigger {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // as above
  }
  return TRIGGERS.find((trigger) => trigger === stored) ?? 'default-landing';
}
