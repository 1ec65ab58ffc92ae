// The product details page's read model (spec 001 section 7, GET /api/v3/products/{id}/): the customer's product of
// any kind, and a cloud phone's site at a glance. Owned by the product-details module, it reads the customers
// module's products, the numbers module's phone_numbers, the users module's voip_users and the call-flows module's
// call_flows and simple_call_flows; it writes nothing.
import { and, asc, count, eq } from 'drizzle-orm';

import type { Reads } from '../../db/connect.ts';
import { callFlows, simpleCallFlows } from '../../db/schema/call-flows.ts';
import { products } from '../../db/schema/customers.ts';
import { phoneNumbers } from '../../db/schema/numbers.ts';
import { voipUsers } from '../../db/schema/users.ts';

type ProductRow = typeof products.$inferSelect;

/** The product `productId` if it is one of the account's (any kind). */
export async function productOfAccount(
  db: Reads,
  accountId: number,
  productId: number,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.accountId, accountId)))
    .limit(1);
  return row;
}

/** A cloud phone's pilot number (its first number), how many users and numbers it has, and the call flow that answers. */
export async function siteSummaryOf(db: Reads, productId: number) {
  const [[pilot], [users], [numbers], [custom], [simple]] = await Promise.all([
    db
      .select({ number: phoneNumbers.number })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.productId, productId))
      .orderBy(asc(phoneNumbers.id))
      .limit(1),
    db.select({ n: count() }).from(voipUsers).where(eq(voipUsers.productId, productId)),
    db.select({ n: count() }).from(phoneNumbers).where(eq(phoneNumbers.productId, productId)),
    db
      .select({ name: callFlows.name })
      .from(callFlows)
      .where(and(eq(callFlows.productId, productId), eq(callFlows.enable, true)))
      .limit(1),
    db
      .select({ name: simpleCallFlows.name })
      .from(simpleCallFlows)
      .where(and(eq(simpleCallFlows.productId, productId), eq(simpleCallFlows.enable, true))),
  ]);
  return {
    pilotNumber: pilot?.number ?? null,
    users: users?.n ?? 0,
    numbers: numbers?.n ?? 0,
    activeCallFlow: custom
      ? { kind: 'custom' as const, name: custom.name }
      : simple
        ? { kind: 'simple' as const, name: simple.name }
        : null,
  };
}
