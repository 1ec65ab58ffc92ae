import { isProvisionedBuyNow, type NavigationProduct, type TrialStatus } from '@portal/contract';

import * as paths from '../../config/paths.ts';
import type { UpgradeTrigger } from '../trial/index.ts';
import { phoneVersion, routeAt, VOIP3_ONLY_ROUTES, VOIP3_SHOP_REDIRECT } from './rules.ts';

/**
 * The default layout's start-up decisions (spec 000 section 4), as plain functions; the
 * loader (startup-loader.ts) loads what they need and acts on their answer. Kept apart from
 * rules.ts so that only the loader's chunk carries them.
 */

export type StartUpDecision =
  { kind: 'stay' } | { kind: 'redirect'; to: string; trigger?: UpgradeTrigger } | { kind: 'not-found' };

export interface StartUpInput {
  pathname: string;
  /** getting_started_product_ids, or undefined when the list could not be loaded. */
  gettingStarted: readonly number[] | undefined;
  /** The selected product, or undefined without products (or navigation). */
  selected: NavigationProduct | undefined;
  /** The first product with the phone settings pages (sorted live first), for the pages without an id. */
  firstPhone: NavigationProduct | undefined;
  trial: TrialStatus | undefined;
}

/**
 * What the default layout does on arriving at a page, the spec's steps in its order:
 * 1. a getting-started entry goes to getting-started "welcome" with the first id;
 * (route rules) /users-devices and /phone-numbers without an id go to the first cloud phone's page;
 * 3. the shop for a voip3 phone goes to coming-soon, a voip3-only page for an older phone is 404;
 * then a provisioned buy-now voip3 product goes to its buy-now complete page (until the page's
 * welcome call makes it live), and an expired
 * opt-in trial of the selected product goes to its upgrade page (trigger trial-expired).
 */
export function startUpDecision({
  pathname,
  gettingStarted,
  selected,
  firstPhone,
  trial,
}: StartUpInput): StartUpDecision {
  const first = gettingStarted?.[0];
  if (first !== undefined)
    return { kind: 'redirect', to: paths.gettingStartedPage.build({ page: 'welcome' }, { id: first }) };

  const route = routeAt(pathname);
  // Route rules: /users-devices and /phone-numbers without an id go to the first product's page.
  if (route.name === paths.usersDevicesWithoutId.name || route.name === paths.phoneNumbersWithoutId.name) {
    if (!firstPhone) return { kind: 'not-found' };
    const id = firstPhone.product_id;
    return {
      kind: 'redirect',
      to:
        route.name === paths.usersDevicesWithoutId.name
          ? paths.usersDevices.build({ id }, { tab: 'users' })
          : paths.phoneNumbers.build({ id }),
    };
  }
  const version = phoneVersion(selected);
  if (VOIP3_SHOP_REDIRECT && route.name === paths.shop.name && version === 'voip3')
    return { kind: 'redirect', to: paths.comingSoon.build() };
  if (version === 'voip' && route.name !== null && VOIP3_ONLY_ROUTES.includes(route.name)) return { kind: 'not-found' };

  if (selected && selected.supplier === 3 && isProvisionedBuyNow(selected)) {
    return { kind: 'redirect', to: paths.buynowComplete.build({ id: selected.product_id }) };
  }

  const trialOfSelected =
    selected && trial?.isInTrial && (trial.productId === null || trial.productId === selected.product_id);
  if (trialOfSelected && trial.isTrialExpired && trial.trialKind === 'OPT_IN' && route.name !== paths.upgrade.name) {
    return { kind: 'redirect', to: paths.upgrade.build({ id: selected.product_id }), trigger: 'trial-expired' };
  }
  return { kind: 'stay' };
}
