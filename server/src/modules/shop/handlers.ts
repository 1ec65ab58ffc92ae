import { addressSummaryLine, MAX_DEVICES, poundsOf, shopMessages, type PurchaseResult } from '@portal/contract';

import { authOf } from '../../plugins/auth.ts';
import { detailError, fieldError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { notFound, ownedVoipProduct, rowId } from '../products/index.ts';
import { checkBasket, isRefusal } from './rules.ts';
import { makePurchase, purchaseByKey, shopItemsInOrder, type PurchaseRow } from './shop-repository.ts';

const resultOf = (purchase: PurchaseRow): PurchaseResult => ({
  id: purchase.orderId,
  order_id: purchase.reference,
  subtotal: poundsOf(purchase.subtotalPence),
  vat: poundsOf(purchase.vatPence),
  total: poundsOf(purchase.totalPence),
  payment: purchase.payment,
  payment_text: shopMessages.nextBill,
  devices: purchase.devices,
  delivery_post_code: purchase.deliveryAddress.post_code,
});

/**
 * The hardware purchase (spec 001 section 7): for the signed-in customer's own account only (any
 * other account id is 404), for one of its cloud phones whose shop is open (voip3 phones go to
 * coming-soon, spec 000 section 2), priced here from the catalogue with the contract's totals rule.
 */
export const shopHandlers = {
  purchaseHardware: async ({ params, body, request }) => {
    const { accountId } = authOf(request).user;
    if (accountId === null || rowId(params.accountId) !== accountId) throw notFound();
    const earlier = await purchaseByKey(request.server.db, accountId, body.idempotency_key);
    if (earlier) return resultOf(earlier);
    const product = await ownedVoipProduct(request, body.product_id);
    if (product.supplier === 3 || !product.showProductPages) throw detailError(403, shopMessages.shopClosed);
    const basket = checkBasket(body.lines, await shopItemsInOrder(request.server.db));
    if (isRefusal(basket))
      throw basket.status === 409 ? detailError(409, basket.message) : fieldError('lines', basket.message);
    const deliveryAddress = { ...body.delivery_address, summary_line: addressSummaryLine(body.delivery_address) };
    const purchase = await makePurchase(request.server.db, {
      accountId,
      productId: product.id,
      idempotencyKey: body.idempotency_key,
      deliveryAddress,
      basket,
      maxDevices: MAX_DEVICES,
      now: new Date(),
    });
    if (purchase === 'too-many-devices') throw detailError(409, shopMessages.tooManyDevices);
    return resultOf(purchase);
  },
} satisfies Pick<Handlers, 'purchaseHardware'>;
