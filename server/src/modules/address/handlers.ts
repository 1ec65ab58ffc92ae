import type { Handlers } from '../../routes/index.ts';
import * as customers from '../customers/index.ts';
import { ownedVoipProduct, rowId } from '../products/index.ts';
import { installationAddressOf } from './installation-address.ts';

/**
 * The address lookup and a cloud phone's emergency (installation) address (spec 000 sections
 * 4, 5 and 7). The contract validates the postcode and the address (answering its messages
 * with 400) and normalises them; the lookup itself is the app's `addressLookup` adapter
 * (server/src/address/).
 */
export const addressHandlers = {
  addressLookup: async ({ query, request }) => ({ results: await request.server.addressLookup.find(query.postcode) }),

  patchEmergencyContactDetails: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.product_id));
    const address = installationAddressOf(body.installation_address);
    // The navigation's has_installation_address follows from this column.
    await customers.setInstallationAddress(request.server.db, product.id, address);
    return { installation_address: address };
  },
} satisfies Pick<Handlers, 'addressLookup' | 'patchEmergencyContactDetails'>;
