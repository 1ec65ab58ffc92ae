import type { FastifyRequest } from 'fastify';

import { NOT_ASSIGNED, type Site } from '@portal/contract';
import { isUkPhoneNumber } from '@portal/editor-core';

import type { Handlers } from '../../routes/index.ts';
import { installationAddressOf } from '../address/index.ts';
import { advancedCallFlowAddOn } from '../call-flows/index.ts';
import * as customers from '../customers/index.ts';
import { siteAddOnsOf } from '../phone-setup/index.ts';
import { ownedVoipProduct, type Product } from '../products/index.ts';
import { seatOf, seatsOfProduct } from '../users/index.ts';
import { siteNumbers, siteNumbersWithExtensions, siteUsersWithDevices } from './site-read-model.ts';

/** Site data (spec 001 section 3 "Site") of a product already checked to be the customer's cloud phone. */
async function siteOf(request: FastifyRequest, product: Product): Promise<Site> {
  const { db } = request.server;
  const [numbers, users, addOns, seats] = await Promise.all([
    siteNumbers(db, product.id),
    siteUsersWithDevices(db, product.id),
    siteAddOnsOf(db, product.id),
    seatsOfProduct(db, product.id),
  ]);
  const pilot = numbers[0];
  return {
    product_id: product.id,
    pilot_number: pilot ? { number: pilot.number } : null,
    supplier: product.supplier,
    installation_address: product.installationAddress,
    // The site add-ons (phone-setup's catalogue, contract SITE_ADD_ONS); the advanced call flows add-on has its own endpoint.
    addons: addOns.map((row) => ({ addon_id: row.addonId, quantity: row.quantity })),
    // Keyed by id: integer-like keys keep ascending order, so the first is the main user.
    users: Object.fromEntries(
      users.map((user) => [
        String(user.id),
        {
          id: user.id,
          first_name: user.firstName,
          last_name: user.lastName,
          email: user.email,
          extension: user.extension || NOT_ASSIGNED,
          has_phone_or_app: Boolean(user.hasPhoneOrApp),
        },
      ]),
    ),
    seats: seats.map(seatOf).map(({ id, platform_id, product_id, service_plan, add_ons, extension, name }) => ({
      id,
      platform_id,
      product_id,
      service_plan,
      add_ons,
      extension,
      name,
    })),
  };
}

export const siteHandlers = {
  getSite: async ({ params, request }) => siteOf(request, await ownedVoipProduct(request, params.id)),

  getSiteById: async ({ params, request }) => siteOf(request, await ownedVoipProduct(request, params.id)),

  patchSite: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const parts = body.installation_address;
    if (parts) await customers.setInstallationAddress(request.server.db, product.id, installationAddressOf(parts));
    return siteOf(request, await ownedVoipProduct(request, product.id));
  },

  getSiteNumbers: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    const rows = await siteNumbersWithExtensions(request.server.db, product.id);
    return {
      // The pilot number (the first) reaches the call flow, so its "extension" is the public number itself.
      results: rows.map((row, index) => ({
        id: row.id,
        number: row.number,
        extension: index === 0 ? row.number : (row.extension ?? NOT_ASSIGNED),
        label: row.label,
        user:
          row.userId === null ? null : { id: row.userId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() },
      })),
    };
  },

  isUkPhoneNumber: async ({ query }) => ({ valid: isUkPhoneNumber(query.number) }),

  getAdvancedCallFlowAddOn: async ({ params, request }) =>
    advancedCallFlowAddOn(await ownedVoipProduct(request, params.id)),

  patchAdvancedCallFlowAddOn: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, params.id);
    if (product.advancedCallFlows) return advancedCallFlowAddOn(product);
    const updated = await customers.addAdvancedCallFlows(request.server.db, product.id);
    return advancedCallFlowAddOn(updated ?? { ...product, advancedCallFlows: true });
  },
} satisfies Pick<
  Handlers,
  | 'getSite'
  | 'getSiteById'
  | 'patchSite'
  | 'getSiteNumbers'
  | 'isUkPhoneNumber'
  | 'getAdvancedCallFlowAddOn'
  | 'patchAdvancedCallFlowAddOn'
>;
