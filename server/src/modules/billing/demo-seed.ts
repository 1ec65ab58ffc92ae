import type { Inserts } from '../../db/connect.ts';
import { creditControlStatuses } from '../../db/schema/billing.ts';

/** An account's credit-control status as the demo has it (the home card names what is overdue). */
export async function seedCreditControlStatus(
  tx: Inserts,
  row: Omit<typeof creditControlStatuses.$inferInsert, 'id'>,
): Promise<void> {
  await tx.insert(creditControlStatuses).values(row);
}
