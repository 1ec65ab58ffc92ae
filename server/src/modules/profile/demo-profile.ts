import type { Database } from '../../db/connect.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { demoUser, type DemoUser } from '../../db/demo-users.ts';
import { accounts, products, type InstallationAddress } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/identity.ts';

/**
 * Demo data for the profile page (Profile and preferences): Fernleaf Studio, a broadband
 * customer with three users, one for each thing the page changes (name and phone, e-mail
 * address, password). The sandbox's customer factory makes customers like it (one user each)
 * for the profile e2e spec. Seeded by seed.ts in its transaction, after the other demo data,
 * so earlier ids stay.
 */

const fernleafAddress: InstallationAddress = {
  summary_line: '14 Ropewalk, Bath, BA1 5RE',
  line_one: '14 Ropewalk',
  line_two: '',
  city: 'Bath',
  county: 'Somerset',
  post_code: 'BA1 5RE',
};

/** The Fernleaf users with their password hashes; slow, so seed.ts starts it before its transaction. */
export function profileDemoUsers(): Promise<DemoUser[]> {
  return Promise.all(
    [demoLogins.profileDetails, demoLogins.profileEmail, demoLogins.profilePassword].map((login) => demoUser(login)),
  );
}

export async function seedProfileDemo(tx: Pick<Database, 'insert'>, hashed: DemoUser[]): Promise<void> {
  if (hashed.length !== 3) throw new Error('seed: profile demo users missing');
  await seedFernleafLike(tx, hashed, 'Fernleaf Studio');
}

/** A customer like Fernleaf Studio: broadband, and these users (the demo's, or one the sandbox makes). */
export async function seedFernleafLike(
  tx: Pick<Database, 'insert'>,
  signIns: DemoUser[],
  company: string,
): Promise<void> {
  const [fernleaf] = await tx.insert(accounts).values({ name: company }).returning();
  if (!fernleaf) throw new Error(`seed: ${company} not inserted`);
  await tx.insert(users).values(signIns.map((user) => ({ ...user, accountId: fernleaf.id })));
  await tx.insert(products).values({
    accountId: fernleaf.id,
    kind: 'telco',
    subKind: 'broadband',
    supplier: 1,
    status: 'live',
    channel: 'Self Sign Up',
    productDetail: 'Business Broadband 80 Mbps',
    installationAddress: fernleafAddress,
    confirmedDate: '2024-09-02',
  });
}
