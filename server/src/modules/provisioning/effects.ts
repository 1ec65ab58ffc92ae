import { UPGRADE_PLANS } from '@portal/contract';

/** The plan an upgrade job's payload names, in words (the first plan if the payload is unreadable). */
export function upgradePlanName(payload: Record<string, unknown>): string {
  const plan = UPGRADE_PLANS.find((candidate) => candidate.id === payload.plan_id) ?? UPGRADE_PLANS[0];
  return plan.name;
}
