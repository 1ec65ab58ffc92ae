import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import fp from 'fastify-plugin';

import { BUY_NOW_CHANNEL, BUY_NOW_PROVISIONED, REQUIRED_ADDRESS_FIELDS } from '@portal/contract';

import type { Database } from '../../db/connect.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { cachedUntilWrite } from '../../db/read-cache.ts';
import { creditControlStatuses } from '../../db/schema/billing.ts';
import { accounts, products, trials, type InstallationAddress } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/identity.ts';
import { provisioningJobs } from '../../db/schema/provisioning.ts';
import { selectWithSession, sessionQuery } from '../identity/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    productsRepository: ProductsRepository;
  }
}

export type Product = typeof products.$inferSelect;
export type Account = typeof accounts.$inferSelect;

/** What the navigation shows of a product. */
type NavigationProduct = Pick<
  Product,
  | 'id'
  | 'accountId'
  | 'kind'
  | 'subKind'
  | 'tariffVersion'
  | 'status'
  | 'supplier'
  | 'ceasedDate'
  | 'confirmedDate'
  | 'productDetail'
  | 'showProductPages'
  | 'channel'
  | 'serviceStatus'
> & { hasInstallationAddress: boolean; inTrial: boolean; upgradeUnderWay: boolean };

/**
 * What the navigation shows of the products of the query's `accounts` row, as one JSON array by id (db/json-rows.ts):
 * the account's columns and, on GET navigation, the session's, are read once, not once per product.
 */
const navigationProducts = jsonRows<NavigationProduct>(
  {
    id: products.id,
    accountId: products.accountId,
    kind: products.kind,
    subKind: products.subKind,
    tariffVersion: products.tariffVersion,
    status: products.status,
    supplier: products.supplier,
    ceasedDate: products.ceasedDate,
    confirmedDate: products.confirmedDate,
    productDetail: products.productDetail,
    showProductPages: products.showProductPages,
    channel: products.channel,
    serviceStatus: products.serviceStatus,
    // Complete, not merely there: an address missing a field the 999 service needs makes the emergency-address prompt ask again.
    hasInstallationAddress: sql`${products.installationAddress} is not null and ${sql.join(
      REQUIRED_ADDRESS_FIELDS.map(
        (field) => sql`coalesce(trim(${products.installationAddress} ->> ${sql.raw(`'${field}'`)}), '') <> ''`,
      ),
      sql` and `,
    )}`,
    // What is_show_upgrade_page needs (modules/upgrade/rules.ts): a trial, an upgrade under way.
    inTrial: sql`exists (select 1 from ${trials} where ${trials.productId} = ${products.id})`,
    upgradeUnderWay: sql`exists (select 1 from ${provisioningJobs} where ${provisioningJobs.productId} = ${products.id} and ${provisioningJobs.kind} in ('upgrade', 'migration') and ${provisioningJobs.status} in ('pending', 'provisioning'))`,
  } satisfies Record<keyof NavigationProduct, SQLWrapper>,
  sql`${products} where ${products.accountId} = ${accounts.id}`,
  products.id,
);

/** What the navigation reads: the account and its products. */
const navigationFields = { accountId: accounts.id, accountName: accounts.name, products: navigationProducts };

/** The account's navigation in one query, prepared once per database: no row when there is no such account. */
function prepareNavigation(db: Database) {
  return db
    .select(navigationFields)
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .prepare('account_navigation');
}

/**
 * GET navigation in one round trip: the session (identity/tokens-repository.ts `selectWithSession`) and its user's
 * account with its products, in one row (the account's columns null for a staff user, who has none).
 */
const navigationWithSession = sessionQuery('account_navigation_with_session', (db) =>
  selectWithSession(db, navigationFields).leftJoin(accounts, eq(accounts.id, users.accountId)),
);

/**
 * The products that are cloud phones of `account` (an id, a placeholder, or a column such as the session's
 * `users.accountId`, which matches nothing for a staff user, who has no account), and `extra`.
 */
export const cloudPhonesOf = (account: number | SQLWrapper, extra?: SQL) =>
  and(eq(products.accountId, account), eq(products.kind, 'voip'), extra);

/**
 * The default layout's start-up statuses (modules/status), each in one round trip with the session
 * (identity/tokens-repository.ts `selectWithSession`) and its rows as one JSON array (db/json-rows.ts): the cloud phones
 * whose getting started is due, every cloud phone's service status, and the account's credit-control statuses.
 */
const welcomeDueWithSession = sessionQuery('welcome_due_with_session', (db) =>
  selectWithSession(db, {
    products: jsonRows<{ id: number }>(
      { id: products.id },
      sql`${products} where ${cloudPhonesOf(users.accountId, eq(products.showWelcome, true))}`,
      products.id,
    ),
  }),
);
/** The reason a cloud phone is suspended until its account's overdue balance is paid. */
export const NON_PAYMENT_SUSPENSION = 'Suspended for non-payment';

/**
 * A product's service status as the customer meets it: a suspension for non-payment lasts while the
 * account owes something (a credit-control status, which a payment in full removes); any other
 * suspension until it is lifted.
 */
const serviceStatusNow = sql<Product['serviceStatus']>`case
  when ${products.serviceStatus} = 'blocked' and ${products.serviceBlockedReason} = ${NON_PAYMENT_SUSPENSION}
    and not exists (select 1 from ${creditControlStatuses} where ${creditControlStatuses.accountId} = ${products.accountId})
  then 'active' else ${products.serviceStatus} end`;

const serviceStatusesWithSession = sessionQuery('service_statuses_with_session', (db) =>
  selectWithSession(db, {
    products: jsonRows<Pick<Product, 'id' | 'serviceStatus' | 'serviceBlockedReason'>>(
      { id: products.id, serviceStatus: serviceStatusNow, serviceBlockedReason: products.serviceBlockedReason },
      sql`${products} where ${cloudPhonesOf(users.accountId)}`,
      products.id,
    ),
  }),
);
/** A credit-control status as the JSON gives it: the balance as the text PostgreSQL writes it (no float on the way). */
type CreditStatusJson = Pick<
  typeof creditControlStatuses.$inferSelect,
  'accountId' | 'stage' | 'balanceDue' | 'dueDate'
>;
const creditStatusesWithSession = sessionQuery('credit_statuses_with_session', (db) =>
  selectWithSession(db, {
    statuses: jsonRows<CreditStatusJson>(
      {
        accountId: creditControlStatuses.accountId,
        stage: creditControlStatuses.stage,
        balanceDue: sql`${creditControlStatuses.balanceDue}::text`,
        dueDate: creditControlStatuses.dueDate,
      } satisfies Record<keyof CreditStatusJson, SQLWrapper>,
      sql`${creditControlStatuses} where ${eq(creditControlStatuses.accountId, users.accountId)}`,
      creditControlStatuses.id,
    ),
  }),
);

export interface AccountNavigation {
  account: Pick<Account, 'id' | 'name'> | null;
  products: NavigationProduct[];
}

/** The navigation's row (none: no account) as the account and its products by id. */
export function navigationOf(
  row: { accountId: number | null; accountName: string | null; products: NavigationProduct[] } | undefined,
): AccountNavigation {
  if (!row || row.accountId === null || row.accountName === null) return { account: null, products: [] };
  return { account: { id: row.accountId, name: row.accountName }, products: row.products };
}

/** The ownership check of every cloud-phone route, prepared once per database. */
function prepareOwnedVoip(db: Database) {
  return db
    .select()
    .from(products)
    .where(cloudPhonesOf(sql.placeholder('accountId'), eq(products.id, sql.placeholder('productId'))))
    .limit(1)
    .prepare('owned_voip_product');
}

/** Accounts and their products: the rows every area's ownership check reads. */
export function createProductsRepository(db: Database) {
  // Prepared on first use, so building the app asks nothing of the database yet.
  let navigationQuery: ReturnType<typeof prepareNavigation> | undefined;
  let ownedVoipQuery: ReturnType<typeof prepareOwnedVoip> | undefined;
  // Asked on every page: on PGlite kept until anything is written (db/read-cache.ts).
  const navigation = {
    execute: (values: { accountId: number }) =>
      cachedUntilWrite(db, 'account_navigation', String(values.accountId), () =>
        (navigationQuery ??= prepareNavigation(db)).execute(values),
      ),
  };
  const ownedVoip = {
    execute: (values: { productId: number; accountId: number }) =>
      (ownedVoipQuery ??= prepareOwnedVoip(db)).execute(values),
  };
  return {
    /** The account (null when it is gone) and its products by id, as the navigation shows them. */
    async navigation(accountId: number): Promise<AccountNavigation> {
      const [row] = await navigation.execute({ accountId });
      return navigationOf(row);
    },

    /** GET navigation's rows, the session's columns beside the navigation's; none when the token is not live. */
    navigationWithSession: (keyHash: string) => navigationWithSession(db, keyHash),

    /** The account's cloud phones, by id. */
    async voipOfAccount(accountId: number): Promise<Product[]> {
      return db.select().from(products).where(cloudPhonesOf(accountId)).orderBy(asc(products.id));
    },

    /** GET getting-started's row: the session's columns beside the ids of its account's cloud phones whose welcome is due. */
    welcomeDueWithSession: (keyHash: string) => welcomeDueWithSession(db, keyHash),

    /** GET service-status's row: the session's columns beside its account's cloud phones' service statuses, by id. */
    serviceStatusesWithSession: (keyHash: string) => serviceStatusesWithSession(db, keyHash),

    /** The cloud phone `productId` if it is the account's. */
    async ownedVoip(accountId: number, productId: number): Promise<Product | undefined> {
      const [product] = await ownedVoip.execute({ accountId, productId });
      return product;
    },

    /** The account a product belongs to, or undefined when there is no such product. */
    async accountIdOf(productId: number): Promise<number | undefined> {
      const [row] = await db.select({ accountId: products.accountId }).from(products).where(eq(products.id, productId));
      return row?.accountId ?? undefined;
    },

    async setInstallationAddress(productId: number, address: InstallationAddress): Promise<void> {
      await db.update(products).set({ installationAddress: address }).where(eq(products.id, productId));
    },

    /**
     * The customer has seen the product's welcome: its getting-started flow is no longer due,
     * and a buy-now product just provisioned (whose welcome is the buy-now complete page) is live.
     */
    async endWelcome(productId: number): Promise<void> {
      await db
        .update(products)
        .set({
          showWelcome: false,
          status: sql`case when ${products.channel} = ${BUY_NOW_CHANNEL} and ${products.status} = ${BUY_NOW_PROVISIONED} then 'live' else ${products.status} end`,
        })
        .where(eq(products.id, productId));
    },

    /** GET customer/status's row: the session's columns beside its account's credit-control statuses (overdue balances), by id. */
    creditStatusesWithSession: (keyHash: string) => creditStatusesWithSession(db, keyHash),

    /** Turns the advanced call flows add-on on; answers the product as updated. */
    async addAdvancedCallFlows(productId: number): Promise<Product | undefined> {
      const [updated] = await db
        .update(products)
        .set({ advancedCallFlows: true })
        .where(eq(products.id, productId))
        .returning();
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
