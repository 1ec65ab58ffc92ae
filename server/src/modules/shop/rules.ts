import {
  DELIVERY_CATEGORY,
  poundsOf,
  pricePence,
  shopMessages,
  shopTotals,
  type PurchaseLine,
  type ShopItem,
  type ShopTotals,
} from '@portal/contract';

/** A shop item as the repository reads it. */
export interface ShopItemRow {
  id: number;
  name: string;
  category: string;
  subCategory: string | null;
  pricePence: number;
  hardwareModelId: number | null;
}

/** An item in the contract's shape (spec 001 section 3): price as poundsOf with 2 decimals. */
export const shopItemOf = (row: ShopItemRow): ShopItem => ({
  id: row.id,
  name: row.name,
  price: poundsOf(row.pricePence),
  category: row.category,
  sub_category: row.subCategory,
});

export const isDelivery = (row: Pick<ShopItemRow, 'category'>) => row.category === DELIVERY_CATEGORY;

/** A basket the server will charge: its lines as priced here, the totals, the parts to order and the devices to add. */
export interface CheckedBasket {
  lines: PurchaseLine[];
  totals: ShopTotals;
  parts: Array<{ name: string; quantity: number }>;
  devices: Array<{ hardwareModelId: number; quantity: number }>;
}

/** Why a basket is refused: a 400 on a field, or 409 when the client's prices are not the shop's. */
export type BasketRefusal = { status: 400; message: string } | { status: 409; message: string };

/**
 * Checks the posted lines against the catalogue and prices them here (never trusting the client's
 * totals): each item known and once, the delivery charge once with quantity 1, at least one item,
 * and every line's total equal to the shop's price times the quantity.
 */
export function checkBasket(
  posted: readonly PurchaseLine[],
  catalogue: readonly ShopItemRow[],
): CheckedBasket | BasketRefusal {
  const byId = new Map(catalogue.map((row) => [row.id, row]));
  const seen = new Set<number>();
  let delivery: ShopItemRow | undefined;
  const items: Array<{ row: ShopItemRow; quantity: number }> = [];
  let priceChanged = false;
  for (const line of posted) {
    const row = byId.get(line.charge_credit_id);
    if (!row) return { status: 400, message: shopMessages.unknownItem };
    if (seen.has(row.id)) return { status: 400, message: shopMessages.duplicateItem };
    seen.add(row.id);
    if (pricePence(line.total) !== row.pricePence * line.quantity) priceChanged = true;
    if (isDelivery(row)) {
      if (line.quantity !== 1) return { status: 400, message: shopMessages.deliveryOnce };
      delivery = row;
    } else {
      items.push({ row, quantity: line.quantity });
    }
  }
  if (items.length === 0) return { status: 400, message: shopMessages.emptyBasket };
  if (!delivery) return { status: 400, message: shopMessages.deliveryOnce };
  if (priceChanged) return { status: 409, message: shopMessages.priceChanged };
  const totals = shopTotals(
    items.map(({ row, quantity }) => ({ pricePence: row.pricePence, quantity })),
    delivery.pricePence,
  );
  const line = (row: ShopItemRow, quantity: number): PurchaseLine => ({
    charge_credit_id: row.id,
    product: row.name,
    quantity,
    total: poundsOf(row.pricePence * quantity),
  });
  return {
    lines: [...items.map(({ row, quantity }) => line(row, quantity)), line(delivery, 1)],
    totals,
    parts: items.map(({ row, quantity }) => ({ name: row.name, quantity })),
    devices: items
      .filter(({ row }) => row.hardwareModelId !== null)
      .map(({ row, quantity }) => ({ hardwareModelId: row.hardwareModelId!, quantity })),
  };
}

export const isRefusal = (result: CheckedBasket | BasketRefusal): result is BasketRefusal => 'status' in result;
