import {
  displayPrice,
  upgradePrices,
  type UpgradeEligibility,
  type UpgradeKind,
  type UpgradePlan,
} from '@portal/contract';

import { brand } from '../../config/brand.ts';
import type { UpgradeTrigger } from '../trial/index.ts';

/**
 * The upgrade page's words (spec 001 section 2: the trigger shapes the first words). The spec
 * gives no wording; ours: an ended trial is told it ended and what it keeps, the trial banner's
 * button is thanked for, and anyone else is offered the upgrade plainly.
 */
export function upgradeIntro(trigger: UpgradeTrigger, kind: UpgradeKind | null): { heading: string; text: string } {
  const phone = `${brand.productName} phone`;
  if (kind === 'migration') {
    return {
      heading: `Move to our latest ${phone}`,
      text: 'Your numbers, users and call flows come with you. Confirm where your phone is used, choose a plan, and we move you over.',
    };
  }
  if (trigger === 'trial-expired') {
    return {
      heading: 'Your free trial has ended',
      text: `Upgrade to keep your ${phone}, your numbers and everything you set up. Confirm a few details and your portal is back in minutes.`,
    };
  }
  if (trigger === 'upgrade-banner') {
    return {
      heading: `Upgrade your ${phone} trial`,
      text: 'Keep everything you set up in your trial. Confirm where your phone is used, choose a plan, and we do the rest.',
    };
  }
  return {
    heading: `Upgrade your ${phone}`,
    text: 'Confirm where your phone is used, choose a plan, and we do the rest.',
  };
}

export const stepLabels = {
  address: 'Address',
  plan: 'Plan',
  summary: 'Summary',
  confirmation: 'Confirmation',
} as const;

/** A plan's monthly figures for the summary: price, VAT and total. */
export function planPrices(plan: Pick<UpgradePlan, 'monthly_price'>) {
  const { price, vat, total } = upgradePrices(plan.monthly_price);
  return { price: displayPrice(price), vat: displayPrice(vat), total: displayPrice(total) };
}

/** What the page shows: the steps, a finished upgrade, or why there is nothing to upgrade. */
export type UpgradeView = 'steps' | 'resume' | 'done' | 'not-available';

export function upgradeView(eligibility: UpgradeEligibility): UpgradeView {
  const job = eligibility.provisioning;
  if (job && (job.status === 'pending' || job.status === 'provisioning')) return 'resume';
  if (eligibility.is_eligible) return 'steps';
  if (job?.status === 'provisioned') return 'done';
  return 'not-available';
}
