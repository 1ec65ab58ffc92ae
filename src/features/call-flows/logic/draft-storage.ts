import * as z from 'zod/mini';

import { CallFlowSchema, type CallFlow } from '@portal/editor-core';

/**
 * The local draft of a custom call flow being edited (nothing is lost). While
 * there are unsaved changes the flow is written to localStorage, per product and flow
 * (a new flow has its own slot), a moment after the last change; a successful save or
 * a discard clears it. On the next visit a draft that differs from the stored flow is
 * offered back. A draft keeps the version it started from, so saving a restored draft
 * over a newer save still meets the 412 conflict instead of overwriting it.
 */

export const DRAFT_KEY_PREFIX = 'portal.call-flow-draft.v1';
/** A draft older than this is dropped rather than offered. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** How long after the last change a draft is written. */
export const DRAFT_WRITE_DELAY_MS = 800;

export interface CallFlowDraft {
  flow: CallFlow;
  /** The server version the edits started from; null for a flow never saved. */
  baseVersion: number | null;
  /** When it was written (ms since the epoch). */
  savedAt: number;
}

const DraftSchema = z.object({
  flow: CallFlowSchema,
  baseVersion: z.nullable(z.int()),
  savedAt: z.number(),
});

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage switched off: the editor works without drafts
  }
}

/** The storage key of a flow's draft: per product and flow id ('new' for a flow not saved yet). */
export function draftKey(productId: number, flowId: string | null): string {
  return `${DRAFT_KEY_PREFIX}.${productId}.${flowId ?? 'new'}`;
}

/** Writes a draft; a full or missing storage is ignored (the draft is a safety net, not the save). */
export function writeDraft(
  productId: number,
  flowId: string | null,
  draft: CallFlowDraft,
  storage: StorageLike | null = defaultStorage(),
): boolean {
  try {
    storage?.setItem(draftKey(productId, flowId), JSON.stringify(draft));
    return storage !== null;
  } catch {
    return false;
  }
}

/** The draft of a flow, or null when there is none, it is unreadable or too old (those are removed). */
export function readDraft(
  productId: number,
  flowId: string | null,
  now: number = Date.now(),
  storage: StorageLike | null = defaultStorage(),
): CallFlowDraft | null {
  const key = draftKey(productId, flowId);
  let text: string | null = null;
  try {
    text = storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  let parsed: ReturnType<typeof DraftSchema.safeParse>;
  try {
    parsed = DraftSchema.safeParse(JSON.parse(text));
  } catch {
    parsed = { success: false } as ReturnType<typeof DraftSchema.safeParse>;
  }
  if (!parsed.success || now - parsed.data.savedAt > DRAFT_MAX_AGE_MS) {
    clearDraft(productId, flowId, storage);
    return null;
  }
  return parsed.data;
}

export function clearDraft(
  productId: number,
  flowId: string | null,
  storage: StorageLike | null = defaultStorage(),
): void {
  try {
    storage?.removeItem(draftKey(productId, flowId));
  } catch {
    // nothing to do: there is no storage
  }
}

/** Whether a draft holds something the stored flow does not (its name or its tree). */
export function draftDiffers(draft: CallFlow, stored: CallFlow): boolean {
  return draft.name !== stored.name || JSON.stringify(draft.data) !== JSON.stringify(stored.data);
}

/**
 * Writes drafts a moment after the last change (one write per burst of typing), and at
 * once on flush (the page being hidden or left).
 */
export function createDraftWriter(write: (draft: CallFlowDraft) => void, delayMs: number = DRAFT_WRITE_DELAY_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: CallFlowDraft | null = null;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending) write(pending);
    pending = null;
  };
  return {
    schedule(draft: CallFlowDraft) {
      pending = draft;
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    flush,
    /** Drops a draft not written yet (after a save or a discard). */
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
    },
  };
}
