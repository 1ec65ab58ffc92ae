import type { Database } from '../../db/connect.ts';
import type { DemoUser } from '../../db/demo-users.ts';
import { accounts, products, type InstallationAddress } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/identity.ts';
import { voipUsers } from '../../db/schema/users.ts';

/**
 * Demo data of getting started: the users a new cloud phone comes with, for its first step
 * (choose users). Nova Dental's phone has them (demo-shell.ts); the sandbox's customers like
 * Nova Dental (db/demo-factory.ts) are seeded whole here.
 */

/** The product detail of a getting-started phone: the three users below. */
export const GETTING_STARTED_PRODUCT_DETAIL = 'Cloud phone - 3 users';

/** The phone's users: the person who signs in on extension 200, then two colleagues. */
export function gettingStartedVoipUsers(
  productId: number,
  owner: Pick<DemoUser, 'email' | 'firstName' | 'lastName'>,
  domain: string,
) {
  return [
    { productId, firstName: owner.firstName, lastName: owner.lastName, email: owner.email, extension: '200' },
    { productId, firstName: 'Priya', lastName: 'Nair', email: `priya@${domain}`, extension: '201' },
    { productId, firstName: 'Tom', lastName: 'Hughes', email: `tom@${domain}`, extension: '202' },
  ];
}

/** Where the getting-started demo phones are installed; the flow asks the customer to confirm it. */
export const gettingStartedAddress: InstallationAddress = {
  summary_line: 'Suite 3, 40 North Road, Brighton, BN1 1YE',
  line_one: 'Suite 3, 40 North Road',
  line_two: '',
  city: 'Brighton',
  county: 'East Sussex',
  post_code: 'BN1 1YE',
};

/** A customer like Nova Dental: a new voip3 cloud phone whose getting started is due. */
export async function seedGettingStartedCustomer(
  tx: Pick<Database, 'insert'>,
  user: DemoUser,
  company: string,
  now: Date,
): Promise<void> {
  const [account] = await tx.insert(accounts).values({ name: company }).returning();
  if (!account) throw new Error('seed: getting-started account not inserted');
  await tx.insert(users).values({ ...user, accountId: account.id });
  const [phone] = await tx
    .insert(products)
    .values({
      accountId: account.id,
      kind: 'voip',
      tariffVersion: 'TARIFF_V3',
      supplier: 3,
      status: 'live',
      showProductPages: true,
      channel: 'Self Sign Up',
      productDetail: GETTING_STARTED_PRODUCT_DETAIL,
      installationAddress: gettingStartedAddress,
      confirmedDate: now.toISOString().slice(0, 10),
      showWelcome: true,
    })
    .returning();
  if (!phone) throw new Error('seed: getting-started product not inserted');
  await tx
    .insert(voipUsers)
    .values(gettingStartedVoipUsers(phone.id, user, user.email.split('@')[1] ?? 'example.test'));
}
