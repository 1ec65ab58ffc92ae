import type { InstallationAddress } from '@portal/contract';

import { cloudPhoneOf, seedCustomer, type SeedTransaction } from '../../db/demo-customers.ts';
import type { DemoUser } from '../../db/demo-users.ts';
import { seedSeats } from '../users/index.ts';

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
  tx: SeedTransaction,
  user: DemoUser,
  company: string,
  now: Date,
): Promise<void> {
  // The signed-in user is the first seat, on extension 200; the two colleagues follow.
  const made = await seedCustomer(
    tx,
    {
      company,
      user,
      cloudPhone: {
        supplier: 3,
        productDetail: GETTING_STARTED_PRODUCT_DETAIL,
        installationAddress: gettingStartedAddress,
        asSeeded: {
          status: 'live',
          channel: 'Self Sign Up',
          confirmedDate: now.toISOString().slice(0, 10),
          showWelcome: true,
        },
      },
    },
    now,
  );
  const [, ...colleagues] = gettingStartedVoipUsers(
    cloudPhoneOf(made),
    user,
    user.email.split('@')[1] ?? 'example.test',
  );
  await seedSeats(tx, colleagues);
}
