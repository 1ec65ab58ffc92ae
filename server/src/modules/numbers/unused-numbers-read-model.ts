// A read model of the numbers module: the numbers due to go back to the inventory, with the account of the phone
// each is on (the notice of the release goes to it). It reads the numbers module's phone_numbers and number_inventory
// with the customers module's products (the phone's account), in one query; it writes nothing.
import { and, eq, isNotNull, isNull, lt, min, notInArray } from 'drizzle-orm';

import type { Reads } from '../../db/connect.ts';
import { products } from '../../db/schema/customers.ts';
import { numberInventory, phoneNumbers } from '../../db/schema/numbers.ts';

/** Numbers reserved from the inventory before `before` that ring no user and are not their phone's main (first) number. */
export function unusedNumbers(executor: Reads, before: Date) {
  const mains = executor
    .select({ id: min(phoneNumbers.id) })
    .from(phoneNumbers)
    .groupBy(phoneNumbers.productId);
  return executor
    .select({ id: phoneNumbers.id, number: phoneNumbers.number, accountId: products.accountId })
    .from(phoneNumbers)
    .innerJoin(
      numberInventory,
      and(
        eq(numberInventory.number, phoneNumbers.number),
        eq(numberInventory.reservedProductId, phoneNumbers.productId),
      ),
    )
    .innerJoin(products, eq(products.id, phoneNumbers.productId))
    .where(
      and(
        isNotNull(numberInventory.reservedAt),
        lt(numberInventory.reservedAt, before),
        isNull(phoneNumbers.voipUserId),
        notInArray(phoneNumbers.id, mains),
      ),
    );
}
