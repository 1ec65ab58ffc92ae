// zod/mini, like the other contracts a page loads on demand: the shop's pages load these.
import * as z from 'zod/mini';

import { InstallationAddressInput } from './address.ts';
import { penceOf } from './billing.ts';
import { endpoint } from './endpoint.ts';
import { idInteger, idText } from './ids.ts';

/**
 * The hardware shop (spec 001 sections 2, 3 "Shop item", 7 "Hardware", 9; spec 000 section 9). The
 * spec names the item's fields (id, name, price, category, sub_category, quantity kept locally), a
 * delivery charge item (category Setup, no sub-category, quantity 1), the purchase line
 * (charge_credit_id, product, quantity, total) and VAT at 20 % (factor 1.2) on the items plus
 * delivery. Our decisions:
 *
 * - Prices are integer pence in the database and strings of pounds with 2 decimals ("59.99",
 *   before VAT) in the API, as the spec's other prices are.
 * - A purchase line's `charge_credit_id` is the shop item's id, `product` its name, `total` its
 *   price times the quantity (before VAT). The server recomputes every total with shopTotals
 *   below and refuses a basket whose totals are not what it would charge (409: prices changed).
 * - The delivery line is sent like any other line, once, quantity 1.
 * - Payment: the purchase is added to the customer's next bill (PurchaseResult.payment
 *   says how it was paid, so another way to pay can be added beside it).
 * - Each checkout carries an idempotency key: the same key again answers the first purchase.
 */

/** VAT on shop items plus delivery (spec 000 section 9: 20 %, factor 1.2). */
export const SHOP_VAT_RATE = 0.2;
/** The most of one item in a basket (ours). */
export const MAX_ITEM_QUANTITY = 20;
/** The category of the delivery charge (spec 001 section 3). */
export const DELIVERY_CATEGORY = 'Setup';
/** How long the catalogue is kept before it is fetched again (spec 001 section 9: 24 hours). */
export const SHOP_CACHE_MS = 24 * 60 * 60 * 1000;

export const shopMessages = {
  unknownItem: 'This item is no longer in the shop: remove it from your basket',
  quantity: `Choose between 1 and ${MAX_ITEM_QUANTITY} of an item`,
  emptyBasket: 'Your basket is empty: add an item first',
  duplicateItem: 'Each item goes in the basket once, with its quantity',
  deliveryOnce: 'Delivery is charged once, quantity 1',
  priceChanged: 'Prices have changed since you opened the shop: review your basket and try again',
  total: 'A line total is pounds with 2 decimals, such as 59.99',
  idempotencyKey: 'Start the checkout again',
  shopClosed: 'The shop is not open for your cloud phone yet.',
  tooManyDevices: 'A cloud phone can have at most 50 devices: this order would pass that',
  nextBill: 'Added to your next bill',
} as const;

/** A shop item (spec 001 section 3): price in pounds before VAT; sub_category null for the delivery charge. */
export const ShopItem = z.object({
  id: z.int(),
  name: z.string(),
  price: z.string(),
  category: z.string(),
  sub_category: z.nullable(z.string()),
});
export type ShopItem = z.infer<typeof ShopItem>;

/** An item's price in pence: NaN when it is not pounds (billing's penceOf reads them). @example pricePence('59.99') // 5999 */
export const pricePence = (price: string): number => penceOf(price) ?? Number.NaN;

/** A line of a basket: an item's price in pence and how many. */
export interface PricedLine {
  pricePence: number;
  quantity: number;
}

export interface ShopTotals {
  /** The items before VAT, in pence. */
  items: number;
  delivery: number;
  /** Items plus delivery, before VAT. */
  subtotal: number;
  vat: number;
  /** What is charged: subtotal plus VAT. */
  total: number;
}

/**
 * The basket's totals in pence (spec 001 section 9): VAT at 20 % on the items plus delivery, the
 * delivery charged once when any item is in the basket. The one rule: the shop page shows it and
 * the server charges it.
 * @example shopTotals([{ pricePence: 5999, quantity: 2 }], 799) // { items: 11998, delivery: 799, subtotal: 12797, vat: 2559, total: 15356 }
 */
export function shopTotals(lines: readonly PricedLine[], deliveryPence: number): ShopTotals {
  const items = lines.reduce((sum, line) => sum + line.pricePence * line.quantity, 0);
  const delivery = items > 0 ? deliveryPence : 0;
  const subtotal = items + delivery;
  const vat = Math.round(subtotal * SHOP_VAT_RATE);
  return { items, delivery, subtotal, vat, total: subtotal + vat };
}

/** A purchase line (spec 001 section 3). */
export const PurchaseLine = z.object({
  charge_credit_id: idInteger(shopMessages.unknownItem),
  product: z.string(shopMessages.unknownItem).check(z.maxLength(200, shopMessages.unknownItem)),
  quantity: z
    .int(shopMessages.quantity)
    .check(z.gte(1, shopMessages.quantity), z.lte(MAX_ITEM_QUANTITY, shopMessages.quantity)),
  total: z.string(shopMessages.total).check(z.regex(/^\d{1,7}\.\d{2}$/, shopMessages.total)),
});
export type PurchaseLine = z.infer<typeof PurchaseLine>;

/** POST /api/v1/voip/{accountId}/hardware/purchase/: the basket's lines, where to deliver, for which cloud phone. */
export const PurchaseRequest = z.object({
  /** One per checkout: a second submit of the same checkout answers the first purchase. */
  idempotency_key: z
    .string(shopMessages.idempotencyKey)
    .check(z.regex(/^[A-Za-z0-9-]{16,64}$/, shopMessages.idempotencyKey)),
  /** The cloud phone the devices are for. */
  product_id: idInteger('Unknown product'),
  delivery_address: InstallationAddressInput,
  lines: z
    .array(PurchaseLine, shopMessages.emptyBasket)
    .check(z.minLength(1, shopMessages.emptyBasket), z.maxLength(40, shopMessages.duplicateItem)),
});
export type PurchaseRequest = z.input<typeof PurchaseRequest>;

/** The purchase as made: its order, the totals charged, and how it is paid. */
export const PurchaseResult = z.object({
  /** The order row's id (the order tracker's). */
  id: z.int(),
  /** The order reference, as the tracker shows it. */
  order_id: z.string(),
  subtotal: z.string(),
  vat: z.string(),
  total: z.string(),
  payment: z.literal('next_bill'),
  payment_text: z.string(),
  /** How many devices were added to the cloud phone. */
  devices: z.int(),
  delivery_post_code: z.string(),
});
export type PurchaseResult = z.infer<typeof PurchaseResult>;

const AccountParams = z.object({ accountId: idText('Unknown account') });

export const shopEndpoints = {
  purchaseHardware: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:accountId/hardware/purchase/',
    summary: "Buys the basket's hardware for the account's cloud phone: added to the next bill",
    auth: true,
    params: AccountParams,
    body: PurchaseRequest,
    response: PurchaseResult,
    status: 201,
  }),
};
