import type { Database } from '../../db/connect.ts';
import type { DemoUser } from '../../db/demo-users.ts';
import { accounts, products } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/identity.ts';

/**
 * A business with broadband at one site (Standard, live since last year) whose owner signs up
 * for broadband at another: the sandbox's broadband customers (db/demo-factory.ts). Approving the
 * sign-up adds an installation appointment to the account's orders.
 */
export async function seedBroadbandCustomer(
  tx: Pick<Database, 'insert'>,
  user: DemoUser,
  company: string,
  now: Date,
): Promise<void> {
  const [account] = await tx.insert(accounts).values({ name: company }).returning();
  if (!account) throw new Error(`seed: ${company} not inserted`);
  await tx.insert(users).values({ ...user, accountId: account.id });
  const lastYear = new Date(now.getTime() - 365 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await tx.insert(products).values({
    accountId: account.id,
    kind: 'telco',
    subKind: 'broadband',
    supplier: 1,
    status: 'live',
    channel: 'Self Sign Up',
    productDetail: 'Business Broadband 80 Mbps',
    confirmedDate: lastYear,
  });
}
