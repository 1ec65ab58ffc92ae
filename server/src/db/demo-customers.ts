import type { FeatureFlag, InstallationAddress } from '@portal/contract';

import * as customers from '../modules/customers/index.ts';
import { seedColleagues } from '../modules/identity/index.ts';
import type { Database } from './connect.ts';
import type { DemoUser } from './demo-users.ts';

/**
 * The one way the demo makes a customer (db/seed.ts, db/demo-factory.ts, the modules' demo files): customers.create's
 * sandbox journey makes the account, its sign-in user and its cloud phone with the first seat on extension 200, as
 * the demo has them; the account's other sign-in users and products follow in the same transaction.
 */

/** A transaction of the seed's, in which customers.create nests its own. */
export type SeedTransaction = customers.CustomerTransaction & Pick<Database, 'transaction'>;

/** A demo cloud phone as it stands: what it is, where, since when, and its first seat. */
export interface DemoCloudPhone {
  supplier: number;
  productDetail: string;
  installationAddress?: InstallationAddress | null;
  asSeeded: customers.SeededCloudPhone;
  /** On extension 200: the signed-in user unless said; null for a phone whose users are not set up yet. */
  firstSeat?: { firstName: string; lastName: string; email: string } | null;
}

export interface DemoCustomer {
  company: string;
  /** The sign-in user made with the account. */
  user: DemoUser & { phone?: string | null; featureFlags?: FeatureFlag[] };
  /** The account's other sign-in users, in this order. */
  colleagues?: readonly DemoUser[];
  /** Its cloud phone, the account's first product. */
  cloudPhone?: DemoCloudPhone;
  /** Its other products, in this order. */
  products?: readonly customers.SeededProduct[];
}

/** A demo's business broadband (80 Mbps, bought online), live since `confirmedDate`. */
export function liveBroadband(
  confirmedDate: string,
  installationAddress?: InstallationAddress,
): customers.SeededProduct {
  return {
    kind: 'telco',
    subKind: 'broadband',
    supplier: 1,
    status: 'live',
    channel: 'Self Sign Up',
    productDetail: 'Business Broadband 80 Mbps',
    ...(installationAddress && { installationAddress }),
    confirmedDate,
  };
}

export interface SeededCustomer {
  accountId: number;
  userId: number;
  cloudPhoneId: number | null;
  /** The ids of `products`, in their order. */
  productIds: number[];
}

/**
 * Makes a demo customer in the seed's transaction.
 * @example const { accountId } = await seedCustomer(tx, { company: 'Fernleaf Studio', user, products: [broadband] }, now)
 */
export async function seedCustomer(tx: SeedTransaction, customer: DemoCustomer, now: Date): Promise<SeededCustomer> {
  const { user, cloudPhone } = customer;
  let productIds: number[] = [];
  const made = await customers.create(tx, 'sandbox', {
    account: { name: customer.company },
    user,
    ...(cloudPhone && {
      cloudPhone: {
        now,
        supplier: cloudPhone.supplier,
        productDetail: cloudPhone.productDetail,
        installationAddress: cloudPhone.installationAddress ?? null,
        asSeeded: cloudPhone.asSeeded,
        firstSeat:
          cloudPhone.firstSeat === undefined
            ? { firstName: user.firstName, lastName: user.lastName, email: user.email }
            : cloudPhone.firstSeat,
        giveNumber: null,
      },
    }),
    after: async (inner, { accountId }) => {
      await seedColleagues(inner, accountId!, customer.colleagues ?? []);
      productIds = await customers.seedProducts(inner, accountId!, customer.products ?? []);
    },
  });
  if ('refused' in made) throw new Error(`seed: ${customer.company} not made (${made.refused})`);
  return {
    accountId: made.accountId!,
    userId: made.userId!,
    cloudPhoneId: cloudPhone ? made.productId : null,
    productIds,
  };
}

/** A demo customer whose cloud phone was made: its id. */
export function cloudPhoneOf(made: SeededCustomer): number {
  if (made.cloudPhoneId === null) throw new Error('seed: no cloud phone made');
  return made.cloudPhoneId;
}
