import type { NavigationProduct, TrialStatus } from '@portal/contract';

/** The third cloud-phone supplier ("voip3"). */
const VOIP3_SUPPLIER = 3;

/**
 * Whether the quick-start wizard opens (spec 000 section 4): the selected product is voip3,
 * show_quickstart_popup is set and the trial is not expired. Kept apart and tiny: the default
 * layout asks it on every page and loads the wizard only when it answers true.
 */
export function opensQuickstart(
  trial: TrialStatus | undefined,
  product: Pick<NavigationProduct, 'supplier'> | undefined,
): boolean {
  return product?.supplier === VOIP3_SUPPLIER && trial?.show_quickstart_popup === true && !trial.isTrialExpired;
}
