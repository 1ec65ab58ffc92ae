import type { InstallationAddress } from '@portal/contract';

import { liveBroadband, seedCustomer, type SeedTransaction } from '../../db/demo-customers.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { demoUser, type DemoUser } from '../../db/demo-users.ts';

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

export async function seedProfileDemo(tx: SeedTransaction, hashed: DemoUser[], now: Date): Promise<void> {
  if (hashed.length !== 3) throw new Error('seed: profile demo users missing');
  await seedFernleafLike(tx, hashed, 'Fernleaf Studio', now);
}

/** A customer like Fernleaf Studio: broadband, and these users (the demo's, or one the sandbox makes). */
export async function seedFernleafLike(
  tx: SeedTransaction,
  signIns: DemoUser[],
  company: string,
  now: Date,
): Promise<void> {
  const [user, ...colleagues] = signIns;
  if (!user) throw new Error(`seed: ${company} has no users`);
  await seedCustomer(tx, { company, user, colleagues, products: [liveBroadband('2024-09-02', fernleafAddress)] }, now);
}
