import { callFlowMessages, type CreateCallFlow, type PatchCallFlow, type StoredCallFlow } from '@portal/contract';
import { flowNameError, type CallFlow } from '@portal/editor-core';

import { copyFlowName } from './flow-list.ts';

/**
 * What a save sends (spec 000 section 4, "Call-flow save"), worked out before anything
 * is sent: a new flow is created with enable false (and enabled by a second call when
 * asked), an existing flow is patched with the version it started from. A flow that is
 * or would become active must be valid.
 */

export type SaveIntent = 'save' | 'save-and-enable';

export type SaveStep =
  | { kind: 'create'; body: CreateCallFlow }
  | { kind: 'patch'; flowId: string; body: PatchCallFlow }
  /** Enables the flow just created by the step before. */
  | { kind: 'enable-created' };

export type SavePlan = { ok: true; steps: SaveStep[] } | { ok: false; message: string };

export interface SaveInput {
  flow: CallFlow;
  /** Whether every editor-core rule passes. */
  valid: boolean;
  /** Names of the product's other flows. */
  otherFlowNames: readonly string[];
  /** The server version the edits started from (null for a new flow, or when unknown). */
  baseVersion: number | null;
  intent: SaveIntent;
  /** The note the saved version keeps ("Added the sales key"); blank adds none. */
  note?: string;
}

/** The note a body carries: trimmed, and left out when blank. */
const noteOf = (note: string | undefined) => (note?.trim() ? { note: note.trim() } : {});

export function planSave({ flow, valid, otherFlowNames, baseVersion, intent, note }: SaveInput): SavePlan {
  const nameError = flowNameError(flow.name, otherFlowNames);
  if (nameError) return { ok: false, message: nameError };
  const becomesActive = intent === 'save-and-enable' || flow.enable;
  if (becomesActive && !valid) return { ok: false, message: callFlowMessages.invalidActiveFlow };
  const name = flow.name.trim();
  if (flow.id === null) {
    const steps: SaveStep[] = [{ kind: 'create', body: { name, enable: false, data: flow.data, ...noteOf(note) } }];
    if (intent === 'save-and-enable') steps.push({ kind: 'enable-created' });
    return { ok: true, steps };
  }
  const body: PatchCallFlow = { name, data: flow.data, ...noteOf(note) };
  if (baseVersion !== null) body.version = baseVersion;
  if (intent === 'save-and-enable') body.enable = true;
  return { ok: true, steps: [{ kind: 'patch', flowId: flow.id, body }] };
}

/** The choices after a 412: someone saved a newer version of the flow meanwhile. */
export type ConflictChoice = 'reload' | 'overwrite' | 'copy';

export type ConflictPlan =
  /** Load their version into the editor; the local changes are dropped. */
  | { kind: 'reload'; flow: StoredCallFlow }
  /** Save mine over theirs: the same change, with their version. */
  | { kind: 'patch'; flowId: string; body: PatchCallFlow }
  /** Save mine as a new flow under an unused name; theirs stays as it is. */
  | { kind: 'create'; body: CreateCallFlow };

/**
 * What each conflict choice sends, given my flow, theirs (fetched after the 412), and
 * the names of every other flow of the product.
 */
export function planConflict(
  choice: ConflictChoice,
  input: {
    mine: CallFlow;
    theirs: StoredCallFlow;
    otherFlowNames: readonly string[];
    intent: SaveIntent;
    note?: string;
  },
): ConflictPlan {
  const { mine, theirs, otherFlowNames, intent, note } = input;
  switch (choice) {
    case 'reload':
      return { kind: 'reload', flow: theirs };
    case 'overwrite': {
      const body: PatchCallFlow = { name: mine.name.trim(), data: mine.data, version: theirs.version, ...noteOf(note) };
      if (intent === 'save-and-enable') body.enable = true;
      return { kind: 'patch', flowId: theirs.id, body };
    }
    case 'copy': {
      const name = copyFlowName(mine.name, [...otherFlowNames, theirs.name, mine.name]);
      // A copy starts disabled: enabling it would silently replace the active flow.
      return { kind: 'create', body: { name, enable: false, data: mine.data, ...noteOf(note) } };
    }
  }
}
