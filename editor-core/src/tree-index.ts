/**
 * Where each node of a tree is, by id: every node's parent id, kept beside the tree so finding a node costs its
 * depth, not the tree's size. Trees are immutable and every change makes a new root (patches.ts, with immer), so
 * an index belongs to a root object, and `carryIndex` gives a changed root the index of the root it was made from
 * with the change's entries set, at a cost of the change's size, not the tree's.
 *
 * Every root's index stays right (undo, a cancelled gesture and `chain` read older roots) though there is one map:
 * the map answers for the root read last, and every other root's index is the entries that turn the map into its
 * own, on the way to the root that holds the map. Reading another root's index first moves the map there, undoing
 * those entries and keeping their inverse on the way back (rerooting, Baker's persistent arrays), so going back and
 * forth between two roots costs the entries between them. A root whose index was not carried (a loaded flow) gets
 * one built by a walk when first asked.
 */
import type { FlowNode } from './schema.ts';

/** A node's parent id (null for the root), or undefined for no such node. */
type Parent = string | null | undefined;
type Entries = Array<[id: string, parent: Parent]>;

/** A root's index: the map itself, or the entries that turn another version's map into its own. */
interface Version {
  map: Map<string, string | null> | null;
  diff: { to: Version; entries: Entries } | null;
}

const indexes = new WeakMap<FlowNode, Version>();

/** Sets entries in a map, answering the entries that set it back, in the order to apply them. */
function setEntries(map: Map<string, string | null>, entries: Entries): Entries {
  const inverse: Entries = [];
  for (const [id, parent] of entries) {
    inverse.push([id, map.get(id)]);
    if (parent === undefined) map.delete(id);
    else map.set(id, parent);
  }
  return inverse.reverse();
}

/** Moves the map to a version, turning each version on the way into the entries back to it; answers the map. */
function reroot(version: Version): Map<string, string | null> {
  const way: Version[] = [];
  let holder = version;
  while (holder.map === null) {
    way.push(holder);
    holder = (holder.diff as NonNullable<Version['diff']>).to;
  }
  const map = holder.map;
  for (let i = way.length - 1; i >= 0; i--) {
    const here = way[i] as Version;
    const { to, entries } = here.diff as NonNullable<Version['diff']>;
    to.diff = { to: here, entries: setEntries(map, entries) };
    to.map = null;
    here.map = map;
    here.diff = null;
  }
  return map;
}

/** The entries of every node of a subtree under its parent: `parent` for the subtree's root, undefined to take them all out. */
function subtreeEntries(node: FlowNode, parent: string | null, remove: boolean, entries: Entries = []): Entries {
  entries.push([node.id, remove ? undefined : parent]);
  for (const child of node.children) subtreeEntries(child, node.id, remove, entries);
  return entries;
}

function versionOf(root: FlowNode): Version {
  let version = indexes.get(root);
  if (!version) {
    const map = new Map<string, string | null>();
    // The first of two nodes with one id wins, as a search finds it (import refuses such a tree).
    for (const [id, parent] of subtreeEntries(root, null, false)) if (!map.has(id)) map.set(id, parent ?? null);
    version = { map, diff: null };
    indexes.set(root, version);
  }
  return version;
}

/**
 * The ids on the way from a tree's root to a node: the root's child first, the node last (none for the root
 * itself); null when the index holds no such node. The caller checks the way against the tree.
 */
export function idsDownTo(root: FlowNode, id: string): string[] | null {
  const map = reroot(versionOf(root));
  const up: string[] = [];
  let current = id;
  for (;;) {
    const parent = map.get(current);
    if (parent === undefined) return null;
    if (parent === null) break;
    up.push(current);
    // A climb longer than the index is a cycle, which no tree's index holds.
    if (up.length > map.size) return null;
    current = parent;
  }
  return current === root.id ? up.reverse() : null;
}

/** What a change did to a tree's shape: a subtree added under a parent, a subtree taken out, or nothing. */
export type ShapeChange =
  { kind: 'add'; parent: string; node: FlowNode } | { kind: 'remove'; node: FlowNode } | { kind: 'same' };

/**
 * Gives `after`, made from `before` by one change, the index of `before` with the change's entries set, when
 * `before` has one (otherwise `after` gets one built when first asked). Only for changes that are an add, a remove
 * or none to the tree's shape: a change of a node's id or children otherwise is not carried.
 */
export function carryIndex(before: FlowNode, after: FlowNode, change: ShapeChange): void {
  const version = indexes.get(before);
  if (!version || before === after) return;
  if (change.kind === 'same') {
    indexes.set(after, version);
    return;
  }
  const entries =
    change.kind === 'add' ? subtreeEntries(change.node, change.parent, false) : subtreeEntries(change.node, null, true);
  const map = reroot(version);
  const next: Version = { map, diff: null };
  version.diff = { to: next, entries: setEntries(map, entries) };
  version.map = null;
  indexes.set(after, next);
}
