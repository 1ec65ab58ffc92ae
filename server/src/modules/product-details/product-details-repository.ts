import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';

import {
  currentContract,
  productDetailsMessages,
  renewalRefusal,
  renewedContractDates,
  upcomingContract,
} from '@portal/contract';

import type { Database, Reads } from '../../db/connect.ts';
import { productChildren, productContracts, productTariffs } from '../../db/schema/product-details.ts';
import { lockProduct } from '../customers/index.ts';

export type TariffRow = typeof productTariffs.$inferSelect;
export type ChildRow = typeof productChildren.$inferSelect;
export type ContractRow = typeof productContracts.$inferSelect;

/** A contract row in the contract's field names, as the shared rules read it. */
export const contractFacts = (row: ContractRow) => ({ ...row, start_date: row.startDate, status: row.status });

/** The current contract of the rows on `today` (the latest visible start so far; VOID never), by the contract's rule. */
export const currentOf = (rows: readonly ContractRow[], today: string): ContractRow | undefined => {
  const current = currentContract(rows.map(contractFacts), today);
  return current && rows.find((row) => row.id === current.id);
};

/** The renewal agreed on the rows that has not started on `today`, by the contract's rule. */
export const upcomingOf = (rows: readonly ContractRow[], today: string): ContractRow | undefined => {
  const upcoming = upcomingContract(rows.map(contractFacts), today);
  return upcoming && rows.find((row) => row.id === upcoming.id);
};

/** A new contract document's secret: 24 random bytes, URL-safe. */
export const newDownloadToken = (): string => randomBytes(24).toString('base64url');

/** The contract reference of a product's n-th contract: CT-{product}-{n}. */
export const contractReference = (productId: number, n: number): string => `CT-${productId}-${n}`;

/** What a renewal answers: the new contract, or why it was refused (the rule's words). */
export type RenewalOutcome = { renewed: ContractRow } | { refused: string };

// Products' tariffs, children and contracts.

/** The product's tariff (undefined when it has none yet), children and contracts, oldest first. */
export async function productDetailsOf(
  db: Reads,
  productId: number,
): Promise<{ tariff: TariffRow | undefined; children: ChildRow[]; contracts: ContractRow[] }> {
  const [[tariff], children, contracts] = await Promise.all([
    db.select().from(productTariffs).where(eq(productTariffs.productId, productId)),
    db.select().from(productChildren).where(eq(productChildren.productId, productId)).orderBy(asc(productChildren.id)),
    db
      .select()
      .from(productContracts)
      .where(eq(productContracts.productId, productId))
      .orderBy(asc(productContracts.startDate), asc(productContracts.id)),
  ]);
  return { tariff, children, contracts };
}

/** The product's contract whose document has `token`, unless it is VOID. */
export async function contractByToken(db: Reads, productId: number, token: string): Promise<ContractRow | undefined> {
  const [row] = await db
    .select()
    .from(productContracts)
    .where(and(eq(productContracts.productId, productId), eq(productContracts.downloadToken, token)));
  return row && row.status !== 'VOID' ? row : undefined;
}

/**
 * Renews the product's current contract for `months` when the shared rule allows it on `today`
 * and no renewal is agreed yet: a new contract from the day after the current one ends, on the
 * renewal tariff from that day (rules.ts tariffInForce); the current tariff stays until then.
 * The product's row is locked meanwhile, so two renewals sent at once make one contract.
 */
export async function renewContract(
  db: Pick<Database, 'transaction'>,
  productId: number,
  months: number,
  today: string,
): Promise<RenewalOutcome> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const contracts = await tx.select().from(productContracts).where(eq(productContracts.productId, productId));
    if (upcomingOf(contracts, today)) return { refused: productDetailsMessages.alreadyRenewed };
    const current = currentOf(contracts, today);
    const refusal = renewalRefusal(current?.endDate ?? null, current?.contractLengthMonths ?? null, today);
    if (refusal !== null || !current?.endDate) return { refused: refusal ?? '' };
    const dates = renewedContractDates(current.endDate, months);
    const [renewed] = await tx
      .insert(productContracts)
      .values({
        productId,
        contractId: contractReference(productId, contracts.length + 1),
        startDate: dates.start_date,
        endDate: dates.end_date,
        contractLengthMonths: months,
        contractSummariesSent: 1,
        contractSent: true,
        status: 'PENDING',
        downloadToken: newDownloadToken(),
      })
      .returning();
    if (!renewed) throw new Error('renewal contract not inserted');
    return { renewed };
  });
}
