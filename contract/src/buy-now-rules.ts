// Without schemas, so the start-up rule that loads with every signed-in page carries nothing else.

/** The sales channel of a product bought online (spec 000 section 3: 'A Buy Now product has channel "Buy Now"'). */
export const BUY_NOW_CHANNEL = 'Buy Now';
/** The (lower-cased) status of a buy-now product just provisioned, whose complete page is still to be seen. */
export const BUY_NOW_PROVISIONED = 'buy now provisioned';

/**
 * A buy-now product that has just been provisioned (spec 000 sections 3 and 4): the start-up
 * rule sends a voip3 one to its buy-now complete page. The welcome call
 * (POST /api/v1/voip/{id}/welcome/) makes it live, which ends that.
 * @example isProvisionedBuyNow({ channel: 'Buy Now', status: 'buy now provisioned' }) // true
 */
export function isProvisionedBuyNow(product: { channel: string; status: string }): boolean {
  return product.channel === BUY_NOW_CHANNEL && product.status === BUY_NOW_PROVISIONED;
}
