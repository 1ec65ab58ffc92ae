import { BUY_NOW_CHANNEL, isProvisionedBuyNow } from '@portal/contract';

import type { Handlers } from '../../routes/index.ts';
import { notFound, ownedVoipProduct, rowId } from '../products/index.ts';
import { siteNumbers, siteUsers } from '../site/index.ts';

/**
 * The buy-now complete page's data (/buynow/complete/{id}, spec 000 sections 2 and 4): what
 * the customer bought online, read from the product, its numbers and its users. A product of
 * the customer's that was not bought online is 404 like any other that is not theirs: the page
 * has nothing to say about it.
 */
export const buyNowHandlers = {
  getBuyNowSummary: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.product_id));
    if (product.channel !== BUY_NOW_CHANNEL) throw notFound();
    const { db } = request.server;
    const [numbers, users] = await Promise.all([siteNumbers(db, product.id), siteUsers(db, product.id)]);
    const [pilot, ...others] = numbers;
    return {
      product_id: product.id,
      product_detail: product.productDetail,
      status: product.status,
      supplier: product.supplier,
      confirmed_date: product.confirmedDate,
      pilot_number: pilot?.number ?? null,
      other_numbers: others.map((number) => number.number),
      users: users.map((user) => ({ name: `${user.firstName} ${user.lastName}`.trim(), extension: user.extension })),
      installation_address: product.installationAddress?.summary_line ?? null,
      is_show_welcome: isProvisionedBuyNow(product),
    };
  },
} satisfies Pick<Handlers, 'getBuyNowSummary'>;
