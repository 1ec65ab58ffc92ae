/**
 * The step palette: which types may be added, inserted or swapped in at a place, and in words why the others
 * may not. Both are editor-core's answer (`check` of the very command the entry runs): the palette only shows it.
 */
import {
  check,
  insertBetween,
  insertNode,
  locate,
  NODE_SPECS,
  replaceNode,
  ROUTE_STEP_TYPES,
  type Command,
  type EditorState,
  type FlowNode,
  type NodeType,
} from '@portal/editor-core';

/** Where the palette adds: after a route's end, between a node and its child, or in place of a node. */
export type PaletteTarget =
  | { mode: 'append'; parentId: string }
  | { mode: 'between'; parentId: string; childId: string }
  | { mode: 'replace'; nodeId: string };

export interface PaletteEntry {
  type: NodeType;
  label: string;
  description: string;
  enabled: boolean;
  /** Why the entry is disabled; null when enabled. */
  reason: string | null;
}

/** Steps that cannot be copied on their own (the main number; in_hours and out_of_hours belong to their business hours). */
export const NOT_COPYABLE: ReadonlySet<NodeType> = new Set(['main_number', 'in_hours', 'out_of_hours']);

/** What each step does, in the palette. */
export const TYPE_DESCRIPTIONS: Readonly<Record<NodeType, string>> = {
  main_number: 'Where calls to your numbers come in',
  business_hours: 'Send calls one way when open and another when closed',
  in_hours: 'The route taken while you are open',
  out_of_hours: 'The route taken while you are closed',
  transfer: 'Ring one or more extensions',
  divert_to_external: 'Send the call on to another UK number',
  voicemail: 'Let the caller leave a message',
  play_audio: 'Play a greeting, then carry on',
  dial_menu: 'Let callers press a key to choose where to go',
  dial_menu_key: 'One option of a dial menu',
  repeat_menu: 'Play the dial menu again',
};

/** The command an entry of this type runs at the target. */
export function paletteCommand(target: PaletteTarget, type: NodeType): Command {
  switch (target.mode) {
    case 'append':
      return insertNode(target.parentId, type);
    case 'between':
      return insertBetween(target.parentId, target.childId, type);
    case 'replace':
      return replaceNode(target.nodeId, type);
  }
}

/** Types offered at a target: the parent's non-fixed child types (route steps on a route), other route steps for replace. */
export function candidateTypes(root: FlowNode, target: PaletteTarget): NodeType[] {
  if (target.mode === 'replace') {
    const node = locate(root, target.nodeId)?.node;
    if (!node || !(ROUTE_STEP_TYPES as readonly NodeType[]).includes(node.type)) return [];
    return ROUTE_STEP_TYPES.filter((t) => t !== node.type);
  }
  const parent = locate(root, target.parentId)?.node;
  if (!parent) return [];
  if (target.mode === 'between') return [...ROUTE_STEP_TYPES];
  const spec = NODE_SPECS[parent.type];
  return spec.children.filter((t) => !spec.fixedChildren.includes(t) && !NODE_SPECS[t].root);
}

const label = (type: NodeType) => NODE_SPECS[type].label;

/** The palette at a target: every candidate type, enabled when editor-core's command would run, else with editor-core's reason. */
export function paletteEntries(state: EditorState, target: PaletteTarget): PaletteEntry[] {
  return candidateTypes(state.flow.data, target).map((type) => {
    const verdict = check(paletteCommand(target, type), state);
    const enabled = verdict === true;
    return {
      type,
      label: label(type),
      description: TYPE_DESCRIPTIONS[type],
      enabled,
      reason: verdict === true ? null : verdict.reason,
    };
  });
}
