import {
  QUICKSTART_FEEDBACK_FLAG,
  QUICKSTART_STEPS,
  type FeatureFlag,
  type NavigationProduct,
  type QuickstartStep,
} from '@portal/contract';

/**
 * The quick-start wizard's rules (spec 000 sections 2 and 4), as plain functions: which steps
 * show, where the wizard opens, when the feedback panel replaces it, and the remembered step.
 * When it opens at all is opens.ts, which the default layout imports on its own.
 */

/** A Buy Now product's sales channel (spec 000 section 3). */
export const BUY_NOW_CHANNEL = 'Buy Now';

/** The opener's tracking event (spec 001 section 4). */
export const QS_OPENED_EVENT = 'QS - opened';

/** The steps a product's wizard shows, in order: six, or five for a buy-now product, which has nothing to upgrade. */
export function quickstartSteps(product: Pick<NavigationProduct, 'channel'>): QuickstartStep[] {
  return QUICKSTART_STEPS.filter((step) => step !== 'upgrade' || product.channel !== BUY_NOW_CHANNEL);
}

export type Completed = Readonly<Record<string, boolean>>;

export const completedSteps = (steps: readonly QuickstartStep[], completed: Completed): QuickstartStep[] =>
  steps.filter((step) => completed[step] === true);

/** The activator's progress, e.g. "2 of 6 done". */
export const progressText = (done: number, total: number): string => `${done} of ${total} done`;

/**
 * The step the wizard opens at: the last remembered one (when this product's wizard shows
 * it), else the first incomplete one; null when every step is complete.
 */
export function openingStep(
  steps: readonly QuickstartStep[],
  completed: Completed,
  remembered: string | null,
): QuickstartStep | null {
  const known = steps.find((step) => step === remembered);
  if (known) return known;
  return steps.find((step) => completed[step] !== true) ?? null;
}

/** Feedback is enabled by the user's feature flag QUICKSTART_FEEDBACK_FLAG (the spec does not say what enables it). */
export function feedbackEnabled(flags: readonly FeatureFlag[]): boolean {
  return flags.some((flag) => flag.name === QUICKSTART_FEEDBACK_FLAG && flag.enabled);
}

// The remembered step lives in this browser, per user and product: the server keeps only what is complete.
const rememberedKey = (userId: number, productId: number) => `portal.quickstart-step.${userId}.${productId}`;

export function rememberedStep(userId: number, productId: number): string | null {
  try {
    return localStorage.getItem(rememberedKey(userId, productId));
  } catch {
    return null; // storage refused (private mode): open at the first incomplete step
  }
}

export function rememberStep(userId: number, productId: number, step: QuickstartStep): void {
  try {
    localStorage.setItem(rememberedKey(userId, productId), step);
  } catch {
    // as above: the wizard still works, it only forgets the step
  }
}

// Whether the wizard has been shown to this user for this product in this browser: it opens by itself on the
// first visit only, then waits collapsed to its button.
const shownKey = (userId: number, productId: number) => `portal.quickstart-shown.${userId}.${productId}`;

/**
 * Whether the wizard starts expanded: on the first visit, and never on a phone, where the open panel would
 * cover most of the screen (its button stays at the foot of the page, with room kept for it).
 */
export function opensExpanded(userId: number, productId: number, phone: boolean): boolean {
  if (phone) return false;
  try {
    return localStorage.getItem(shownKey(userId, productId)) === null;
  } catch {
    return false; // storage refused: better collapsed than over the page on every visit
  }
}

/** Notes that the wizard has been shown (see opensExpanded). */
export function markShown(userId: number, productId: number): void {
  try {
    localStorage.setItem(shownKey(userId, productId), '1');
  } catch {
    // as above
  }
}
