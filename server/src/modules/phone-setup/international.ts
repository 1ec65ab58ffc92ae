import type { FastifyInstance } from 'fastify';

import {
  INTERNATIONAL_TARIFF_ORDER,
  phoneSetupMessages as messages,
  SITE_ADD_ONS,
  upgradePrices,
  type InternationalTariff,
} from '@portal/contract';

import { detailError, fieldError } from '../../plugins/errors.ts';
import {
  phoneSettingsOf,
  removeSiteAddOnGroup,
  replaceSiteAddOnInGroup,
  siteAddOnsOf,
} from './phone-settings-repository.ts';

/**
 * International calling (spec 001 sections 3, 7 and 9): the one catalogue of tariffs (the site add-ons of the
 * international group, in the spec's order) and the rule that gives a phone one of them, or none. The account
 * add-ons page and the trial sign-up's last page both read and write it here.
 */

type CatalogueAddOn = (typeof SITE_ADD_ONS)[number];

export const INTERNATIONAL_IDS: readonly number[] = SITE_ADD_ONS.filter((a) => a.group === 'international').map(
  (a) => a.id,
);

/** A tariff as both pages show it: its price before VAT and with VAT (20%, spec 000 section 9). */
export function tariffOf(addOn: CatalogueAddOn): InternationalTariff {
  return {
    id: addOn.id,
    name: addOn.name,
    standard_price: addOn.standard_price,
    price_with_vat: upgradePrices(addOn.standard_price).total,
    description: addOn.description,
  };
}

/** The tariffs in the spec's order (ULTD INTL Saver, INTL Saver 500m, INTL Saver 1000m). */
export const internationalTariffs = (): InternationalTariff[] =>
  INTERNATIONAL_TARIFF_ORDER.map((name) => tariffOf(SITE_ADD_ONS.find((a) => a.name === name)!));

/** The phone's tariff, or null, and whether its account passed the identity checks international calling needs. */
export async function internationalCalling(
  server: FastifyInstance,
  productId: number,
): Promise<{ tariff: InternationalTariff | null; kyc_passed: boolean }> {
  const [settings, addOns] = await Promise.all([
    phoneSettingsOf(server.db, productId),
    siteAddOnsOf(server.db, productId),
  ]);
  const current = SITE_ADD_ONS.find((a) => a.group === 'international' && addOns.some((row) => row.addonId === a.id));
  return { tariff: current ? tariffOf(current) : null, kyc_passed: settings.kycPassed };
}

/**
 * Gives the phone tariff `tariffId` in place of the one it had (null: none). An id that is not an international
 * tariff is 400 on tariff_id; a tariff for an account without the identity checks is 403.
 */
export async function setInternationalTariff(
  server: FastifyInstance,
  productId: number,
  tariffId: number | null,
): Promise<void> {
  if (tariffId === null) {
    await removeSiteAddOnGroup(server.db, productId, INTERNATIONAL_IDS);
    return;
  }
  if (!INTERNATIONAL_IDS.includes(tariffId)) throw fieldError('tariff_id', messages.tariffUnknown);
  if (!(await phoneSettingsOf(server.db, productId)).kycPassed) throw detailError(403, messages.kycNeeded);
  await replaceSiteAddOnInGroup(server.db, productId, INTERNATIONAL_IDS, tariffId);
}
