import { and, asc, eq, gte, sum } from 'drizzle-orm';

import { shopMessages, type HardwareOrder, type InstallationAddress, type PurchaseLine } from '@portal/contract';

import type { Database, Reads } from '../../db/connect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { shopItems, shopPurchases } from '../../db/schema/shop.ts';
import { addBoughtDevices, deviceCount } from '../hardware/index.ts';
import { addHardwareOrder, orderReference } from '../notifications/index.ts';
import type { CheckedBasket, ShopItemRow } from './rules.ts';

export type PurchaseRow = typeof shopPurchases.$inferSelect & { reference: string };

export interface NewPurchase {
  accountId: number;
  productId: number;
  idempotencyKey: string;
  deliveryAddress: InstallationAddress;
  basket: CheckedBasket;
  maxDevices: number;
  now: Date;
}

// The shop's catalogue and purchases (spec 001 sections 3 and 7).

/** The account's purchase of that idempotency key, with its order's reference. */
export async function purchaseByKey(
  db: Reads,
  accountId: number,
  idempotencyKey: string,
): Promise<PurchaseRow | undefined> {
  const [purchase] = await db
    .select()
    .from(shopPurchases)
    .where(and(eq(shopPurchases.accountId, accountId), eq(shopPurchases.idempotencyKey, idempotencyKey)));
  const reference = purchase && (await orderReference(db, purchase.orderId));
  return purchase && reference !== undefined ? { ...purchase, reference } : undefined;
}

/** Every item, in the shop's order. */
export async function shopItemsInOrder(db: Reads): Promise<ShopItemRow[]> {
  return db
    .select({
      id: shopItems.id,
      name: shopItems.name,
      category: shopItems.category,
      subCategory: shopItems.subCategory,
      pricePence: shopItems.pricePence,
      hardwareModelId: shopItems.hardwareModelId,
    })
    .from(shopItems)
    .orderBy(asc(shopItems.position), asc(shopItems.id));
}

/** What the account's purchases added to the next bill total, in pence: those made on or after `from` (YYYY-MM-DD; every one when null). */
export async function nextBillPence(db: Reads, accountId: number, from: string | null): Promise<number> {
  const [row] = await db
    .select({ total: sum(shopPurchases.totalPence) })
    .from(shopPurchases)
    .where(
      and(
        eq(shopPurchases.accountId, accountId),
        eq(shopPurchases.payment, 'next_bill'),
        from === null ? undefined : gte(shopPurchases.createdAt, new Date(`${from}T00:00:00Z`)),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Makes the purchase in one transaction: the hardware order (the tracker's and the notification
 * centre's), the devices on the cloud phone, the purchase row. Answers the first purchase of the
 * same idempotency key instead when there is one (also when a double submit races this one), or
 * 'too-many-devices' when the phone would pass `maxDevices`.
 */
export async function makePurchase(
  db: Pick<Database, 'select' | 'transaction'>,
  input: NewPurchase,
): Promise<PurchaseRow | 'too-many-devices'> {
  const earlier = await purchaseByKey(db, input.accountId, input.idempotencyKey);
  if (earlier) return earlier;
  const { basket } = input;
  try {
    return await db.transaction(async (tx) => {
      const adding = basket.devices.reduce((sum, device) => sum + device.quantity, 0);
      if (adding > 0 && (await deviceCount(tx, input.productId)) + adding > input.maxDevices)
        return 'too-many-devices' as const;
      const detail: HardwareOrder = {
        parts_to_order: basket.parts,
        shipping_date: null,
        shipping_carrier_operator: null,
        shipping_post_code: input.deliveryAddress.post_code,
        shipping_tracking_id: null,
        shipping_tracking_link: null,
        payment: shopMessages.nextBill,
      };
      const order = await addHardwareOrder(tx, { accountId: input.accountId, now: input.now, detail });
      const devices = await addBoughtDevices(tx, input.productId, basket.devices);
      const [purchase] = await tx
        .insert(shopPurchases)
        .values({
          accountId: input.accountId,
          productId: input.productId,
          idempotencyKey: input.idempotencyKey,
          orderId: order.id,
          lines: basket.lines satisfies PurchaseLine[],
          deliveryAddress: input.deliveryAddress,
          subtotalPence: basket.totals.subtotal,
          vatPence: basket.totals.vat,
          totalPence: basket.totals.total,
          payment: 'next_bill',
          devices,
        })
        .returning();
      if (!purchase) throw new Error('shop: purchase not inserted');
      return { ...purchase, reference: order.reference };
    });
  } catch (error) {
    // A double submit that came first: answer its purchase.
    if (isUniqueViolation(error)) {
      const first = await purchaseByKey(db, input.accountId, input.idempotencyKey);
      if (first) return first;
    }
    throw error;
  }
}
