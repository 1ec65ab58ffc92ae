import { seedCustomer, type SeedTransaction } from '../../db/demo-customers.ts';
import type { DemoUser } from '../../db/demo-users.ts';

/**
 * An e2e-only customer with broadband and no cloud phone (like Kestrel Electrical): the signup
 * spec starts an opt-in trial of a cloud phone on it (POST /api/v3/accounts/{id}/start-voip-trial/).
 */
export async function seedNoCloudPhoneCustomer(
  tx: SeedTransaction,
  user: DemoUser,
  company: string,
  now: Date,
): Promise<void> {
  const broadband = {
    kind: 'telco',
    subKind: 'broadband',
    supplier: 1,
    status: 'live',
    channel: 'Telesales',
    productDetail: 'Business broadband 80',
  } as const;
  await seedCustomer(tx, { company, user, products: [broadband] }, now);
}
