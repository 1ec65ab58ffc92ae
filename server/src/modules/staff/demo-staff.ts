import type { Database } from '../../db/connect.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { demoUser, type DemoUser } from '../../db/demo-users.ts';
import { accounts, products, type InstallationAddress } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/identity.ts';

/**
 * Demo data for staff acting on customers' accounts: Willow Accountancy, a customer with a
 * cloud phone for staff to switch to, and a colleague whose e-mail address is not verified
 * yet (resend verification). The staff e2e spec switches to customers like it that the
 * sandbox's customer factory makes. Seeded by seed.ts
 * in its transaction, after the other demo data, so earlier ids stay.
 */

const willowAddress: InstallationAddress = {
  summary_line: '9 Orchard Row, Norwich, NR2 4PL',
  line_one: '9 Orchard Row',
  line_two: '',
  city: 'Norwich',
  county: 'Norfolk',
  post_code: 'NR2 4PL',
};

/** The Willow users with their password hashes; slow, so seed.ts starts it before its transaction. */
export function staffDemoUsers(): Promise<DemoUser[]> {
  return Promise.all([demoUser(demoLogins.staffViewed), demoUser(demoLogins.unverified, false)]);
}

export async function seedStaffDemo(tx: Pick<Database, 'insert'>, hashed: DemoUser[]): Promise<void> {
  const [viewed, unverified] = hashed;
  if (!viewed || !unverified) throw new Error('seed: staff demo users missing');
  await seedWillowLike(tx, [viewed, unverified], 'Willow Accountancy');
}

/**
 * A customer like Willow Accountancy: its users and a cloud phone whose getting started is still
 * to do. The demo's Willow, and the sandbox's customers the staff e2e spec switches to.
 */
export async function seedWillowLike(
  tx: Pick<Database, 'insert'>,
  signIns: DemoUser[],
  company: string,
): Promise<void> {
  const [willow] = await tx.insert(accounts).values({ name: company }).returning();
  if (!willow) throw new Error(`seed: ${company} not inserted`);
  await tx.insert(users).values(signIns.map((user) => ({ ...user, accountId: willow.id })));
  await tx.insert(products).values({
    accountId: willow.id,
    kind: 'voip',
    tariffVersion: 'TARIFF_V3',
    supplier: 3,
    status: 'live',
    channel: 'Self Sign Up',
    showProductPages: true,
    productDetail: 'Cloud phone - 2 users',
    installationAddress: willowAddress,
    confirmedDate: '2024-11-18',
  });
}
