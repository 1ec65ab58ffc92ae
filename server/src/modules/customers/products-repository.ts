import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

import { BUY_NOW_CHANNEL, BUY_NOW_PROVISIONED } from '@portal/contract';

import type { Database, Reads, Updates } from '../../db/connect.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { products, quickstarts, trials, type accounts, type InstallationAddress } from '../../db/schema/customers.ts';

export type Product = typeof products.$inferSelect;
export type Account = typeof accounts.$inferSelect;

/**
 * The products that are cloud phones of `account` (an id, a placeholder, or a column such as the session's
 * `users.accountId`, which matches nothing for a staff user, who has no account), and `extra`.
 */
export const cloudPhonesOf = (account: number | SQLWrapper, extra?: SQL) =>
  and(eq(products.accountId, account), eq(products.kind, 'voip'), extra);

/** The ownership check of every cloud-phone route, prepared once per database. */
const ownedCloudPhoneQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(products)
    .where(cloudPhonesOf(sql.placeholder('accountId'), eq(products.id, sql.placeholder('productId'))))
    .limit(1)
    .prepare('owned_voip_product'),
);

/** The cloud phone `productId` if it is the account's. */
export async function ownedCloudPhone(
  db: Database,
  accountId: number,
  productId: number,
): Promise<Product | undefined> {
  const [product] = await ownedCloudPhoneQuery(db).execute({ accountId, productId });
  return product;
}

/** The account's cloud phones, by id. */
export async function cloudPhonesOfAccount(db: Reads, accountId: number): Promise<Product[]> {
  return db.select().from(products).where(cloudPhonesOf(accountId)).orderBy(asc(products.id));
}

/** The account a product belongs to, or undefined when there is no such product. */
export async function accountIdOfProduct(db: Reads, productId: number): Promise<number | undefined> {
  const [row] = await db.select({ accountId: products.accountId }).from(products).where(eq(products.id, productId));
  return row?.accountId ?? undefined;
}

export async function setInstallationAddress(
  db: Updates,
  productId: number,
  address: InstallationAddress,
): Promise<void> {
  await db.update(products).set({ installationAddress: address }).where(eq(products.id, productId));
}

/**
 * The customer has seen the product's welcome: its getting-started flow is no longer due,
 * and a buy-now product just provisioned (whose welcome is the buy-now complete page) is live.
 */
export async function endWelcome(db: Updates, productId: number): Promise<void> {
  await db
    .update(products)
    .set({
      showWelcome: false,
      status: sql`case when ${products.channel} = ${BUY_NOW_CHANNEL} and ${products.status} = ${BUY_NOW_PROVISIONED} then 'live' else ${products.status} end`,
    })
    .where(eq(products.id, productId));
}

/** Ends getting started (spec 001 section 4): the product leaves GET /api/v3/voip/getting-started/. */
export async function endGettingStarted(db: Updates, productId: number): Promise<void> {
  await db.update(products).set({ showWelcome: false }).where(eq(products.id, productId));
}

/** Turns the advanced call flows add-on on; answers the product as updated. */
export async function addAdvancedCallFlows(db: Updates, productId: number): Promise<Product | undefined> {
  const [updated] = await db
    .update(products)
    .set({ advancedCallFlows: true })
    .where(eq(products.id, productId))
    .returning();
  return updated;
}

/** Sets the product's status (a provisioned sign-up's: live, or buy now provisioned). */
export async function setProductStatus(tx: Updates, productId: number, status: Product['status']): Promise<void> {
  await tx.update(products).set({ status }).where(eq(products.id, productId));
}

/**
 * A cloud phone upgraded (or migrated to the third generation, `supplier` 3) becomes a full, live cloud phone named
 * `productDetail`: its opt-in trial (running or ended) goes, with its quick start, so the portal is back.
 */
export async function makeFullCloudPhone(
  tx: Pick<Database, 'update' | 'delete'>,
  productId: number,
  changes: { productDetail: string; supplier?: number },
): Promise<void> {
  await tx.delete(trials).where(eq(trials.productId, productId));
  await tx.delete(quickstarts).where(eq(quickstarts.productId, productId));
  await tx
    .update(products)
    .set({
      status: 'live',
      productDetail: changes.productDetail,
      ...(changes.supplier !== undefined && { supplier: changes.supplier }),
    })
    .where(eq(products.id, productId));
}
