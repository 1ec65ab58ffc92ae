import { queryOptions, useQuery } from '@tanstack/react-query';

import { trialEndpoints, type TrialStatus } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import type { UpgradeTrigger } from '../rules.ts';

/** GET /api/v1/trial/status/: the signed-in customer's trial status. */
export function getTrialStatus(signal?: AbortSignal) {
  return apiCall(trialEndpoints.getTrialStatus, { signal });
}

export function trialStatusQueryOptions() {
  return queryOptions({
    queryKey: ['trial', 'status'],
    queryFn: ({ signal }) => getTrialStatus(signal),
  });
}

export function useTrialStatus() {
  return useQuery(trialStatusQueryOptions());
}

/** Whether the customer is in a trial of this product (a trial without a product counts for every product). */
export function isInTrialFor(status: TrialStatus | undefined, productId: number): boolean {
  if (!status?.isInTrial) return false;
  return status.productId === null || status.productId === productId;
}

// The upgrade trigger lives beside the trial status: every page that reads one reads the other
// (the layout's start-up, the banner, the quick start, the upgrade page), so they share a chunk;
// a module of its own became one more file on the home page (bench/bundle.mjs).

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
