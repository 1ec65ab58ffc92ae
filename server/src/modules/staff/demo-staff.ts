import type { InstallationAddress } from '@portal/contract';

import { seedCustomer, type SeedTransaction } from '../../db/demo-customers.ts';
import { demoLogins } from '../../db/demo-logins.ts';
import { demoUser, type DemoUser } from '../../db/demo-users.ts';

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

export async function seedStaffDemo(tx: SeedTransaction, hashed: DemoUser[], now: Date): Promise<void> {
  const [viewed, unverified] = hashed;
  if (!viewed || !unverified) throw new Error('seed: staff demo users missing');
  await seedWillowLike(tx, [viewed, unverified], 'Willow Accountancy', now);
}

/**
 * A customer like Willow Accountancy: its users and a cloud phone whose getting started is still
 * to do. The demo's Willow, and the sandbox's customers the staff e2e spec switches to.
 */
export async function seedWillowLike(
  tx: SeedTransaction,
  signIns: DemoUser[],
  company: string,
  now: Date,
): Promise<void> {
  const [user, ...colleagues] = signIns;
  if (!user) throw new Error(`seed: ${company} has no users`);
  await seedCustomer(
    tx,
    {
      company,
      user,
      colleagues,
      // Its users are still to set up.
      cloudPhone: {
        supplier: 3,
        productDetail: 'Cloud phone - 2 users',
        installationAddress: willowAddress,
        asSeeded: { status: 'live', channel: 'Self Sign Up', confirmedDate: '2024-11-18' },
        firstSeat: null,
      },
    },
    now,
  );
}
