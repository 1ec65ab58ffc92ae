import {
  DELIVERY_CATEGORY,
  MAX_ITEM_QUANTITY,
  poundsOf,
  pricePence,
  shopTotals,
  type PurchaseLine,
  type ShopItem,
  type ShopTotals,
} from '@portal/contract';

import { SHOP_STORAGE_PREFIX } from '../../../config/storage-keys.ts';

/**
 * The shop's basket (spec 001 section 3 "Shop item": the quantity is local): how many of each
 * item, kept in browser storage under a versioned key per account so it survives a reload and
 * another customer on the browser never sees it. React-free; the totals are the contract's rule.
 */
export const BASKET_VERSION = 1;
export const basketKey = (accountId: number) => `${SHOP_STORAGE_PREFIX}basket.v${BASKET_VERSION}.${accountId}`;

/** Quantities by item id; an item not in the basket has no entry. */
export type Basket = Readonly<Record<string, number>>;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const storage = (): StorageLike | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

const isQuantity = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ITEM_QUANTITY;

/** The stored basket, or an empty one when there is none, it is of another version, or it is not one. */
export function readBasket(accountId: number, from: StorageLike | null = storage()): Basket {
  try {
    const stored: unknown = JSON.parse(from?.getItem(basketKey(accountId)) ?? 'null');
    if (!stored || typeof stored !== 'object' || (stored as { version?: unknown }).version !== BASKET_VERSION)
      return {};
    const quantities = (stored as { quantities?: unknown }).quantities;
    if (!quantities || typeof quantities !== 'object') return {};
    return Object.fromEntries(
      Object.entries(quantities).filter(([id, quantity]) => /^\d+$/.test(id) && isQuantity(quantity)),
    );
  } catch {
    return {};
  }
}

export function writeBasket(accountId: number, basket: Basket, to: StorageLike | null = storage()): void {
  try {
    if (Object.keys(basket).length === 0) to?.removeItem(basketKey(accountId));
    else to?.setItem(basketKey(accountId), JSON.stringify({ version: BASKET_VERSION, quantities: basket }));
  } catch {
    // Storage full or off: the basket lasts as long as the page.
  }
}

/** The basket with the item at `quantity`, kept between 0 (out of the basket) and MAX_ITEM_QUANTITY. */
export function withQuantity(basket: Basket, itemId: number, quantity: number): Basket {
  const next: Record<string, number> = { ...basket };
  const clamped = Math.max(0, Math.min(MAX_ITEM_QUANTITY, Math.trunc(quantity) || 0));
  if (clamped === 0) delete next[itemId];
  else next[itemId] = clamped;
  return next;
}

export const isDeliveryItem = (item: ShopItem) => item.category === DELIVERY_CATEGORY;

/** A basket line: the item and how many. */
export interface BasketLine {
  item: ShopItem;
  quantity: number;
  /** Price times quantity, in pence, before VAT. */
  totalPence: number;
}

export interface PricedBasket {
  lines: BasketLine[];
  delivery: ShopItem | undefined;
  totals: ShopTotals;
  /** How many things are in the basket (quantities summed). */
  count: number;
}

/** The basket's lines in the shop's order (items no longer on sale left out) and its totals, with VAT on the items plus delivery. */
export function priceBasket(items: readonly ShopItem[], basket: Basket): PricedBasket {
  const delivery = items.find(isDeliveryItem);
  const lines = items
    .filter((item) => !isDeliveryItem(item) && basket[item.id] !== undefined)
    .map((item) => ({ item, quantity: basket[item.id]!, totalPence: pricePence(item.price) * basket[item.id]! }));
  const totals = shopTotals(
    lines.map((line) => ({ pricePence: pricePence(line.item.price), quantity: line.quantity })),
    delivery ? pricePence(delivery.price) : 0,
  );
  return { lines, delivery, totals, count: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

/** The purchase's lines (spec 001 section 3): each item, then the delivery charge, quantity 1. */
export function purchaseLines(priced: PricedBasket): PurchaseLine[] {
  const lines = priced.lines.map(({ item, quantity, totalPence }) => ({
    charge_credit_id: item.id,
    product: item.name,
    quantity,
    total: poundsOf(totalPence),
  }));
  const { delivery } = priced;
  return delivery
    ? [
        ...lines,
        {
          charge_credit_id: delivery.id,
          product: delivery.name,
          quantity: 1,
          total: poundsOf(pricePence(delivery.price)),
        },
      ]
    : lines;
}

/** The items on sale by category, then sub-category, in the shop's order (the delivery charge is not on a shelf). */
export function shelves(
  items: readonly ShopItem[],
): Array<{ category: string; groups: Array<{ subCategory: string; items: ShopItem[] }> }> {
  const result: Array<{ category: string; groups: Array<{ subCategory: string; items: ShopItem[] }> }> = [];
  for (const item of items) {
    if (isDeliveryItem(item)) continue;
    let shelf = result.find((candidate) => candidate.category === item.category);
    if (!shelf) result.push((shelf = { category: item.category, groups: [] }));
    const subCategory = item.sub_category ?? 'Other';
    let group = shelf.groups.find((candidate) => candidate.subCategory === subCategory);
    if (!group) shelf.groups.push((group = { subCategory, items: [] }));
    group.items.push(item);
  }
  return result;
}
