// zod/mini, like the other contracts a page loads: the upgrade page loads these on demand.
import * as z from 'zod/mini';

import { InstallationAddress, InstallationAddressInput } from './address.ts';
import { endpoint } from './endpoint.ts';
import { idText } from './ids.ts';

/**
 * Upgrade, migration and provisioning (spec 000 section 2 "/upgrade/{id}", spec 001 sections
 * 2, 3, 4 "Upgrade (2 to 3)" and 7 "Upgrade/migration"). The spec names the calls, the steps
 * ('address' first), the triggers, is_show_upgrade_page, show_migration_banner and the
 * provisioning status's `provisioned` and `status`; everything else here is our design:
 *
 * - An upgrade is of one of two kinds: `trial` (an opt-in trial, running or ended, becomes a
 *   full cloud phone) or `migration` (a supplier-2 cloud phone moves to the third generation,
 *   voip3: "2 to 3"). A voip3 phone that is not in a trial has nothing to upgrade to.
 * - Starting one starts a provisioning job (the same job the sign-up journeys start for a new
 *   product); GET /api/v1/signup/{id}/provisioning-status/ reports the product's latest job.
 * - A job is pending (accepted, not started), provisioning (under way, with progress 1-99 and
 *   the step it is at), provisioned (done, progress 100) or failed (detail says why).
 * - The migration banner shows for a supplier-2 phone (book a call with the migrations team)
 *   and while a migration is under way (its progress).
 */

/** What kind of provisioning a job does. */
export const ProvisioningKind = z.enum(['upgrade', 'migration', 'signup']);
export type ProvisioningKind = z.infer<typeof ProvisioningKind>;

export const ProvisioningState = z.enum(['pending', 'provisioning', 'provisioned', 'failed']);
export type ProvisioningState = z.infer<typeof ProvisioningState>;

/** The steps a job of each kind goes through, in order; a job reports the one it is at. */
export const provisioningSteps: Record<ProvisioningKind, readonly string[]> = {
  upgrade: [
    'Confirming your installation address',
    'Setting up your plan',
    'Keeping your numbers and users',
    'Switching on your full phone system',
  ],
  migration: [
    'Checking your current phone system',
    'Copying your users and numbers',
    'Moving your call flows',
    'Switching you over',
  ],
  signup: ['Reserving your number', 'Creating your phone system', 'Setting up your users', 'Finishing off'],
};

/**
 * The step a job is at for its progress (0-100).
 * @example provisioningStep('upgrade', 50) // 'Keeping your numbers and users'
 */
export function provisioningStep(kind: ProvisioningKind, progress: number): string {
  const steps = provisioningSteps[kind];
  const index = Math.min(steps.length - 1, Math.max(0, Math.floor((progress / 100) * steps.length)));
  return steps[index] ?? '';
}

/** A product's provisioning (GET /api/v1/signup/{id}/provisioning-status/, and the upgrade's answer). */
export const ProvisioningStatus = z.object({
  product_id: z.int(),
  /** null when the product was never provisioned through a job (it simply is live). */
  job_id: z.nullable(z.int()),
  kind: z.nullable(ProvisioningKind),
  status: ProvisioningState,
  provisioned: z.boolean(),
  /** 0-100: 0 pending, 1-99 under way, 100 provisioned. */
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  /** The step it is at, in words; null when there is no job. */
  step: z.nullable(z.string()),
  /** Why it failed, in words; null otherwise. */
  detail: z.nullable(z.string()),
  started_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
});
export type ProvisioningStatus = z.infer<typeof ProvisioningStatus>;

/** The plans a cloud phone upgrades to (the spec shows none; prices per user per month, before VAT). */
export const UPGRADE_PLANS = [
  {
    id: 'essentials',
    name: 'Essentials',
    monthly_price: '12.00',
    description: 'Calls to UK landlines and mobiles, call flows, voicemail and the apps',
  },
  {
    id: 'professional',
    name: 'Professional',
    monthly_price: '18.00',
    description: 'Everything in Essentials, with call recording and call reports',
  },
] as const;
export type UpgradePlanId = (typeof UPGRADE_PLANS)[number]['id'];
export const UpgradePlanIdSchema = z.enum(['essentials', 'professional'], 'Choose a plan: essentials or professional');

export const UpgradePlan = z.object({
  id: z.string(),
  name: z.string(),
  monthly_price: z.string(),
  description: z.string(),
});
export type UpgradePlan = z.infer<typeof UpgradePlan>;

/** VAT on the plan's price (spec 000 section 9: VAT 20%, factor 1.2). */
export const UPGRADE_VAT_RATE = 0.2;

/** The monthly price of a plan with its VAT, in pounds with 2 decimals. @example upgradePrices('12.00') // { price: '12.00', vat: '2.40', total: '14.40' } */
export function upgradePrices(monthlyPrice: string): { price: string; vat: string; total: string } {
  const pence = Math.round(Number(monthlyPrice) * 100);
  const vat = Math.round(pence * UPGRADE_VAT_RATE);
  const pounds = (value: number) => (value / 100).toFixed(2);
  return { price: pounds(pence), vat: pounds(vat), total: pounds(pence + vat) };
}

export const UpgradeKind = z.enum(['trial', 'migration']);
export type UpgradeKind = z.infer<typeof UpgradeKind>;

/** GET /api/v1/voip/{id}/upgrade/eligibility/: whether the phone can be upgraded, why not, and what the page's steps need. */
export const UpgradeEligibility = z.object({
  product_id: z.int(),
  is_eligible: z.boolean(),
  /** Why not, in words (empty when eligible). */
  reasons: z.array(z.string()),
  /** The same rule as the navigation's is_show_upgrade_page for this product. */
  is_show_upgrade_page: z.boolean(),
  show_migration_banner: z.boolean(),
  upgrade_kind: z.nullable(UpgradeKind),
  product_detail: z.string(),
  installation_address: z.nullable(InstallationAddress),
  plans: z.array(UpgradePlan),
  trial: z.nullable(z.object({ ends_at: z.string(), is_expired: z.boolean() })),
  /** The upgrade or migration under way (or the last one), for the page's progress after a reload; null when none ever ran. */
  provisioning: z.nullable(ProvisioningStatus),
  /** The migration under way, for the migration banner; null when none is. */
  migration: z.nullable(ProvisioningStatus),
});
export type UpgradeEligibility = z.infer<typeof UpgradeEligibility>;

export const upgradeMessages = {
  notEligible: 'This phone cannot be upgraded now',
  underWay: 'An upgrade of this phone is already under way',
  notCloudPhone: 'Only our cloud phones can be upgraded here',
  suspended: 'This phone is suspended: please contact us to upgrade it',
  upToDate: 'This phone is already a full cloud phone on our latest system',
  addressRequired: 'Send the installation address: post_code, line_one, line_two, city and county',
} as const;

/** POST /api/v1/voip/{id}/upgrade/ (and POST /api/v1/signup/upgrade/{productId}/): the plan and the confirmed installation address. */
export const UpgradeRequest = z.object({
  plan_id: UpgradePlanIdSchema,
  installation_address: z.object({ ...InstallationAddressInput.shape }, { error: upgradeMessages.addressRequired }),
});
export type UpgradeRequest = z.input<typeof UpgradeRequest>;

const ProductParams = z.object({ id: idText('Unknown product') });
const SignupUpgradeParams = z.object({ productId: idText('Unknown product') });

export const upgradeEndpoints = {
  upgradeEligibility: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:id/upgrade/eligibility/',
    summary:
      'Whether a cloud phone can be upgraded (trial to full, or supplier 2 to 3), and what the upgrade page needs',
    auth: true,
    params: ProductParams,
    response: UpgradeEligibility,
  }),
  startUpgrade: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:id/upgrade/',
    summary: 'Starts the upgrade of a cloud phone: a provisioning job; 409 when not eligible',
    auth: true,
    params: ProductParams,
    body: UpgradeRequest,
    response: ProvisioningStatus,
    status: 201,
  }),
  startSignupUpgrade: endpoint({
    method: 'POST',
    path: '/api/v1/signup/upgrade/:productId/',
    summary: "The sign-up journey's way to start the same upgrade (same payload and answer)",
    auth: true,
    params: SignupUpgradeParams,
    body: UpgradeRequest,
    response: ProvisioningStatus,
    status: 201,
  }),
  provisioningStatus: endpoint({
    method: 'GET',
    path: '/api/v1/signup/:id/provisioning-status/',
    summary: "A product's provisioning: its latest job's status and progress",
    auth: true,
    params: ProductParams,
    response: ProvisioningStatus,
  }),
};
