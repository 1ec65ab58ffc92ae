import { upgradeMessages, type UpgradeKind } from '@portal/contract';

/**
 * The upgrade's rules (spec 001 sections 2 and 4, "Upgrade (2 to 3)"), as plain functions of
 * what is known about a product; the navigation (is_show_upgrade_page) and the eligibility
 * endpoint both ask them. Our reading, where the spec is silent: a cloud phone (voip2) has
 * something to upgrade to while it is in an opt-in trial (running or ended: buy it) or on
 * supplier 2 (move to voip3); it keeps the upgrade page while its upgrade is under way.
 */
export interface UpgradeFacts {
  kind: string;
  tariffVersion: string | null;
  supplier: number;
  serviceStatus?: 'active' | 'blocked';
  inTrial: boolean;
  /** An upgrade or migration of the product is under way (pending or provisioning). */
  upgradeUnderWay: boolean;
}

const isCloudPhone = (facts: UpgradeFacts) => facts.kind === 'voip' && facts.tariffVersion === 'TARIFF_V3';

/** What the product would upgrade by: an ended or running trial is bought; supplier 2 migrates to 3. */
export function upgradeKindOf(facts: UpgradeFacts): UpgradeKind | null {
  if (!isCloudPhone(facts)) return null;
  if (facts.inTrial) return 'trial';
  if (facts.supplier === 2) return 'migration';
  return null;
}

/** is_show_upgrade_page: the side navigation's Upgrade link and the /upgrade/{id} page. */
export function showsUpgradePage(facts: UpgradeFacts): boolean {
  return upgradeKindOf(facts) !== null || (isCloudPhone(facts) && facts.upgradeUnderWay);
}

/** Whether the product can start an upgrade now, and every reason it cannot. */
export function upgradeEligibilityOf(facts: UpgradeFacts): { isEligible: boolean; reasons: string[] } {
  const reasons: string[] = [];
  if (!isCloudPhone(facts)) reasons.push(upgradeMessages.notCloudPhone);
  else {
    if (facts.upgradeUnderWay) reasons.push(upgradeMessages.underWay);
    else if (upgradeKindOf(facts) === null) reasons.push(upgradeMessages.upToDate);
    if (facts.serviceStatus === 'blocked') reasons.push(upgradeMessages.suspended);
  }
  return { isEligible: reasons.length === 0, reasons };
}

/** The migration banner: a supplier-2 cloud phone (book the move), or one whose migration is under way (its progress). */
export function showsMigrationBanner(facts: UpgradeFacts, migrationUnderWay: boolean): boolean {
  return isCloudPhone(facts) && (facts.supplier === 2 || migrationUnderWay);
}
