import { liveBroadband, seedCustomer, type SeedTransaction } from '../../db/demo-customers.ts';
import type { DemoUser } from '../../db/demo-users.ts';

/**
 * A business with broadband at one site (Standard, live since last year) whose owner signs up
 * for broadband at another: the sandbox's broadband customers (db/demo-factory.ts). Approving the
 * sign-up adds an installation appointment to the account's orders.
 */
export async function seedBroadbandCustomer(
  tx: SeedTransaction,
  user: DemoUser,
  company: string,
  now: Date,
): Promise<void> {
  const lastYear = new Date(now.getTime() - 365 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await seedCustomer(tx, { company, user, products: [liveBroadband(lastYear)] }, now);
}
