// zod/mini, like the other shell schemas. The rules are in buy-now-rules.ts: the start-up loads
// them with every signed-in page, and this module's schemas (top-level calls) would come along.
import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';
import { idText } from './ids.ts';

export { BUY_NOW_CHANNEL, BUY_NOW_PROVISIONED, isProvisionedBuyNow } from './buy-now-rules.ts';

const BuyNowSummaryParams = z.object({ product_id: idText('Unknown product') });

/** A user of the bought cloud phone, as the summary lists it: name and extension. */
export const BuyNowSummaryUser = z.object({ name: z.string(), extension: z.string() });

/**
 * GET /api/v1/voip/{product_id}/buy-now/summary/ (ours: the spec shows the buy-now complete
 * page, /buynow/complete/{id}, but no call for it): what was bought online, for that page.
 * Only a cloud phone of the customer's bought through "Buy Now"; anything else is 404.
 * Prices are not held by the portal's data, so the summary has none.
 */
export const BuyNowSummary = z.object({
  product_id: z.int(),
  /** The product as sold, e.g. "Cloud phone - 1 user". */
  product_detail: z.string(),
  status: z.string(),
  supplier: z.int(),
  /** When the order was confirmed (YYYY-MM-DD), or null while it is not. */
  confirmed_date: z.nullable(z.string()),
  /** The phone's main number (national format, no spaces), or null while none is assigned. */
  pilot_number: z.nullable(z.string()),
  /** The other numbers of the phone, in the order they were added. */
  other_numbers: z.array(z.string()),
  /** The phone's users, the main user first. */
  users: z.array(BuyNowSummaryUser),
  /** The installation address on one line, or null while none is given. */
  installation_address: z.nullable(z.string()),
  /** Whether the start-up still sends the customer to the complete page (the welcome call ends it). */
  is_show_welcome: z.boolean(),
});
export type BuyNowSummary = z.infer<typeof BuyNowSummary>;

export const buyNowEndpoints = {
  getBuyNowSummary: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:product_id/buy-now/summary/',
    summary: 'What was bought online: the cloud phone, its numbers and users',
    auth: true,
    params: BuyNowSummaryParams,
    response: BuyNowSummary,
  }),
};
