import { eq, sql } from 'drizzle-orm';

import type { Reads, Updates } from '../../db/connect.ts';
import { quickstarts, trials } from '../../db/schema/customers.ts';

export type TrialRow = typeof trials.$inferSelect;
export type QuickstartRow = typeof quickstarts.$inferSelect;
type ProductTrial = Pick<TrialRow, 'productId' | 'kind' | 'endsAt'>;

/** What a customer's PATCH of the trial status changes in the quick start; absent fields stay. */
export interface QuickstartChanges {
  /** Steps to add to the completed ones (merged, never replacing). */
  completedSections?: Record<string, boolean>;
  customerFeedback?: string | null;
  showQuickstartPopup?: boolean;
}

/** The product's trial, or undefined when it is not (or no longer) in one. */
export async function trialOf(db: Reads, productId: number): Promise<ProductTrial | undefined> {
  const [trial] = await db
    .select({ productId: trials.productId, kind: trials.kind, endsAt: trials.endsAt })
    .from(trials)
    .where(eq(trials.productId, productId))
    .limit(1);
  return trial;
}

/** Remembers that the trial's upgrade prompt was shown (the first time only); answers the trial, or undefined with none. */
export async function markUpgradePromptShown(db: Updates, productId: number, now: Date): Promise<TrialRow | undefined> {
  const [row] = await db
    .update(trials)
    .set({ upgradePromptShownAt: sql`coalesce(${trials.upgradePromptShownAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(trials.productId, productId))
    .returning();
  return row;
}

/** Changes a product's quick start (spec 000 section 4); answers it as changed. */
export async function changeQuickstart(
  db: Updates,
  productId: number,
  changes: QuickstartChanges,
): Promise<QuickstartRow | undefined> {
  const sections = changes.completedSections;
  const [updated] = await db
    .update(quickstarts)
    .set({
      // Merged in the database, so two steps completed at once both stay completed.
      ...(sections && {
        sectionsCompleted: sql`${quickstarts.sectionsCompleted} || ${JSON.stringify(sections)}::jsonb`,
      }),
      ...(changes.customerFeedback !== undefined && { customerFeedback: changes.customerFeedback }),
      ...(changes.showQuickstartPopup !== undefined && { showPopup: changes.showQuickstartPopup }),
    })
    .where(eq(quickstarts.productId, productId))
    .returning();
  return updated;
}
