import type { Database } from '../../db/connect.ts';
import type { DemoUser } from '../../db/demo-users.ts';
import { accounts, products } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/identity.ts';

/**
 * An e2e-only customer with broadband and no cloud phone (like Kestrel Electrical): the signup
 * spec starts an opt-in trial of a cloud phone on it (POST /api/v3/accounts/{id}/start-voip-trial/).
 */
export async function seedNoCloudPhoneCustomer(
  tx: Pick<Database, 'insert'>,
  user: DemoUser,
  company: string,
): Promise<void> {
  const [account] = await tx.insert(accounts).values({ name: company }).returning();
  if (!account) throw new Error('seed: e2e signup customer missing');
  await tx.insert(users).values({ ...user, accountId: account.id });
  await tx.insert(products).values({
    accountId: account.id,
    kind: 'telco',
    subKind: 'broadband',
    supplier: 1,
    status: 'live',
    channel: 'Telesales',
    productDetail: 'Business broadband 80',
  });
}
