import { and, asc, eq, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../../db/connect.ts';
import { accounts, creditControlStatuses, products, type InstallationAddress } from '../../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    productsRepository: ProductsRepository;
  }
}

export type Product = typeof products.$inferSelect;
export type Account = typeof accounts.$inferSelect;

/** Accounts and their products: the rows every area's ownership check reads. */
export function createProductsRepository(db: Database) {
  const voipOf = (accountId: number, extra?: SQL) => and(eq(products.accountId, accountId), eq(products.kind, 'voip'), extra);
  return {
    async account(accountId: number): Promise<Account | undefined> {
      const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
      return account;
    },

    /** Every product of the account, by id. */
    async ofAccount(accountId: number): Promise<Product[]> {
      return db.select().from(products).where(eq(products.accountId, accountId)).orderBy(asc(products.id));
    },

    /** The account's cloud phones, by id. */
    async voipOfAccount(accountId: number): Promise<Product[]> {
      return db.select().from(products).where(voipOf(accountId)).orderBy(asc(products.id));
    },

    /** The account's cloud phones whose welcome (getting started) is still due, by id. */
    async voipWithWelcomeDue(accountId: number): Promise<number[]> {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(voipOf(accountId, eq(products.showWelcome, true)))
        .orderBy(asc(products.id));
      return rows.map((row) => row.id);
    },

    /** The cloud phone `productId` if it is the account's. */
    async ownedVoip(accountId: number, productId: number): Promise<Product | undefined> {
      const [product] = await db
        .select()
        .from(products)
        .where(voipOf(accountId, eq(products.id, productId)))
        .limit(1);
      return product;
    },

    async setInstallationAddress(productId: number, address: InstallationAddress): Promise<void> {
      await db.update(products).set({ installationAddress: address }).where(eq(products.id, productId));
    },

    async endWelcome(productId: number): Promise<void> {
      await db.update(products).set({ showWelcome: false }).where(eq(products.id, productId));
    },

    /** The account's credit-control statuses (overdue balances), by id. */
    async creditStatuses(accountId: number) {
      return db.select().from(creditControlStatuses).where(eq(creditControlStatuses.accountId, accountId)).orderBy(asc(creditControlStatuses.id));
    },

    /** Turns the advanced call flows add-on on; answers the product as updated. */
    async addAdvancedCallFlows(productId: number): Promise<Product | undefined> {
      const [updated] = await db.update(products).set({ advancedCallFlows: true }).where(eq(products.id, productId)).returning();
      return updated;
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;

export default fp(
  async (app) => {
    app.decorate('productsRepository', createProductsRepository(app.db));
  },
  { name: 'products-repository', dependencies: ['db'] },
);
