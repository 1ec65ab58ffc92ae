import { eq } from 'drizzle-orm';

import type { Database } from '../../db/connect.ts';
import { products } from '../../db/schema/customers.ts';

/**
 * Locks the product's row until `tx` ends, so two changes of one product made by other modules (a number reserved for
 * the phone, a contract renewed) take turns.
 */
export async function lockProduct(tx: Pick<Database, 'select'>, productId: number): Promise<void> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
}
