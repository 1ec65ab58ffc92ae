// Read model of the products module: what the navigation and the default layout's start-up statuses read, each in
// one query. It joins the customers module's accounts, products and trials, the provisioning module's
// provisioningJobs, the billing module's creditControlStatuses and the identity module's session (users); it reads
// only, and a product's own rows are changed through the customers module (customers/index.ts).
import { eq, sql, type SQLWrapper } from 'drizzle-orm';

import { REQUIRED_ADDRESS_FIELDS } from '@portal/contract';

import type { Database } from '../../db/connect.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { cachedUntilWrite } from '../../db/read-cache.ts';
import { creditControlStatuses } from '../../db/schema/billing.ts';
import { accounts, products, trials } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/identity.ts';
import { provisioningJobs } from '../../db/schema/provisioning.ts';
import { cloudPhonesOf, type Account, type Product } from '../customers/index.ts';
import { selectWithSession, sessionQuery } from '../identity/index.ts';

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
const navigationQuery = preparedPerDatabase((db) =>
  db
    .select(navigationFields)
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .prepare('account_navigation'),
);

/**
 * GET navigation in one round trip: the session (identity/tokens-repository.ts `selectWithSession`) and its user's
 * account with its products, in one row (the account's columns null for a staff user, who has none).
 */
const navigationWithSessionQuery = sessionQuery('account_navigation_with_session', (db) =>
  selectWithSession(db, navigationFields).leftJoin(accounts, eq(accounts.id, users.accountId)),
);

/**
 * The default layout's start-up statuses (modules/status), each in one round trip with the session
 * (identity/tokens-repository.ts `selectWithSession`) and its rows as one JSON array (db/json-rows.ts): the cloud phones
 * whose getting started is due, every cloud phone's service status, and the account's credit-control statuses.
 */
const welcomeDueWithSessionQuery = sessionQuery('welcome_due_with_session', (db) =>
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

const serviceStatusesWithSessionQuery = sessionQuery('service_statuses_with_session', (db) =>
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
const creditStatusesWithSessionQuery = sessionQuery('credit_statuses_with_session', (db) =>
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

/**
 * The account (null when it is gone) and its products by id, as the navigation shows them. Asked on every page: on
 * PGlite kept until anything is written (db/read-cache.ts).
 */
export async function navigation(db: Database, accountId: number): Promise<AccountNavigation> {
  const [row] = await cachedUntilWrite(db, 'account_navigation', String(accountId), () =>
    navigationQuery(db).execute({ accountId }),
  );
  return navigationOf(row);
}

/** GET navigation's rows, the session's columns beside the navigation's; none when the token is not live. */
export const navigationWithSession = (db: Database, keyHash: string) => navigationWithSessionQuery(db, keyHash);

/** GET getting-started's row: the session's columns beside the ids of its account's cloud phones whose welcome is due. */
export const welcomeDueWithSession = (db: Database, keyHash: string) => welcomeDueWithSessionQuery(db, keyHash);

/** GET service-status's row: the session's columns beside its account's cloud phones' service statuses, by id. */
export const serviceStatusesWithSession = (db: Database, keyHash: string) =>
  serviceStatusesWithSessionQuery(db, keyHash);

/** GET customer/status's row: the session's columns beside its account's credit-control statuses (overdue balances), by id. */
export const creditStatusesWithSession = (db: Database, keyHash: string) => creditStatusesWithSessionQuery(db, keyHash);
