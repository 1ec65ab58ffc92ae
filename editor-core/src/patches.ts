/**
 * Changes as patches addressed by node id, not by tree path, so a step's size does not grow with the flow
 * (nor with its depth). Applied with immer's produce: only the changed path is copied and patch values
 * (frozen nodes) are shared, not cloned, so undoing a removal costs no copy of the subtree.
 */
import { produce } from 'immer';

import { knownNodeCounts, rememberNodeCounts } from './limits.ts';
import type { NodeType } from './node-types.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { carryIndex } from './tree-index.ts';
import { countByType, locate, nodeAt } from './tree.ts';

/** Keys inside a node (or inside the flow when the node is null), e.g. ['args', 'queue_size', 'value']. */
export type PatchKey = Array<string | number>;

/** One change: add, remove or move a child of a node by index, or replace a value inside a node or the flow. */
export type FlowPatch =
  | { op: 'add'; parent: string; index: number; value: FlowNode }
  | { op: 'remove'; parent: string; index: number }
  | { op: 'move'; from: { parent: string; index: number }; to: { parent: string; index: number } }
  | { op: 'replace'; node: string | null; key: PatchKey; value: unknown };

type Container = Record<string | number, unknown>;

function pathOf(flow: CallFlow, id: string): number[] {
  const loc = locate(flow.data, id);
  if (!loc) throw new Error(`Patch refers to a node that is not in the flow: ${id}`);
  return loc.path;
}

function childrenDraft(draft: CallFlow, path: readonly number[]): FlowNode[] {
  let node = draft.data;
  for (const i of path) node = node.children[i] as FlowNode;
  return node.children;
}

// Each primitive hands the tree's index (tree-index.ts) on to the new root with what it did to the tree's shape.
function addAt(flow: CallFlow, parentPath: readonly number[], index: number, value: FlowNode): CallFlow {
  const result = produce(flow, (draft) => {
    childrenDraft(draft, parentPath).splice(index, 0, value);
  });
  carryIndex(flow.data, result.data, { kind: 'add', parent: nodeAt(flow.data, parentPath).id, node: value });
  return result;
}

function removeAt(flow: CallFlow, parentPath: readonly number[], index: number): CallFlow {
  const result = produce(flow, (draft) => {
    childrenDraft(draft, parentPath).splice(index, 1);
  });
  carryIndex(flow.data, result.data, { kind: 'remove', node: nodeAt(flow.data, [...parentPath, index]) });
  return result;
}

function replaceAt(flow: CallFlow, nodePath: readonly number[] | null, key: PatchKey, value: unknown): CallFlow {
  const result = produce(flow, (draft) => {
    let target: Container = draft as unknown as Container;
    if (nodePath) {
      let node = draft.data;
      for (const i of nodePath) node = node.children[i] as FlowNode;
      target = node as unknown as Container;
    }
    for (let i = 0; i < key.length - 1; i++) target = target[key[i] as string | number] as Container;
    target[key[key.length - 1] as string | number] = value;
  });
  // A new id or children (no command writes them so) leave the new root to be indexed by a walk.
  if (nodePath && key[0] !== 'id' && key[0] !== 'children') carryIndex(flow.data, result.data, { kind: 'same' });
  return result;
}

/** Applies patches in order, finding each node by id (undo and redo use this). */
export function applyFlowPatches(flow: CallFlow, patches: readonly FlowPatch[]): CallFlow {
  let result = flow;
  const known = knownNodeCounts(flow.data);
  const counts = known ? { ...known } : null;
  const adjust = (node: FlowNode, sign: 1 | -1) => {
    if (!counts) return;
    const delta = countByType(node);
    for (const type of Object.keys(delta) as NodeType[]) counts[type] += sign * delta[type];
  };
  for (const patch of patches) {
    if (patch.op === 'add') {
      result = addAt(result, pathOf(result, patch.parent), patch.index, patch.value);
      adjust(patch.value, 1);
    } else if (patch.op === 'remove') {
      const parentPath = pathOf(result, patch.parent);
      adjust(nodeAt(result.data, [...parentPath, patch.index]), -1);
      result = removeAt(result, parentPath, patch.index);
    } else if (patch.op === 'replace') {
      const nodePath = patch.node === null ? null : pathOf(result, patch.node);
      if (counts && nodePath && patch.key.length === 1 && patch.key[0] === 'type') {
        counts[nodeAt(result.data, nodePath).type]--;
        counts[patch.value as NodeType]++;
      }
      result = replaceAt(result, nodePath, patch.key, patch.value);
    } else {
      const fromPath = pathOf(result, patch.from.parent);
      const moved = nodeAt(result.data, [...fromPath, patch.from.index]);
      result = removeAt(result, fromPath, patch.from.index);
      result = addAt(result, pathOf(result, patch.to.parent), patch.to.index, moved);
    }
  }
  if (counts) rememberNodeCounts(result.data, counts);
  return result;
}

/** A change being built from tree paths: each primitive is applied at once, so later paths read the changed flow. */
export class ChangeBuilder {
  readonly patches: FlowPatch[] = [];
  private readonly inverse: FlowPatch[] = [];

  // Node counts kept up to date from the base's, so limits of the next command need no walk of the flow.
  private counts: Record<NodeType, number> | null;

  constructor(public flow: CallFlow) {
    const known = knownNodeCounts(flow.data);
    this.counts = known ? { ...known } : null;
  }

  /** Patches that undo the change, in the order to apply them. */
  get inversePatches(): FlowPatch[] {
    return [...this.inverse].reverse();
  }

  /** The changed flow, with its node counts remembered. */
  get result(): CallFlow {
    if (this.counts) rememberNodeCounts(this.flow.data, this.counts);
    return this.flow;
  }

  private adjust(node: FlowNode, sign: 1 | -1): void {
    if (!this.counts) return;
    const delta = countByType(node);
    for (const type of Object.keys(delta) as NodeType[]) this.counts[type] += sign * delta[type];
  }

  private idAt(path: readonly number[]): string {
    return nodeAt(this.flow.data, path).id;
  }

  /** Inserts a subtree as child `index` of the node at `parentPath`. */
  insert(parentPath: readonly number[], index: number, node: FlowNode): void {
    const parent = this.idAt(parentPath);
    this.flow = addAt(this.flow, parentPath, index, node);
    this.adjust(node, 1);
    this.patches.push({ op: 'add', parent, index, value: node });
    this.inverse.push({ op: 'remove', parent, index });
  }

  /** Removes child `index` of the node at `parentPath`. */
  remove(parentPath: readonly number[], index: number): void {
    const parent = this.idAt(parentPath);
    const current = nodeAt(this.flow.data, [...parentPath, index]);
    this.flow = removeAt(this.flow, parentPath, index);
    this.adjust(current, -1);
    this.patches.push({ op: 'remove', parent, index });
    this.inverse.push({ op: 'add', parent, index, value: current });
  }

  /** Moves the node at `fromPath` to child `index` of the node at `toParentPath`, read once the node is taken out. */
  move(fromPath: readonly number[], toParentPath: readonly number[], index: number): void {
    const fromParentPath = fromPath.slice(0, -1);
    const fromIndex = fromPath[fromPath.length - 1] as number;
    const from = { parent: this.idAt(fromParentPath), index: fromIndex };
    const moved = nodeAt(this.flow.data, fromPath);
    this.flow = removeAt(this.flow, fromParentPath, fromIndex);
    const to = { parent: this.idAt(toParentPath), index };
    this.flow = addAt(this.flow, toParentPath, index, moved);
    this.patches.push({ op: 'move', from, to });
    this.inverse.push({ op: 'move', from: to, to: from });
  }

  /** Replaces the value at `key` inside the node at `nodePath` (null: the flow itself), whose current value is `old`. */
  replace(nodePath: readonly number[] | null, key: PatchKey, value: unknown, old: unknown): void {
    const node = nodePath === null ? null : this.idAt(nodePath);
    if (this.counts && key.length === 1 && key[0] === 'type') {
      this.counts[old as NodeType]--;
      this.counts[value as NodeType]++;
    }
    this.flow = replaceAt(this.flow, nodePath, key, value);
    this.patches.push({ op: 'replace', node, key, value });
    this.inverse.push({ op: 'replace', node, key, value: old });
  }
}
