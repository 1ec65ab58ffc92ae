/**
 * Editing commands in ProseMirror's shape `(state, dispatch?) => boolean`: without dispatch they only say
 * whether the change is allowed (structure, limits); with it they also hand over a transaction.
 */
import { MAX_FLOW_DEPTH, MAX_NAME_LENGTH } from './constants.ts';
import type { NodeLimits } from './limits.ts';
import { defaultArgs, DIAL_KEYS, NODE_SPECS, NODE_TYPES, type Arg, type DialKey, type NodeType } from './node-types.ts';
import { ChangeBuilder, type FlowPatch } from './patches.ts';
import { limitRefusal, refusals, structureRefusal, type Refusal } from './refusals.ts';
import { ARG_VALUE_SCHEMAS, type CallFlow, type FlowNode } from './schema.ts';
import { nodeStructureIssues } from './structure.ts';
import { locate, nodeAt, subtreeDepth, walk, type NodeLocation } from './tree.ts';
import { isFlowValid } from './validate.ts';

/** What commands read: the flow, the caller's per-type limits, and optionally where fresh ids come from. */
export interface EditorState {
  flow: CallFlow;
  limits?: NodeLimits;
  /** Fresh node ids; without it ids 'n1', 'n2'... not yet in the flow are used. */
  newId?: () => string;
  /** Told why, when a command refuses (see `check`). */
  onRefuse?: (refusal: Refusal) => void;
}

/** One change to a flow: the new flow and the patches to and from it. */
export interface Transaction {
  flow: CallFlow;
  patches: FlowPatch[];
  inversePatches: FlowPatch[];
  /** What the change did, for an undo menu, e.g. 'Insert transfer'. */
  label: string;
  /** Changes with the same key in quick succession are one undo step (typing a name). */
  coalesceKey?: string;
  /** Node ids to select after the change. */
  selection?: string[];
}

/** Receives a command's transaction. */
export type Dispatch = (tr: Transaction) => void;
/** A command: answers whether it applies, and when given dispatch also performs it. */
export type Command = (state: EditorState, dispatch?: Dispatch) => boolean;

/** Answers false for a command, telling the caller why. */
function refuse(state: EditorState, refusal: Refusal): false {
  state.onRefuse?.(refusal);
  return false;
}

/**
 * Whether a command applies now: true, or the refusal with its reason in a customer's words, e.g.
 * `check(insertNode('n3', 'repeat_menu'), state)` -> `{ code: 'needs_ancestor', reason: 'Only inside a Dial menu' }`.
 */
export function check(command: Command, state: EditorState): true | Refusal {
  let refusal: Refusal | null = null;
  const applies = command({ ...state, onRefuse: (r) => (refusal ??= r) });
  return applies ? true : (refusal ?? refusals.notAllowed());
}

const PLACEHOLDER = '';

function idSource(state: EditorState): () => string {
  if (state.newId) return state.newId;
  const taken = new Set<string>();
  walk(state.flow.data, (node) => {
    taken.add(node.id);
  });
  let n = taken.size;
  return () => {
    let id: string;
    do id = `n${++n}`;
    while (taken.has(id));
    taken.add(id);
    return id;
  };
}

function nodeName(type: NodeType, args: Record<string, Arg>): string {
  const name = args.name;
  return name && name.type === 'text' ? name.value : NODE_SPECS[type].label;
}

/** A new node of a type with default args and its fixed children (business_hours gets in_hours and out_of_hours). */
export function createNode(type: NodeType, newId: () => string, context: { inHours?: boolean } = {}): FlowNode {
  const args = defaultArgs(type, context);
  return {
    id: newId(),
    type,
    name: nodeName(type, args),
    args,
    children: NODE_SPECS[type].fixedChildren.map((fixed) =>
      createNode(fixed, newId, { inHours: fixed === 'in_hours' }),
    ),
  };
}

/** A copy of a subtree with fresh ids everywhere. */
export function withFreshIds(node: FlowNode, newId: () => string): FlowNode {
  return { ...node, id: newId(), children: node.children.map((c) => withFreshIds(c, newId)) };
}

function countsOf(root: FlowNode): Partial<Record<NodeType, number>> {
  const counts: Partial<Record<NodeType, number>> = {};
  walk(root, (node) => {
    counts[node.type] = (counts[node.type] ?? 0) + 1;
  });
  return counts;
}

const NONE: ReadonlySet<NodeType> = new Set();
const unmetCache = new WeakMap<FlowNode, ReadonlySet<NodeType>>();

/** Ancestor types that nodes of a subtree require and the subtree itself does not provide, remembered per node. */
function unmetAncestors(root: FlowNode): ReadonlySet<NodeType> {
  const cached = unmetCache.get(root);
  if (cached) return cached;
  let unmet: Set<NodeType> | null = null;
  const needed = NODE_SPECS[root.type].requiresAncestor;
  if (needed) (unmet ??= new Set()).add(needed);
  for (const child of root.children)
    for (const type of unmetAncestors(child)) if (type !== root.type) (unmet ??= new Set()).add(type);
  const result = unmet ?? NONE;
  unmetCache.set(root, result);
  return result;
}

/** Why a subtree may not sit below these ancestors (root first, new parent last): required ancestors and depth; null when it may. */
function belowRefusal(subtree: FlowNode, ancestors: readonly FlowNode[]): Refusal | null {
  const unmet = unmetAncestors(subtree);
  for (const type of unmet) if (!ancestors.some((a) => a.type === type)) return refusals.needsAncestor(type);
  if (ancestors.length + subtreeDepth(subtree) > MAX_FLOW_DEPTH) return refusals.tooDeep();
  return null;
}

function fitsBelow(subtree: FlowNode, ancestors: readonly FlowNode[]): boolean {
  return belowRefusal(subtree, ancestors) === null;
}

function structureOk(node: FlowNode, children: readonly FlowNode[]): boolean {
  return nodeStructureIssues({ ...node, children: [...children] }).length === 0;
}

/** Whether a copied subtree is well formed on its own (and holds no main number). */
function subtreeStructureOk(root: FlowNode): boolean {
  let ok = true;
  walk(root, (node) => {
    if (node.type === 'main_number' || nodeStructureIssues(node).length > 0) ok = false;
    return ok;
  });
  return ok;
}

/** The new node of a subtree that breaks the structure table, down to (not into) an existing, well-formed node placed in it; null when none does. */
function brokenNewNode(root: FlowNode, existing: FlowNode): FlowNode | null {
  if (root === existing) return null;
  if (nodeStructureIssues(root).length > 0) return root;
  for (const c of root.children) {
    const broken = brokenNewNode(c, existing);
    if (broken) return broken;
  }
  return null;
}

function inHoursContext(ancestors: readonly FlowNode[]): boolean {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const type = ancestors[i]?.type;
    if (type === 'in_hours') return true;
    if (type === 'out_of_hours') return false;
  }
  return false;
}

function lineage(loc: NodeLocation): FlowNode[] {
  return [...loc.ancestors, loc.node];
}

function freeKey(menu: FlowNode, preferred?: string): DialKey | null {
  const used = new Set(menu.children.map((c) => c.args.target?.value));
  if (preferred !== undefined && !used.has(preferred) && (DIAL_KEYS as readonly string[]).includes(preferred))
    return preferred as DialKey;
  return DIAL_KEYS.find((k) => !used.has(k)) ?? null;
}

/** Parses arg values against the node table; null when an arg is unknown to the type or a value has the wrong type. */
function parseArgs(type: NodeType, values: Readonly<Record<string, unknown>>): Record<string, Arg> | null {
  const parsed: Record<string, Arg> = {};
  for (const [name, value] of Object.entries(values)) {
    const spec = NODE_SPECS[type].args[name];
    if (!spec) return null;
    const result = ARG_VALUE_SCHEMAS[spec.type].safeParse(value);
    if (!result.success) return null;
    parsed[name] = { type: spec.type, value: result.data } as Arg;
  }
  return parsed;
}

function finish(
  state: EditorState,
  dispatch: Dispatch | undefined,
  label: string,
  build: (change: ChangeBuilder) => Omit<Transaction, 'flow' | 'patches' | 'inversePatches' | 'label'> | void,
): true {
  if (dispatch) {
    const change = new ChangeBuilder(state.flow);
    const extra = build(change) ?? {};
    dispatch({ flow: change.result, patches: change.patches, inversePatches: change.inversePatches, label, ...extra });
  }
  return true;
}

const labelOf = (type: NodeType) => NODE_SPECS[type].label.toLowerCase();

/** Inserts a new node of a type as a child of a node (at `index`, default last); a dial_menu_key gets the first free key. */
export function insertNode(
  parentId: string,
  type: NodeType,
  options: { index?: number; args?: Readonly<Record<string, unknown>> } = {},
): Command {
  return (state, dispatch) => {
    const parent = locate(state.flow.data, parentId);
    if (!parent) return refuse(state, refusals.missing());
    if (NODE_SPECS[type].root) return refuse(state, refusals.notAllowed());
    const index = options.index ?? parent.node.children.length;
    if (!Number.isInteger(index) || index < 0 || index > parent.node.children.length)
      return refuse(state, refusals.notAllowed());
    const above = lineage(parent);
    const node = createNode(type, () => PLACEHOLDER, { inHours: inHoursContext(above) });
    const args = parseArgs(type, options.args ?? {});
    if (!args) return refuse(state, refusals.badValue());
    Object.assign(node.args, args);
    const overLimit = limitRefusal(state.flow.data, state.limits ?? {}, countsOf(node));
    if (overLimit) return refuse(state, overLimit);
    const below = belowRefusal(node, above);
    if (below) return refuse(state, below);
    if (type === 'dial_menu_key' && parent.node.type === 'dial_menu') {
      const key = freeKey(parent.node, options.args?.target as string | undefined);
      if (key === null) return refuse(state, refusals.keysUsed());
      if (options.args?.target !== undefined && key !== options.args.target)
        return refuse(state, refusals.keyTaken(String(options.args.target)));
      node.args.target = { type: 'dial_key', value: key };
    }
    node.name = nodeName(type, node.args);
    const children = [...parent.node.children];
    children.splice(index, 0, node);
    const broken = structureRefusal(parent.node, children);
    if (broken) return refuse(state, broken);
    return finish(state, dispatch, `Insert ${labelOf(type)}`, (change) => {
      const real = withFreshIds(node, idSource(state));
      change.insert(parent.path, index, real);
      return { selection: [real.id] };
    });
  };
}

/** Inserts a new node between a node and one of its children; the child goes below it (under in_hours for business_hours, under key 1 for a dial_menu). */
export function insertBetween(parentId: string, childId: string, type: NodeType): Command {
  return (state, dispatch) => {
    const parent = locate(state.flow.data, parentId);
    if (!parent) return refuse(state, refusals.missing());
    if (NODE_SPECS[type].root) return refuse(state, refusals.notAllowed());
    const index = parent.node.children.findIndex((c) => c.id === childId);
    const child = parent.node.children[index];
    if (!child) return refuse(state, refusals.missing());
    const above = lineage(parent);
    let node = createNode(type, () => PLACEHOLDER, { inHours: inHoursContext(above) });
    // Where the child goes inside the new node, as child indexes from the new node.
    let slot: number[];
    if (type === 'business_hours') {
      slot = [node.children.findIndex((c) => c.type === 'in_hours')];
    } else if (type === 'dial_menu') {
      const key = createNode('dial_menu_key', () => PLACEHOLDER);
      node = { ...node, children: [key] };
      slot = [0];
    } else {
      slot = [];
    }
    // The new node with the child in its slot, to check the result before building patches.
    const place = (host: FlowNode, rest: readonly number[]): FlowNode => {
      const [head, ...tail] = rest;
      if (head === undefined) return { ...host, children: [...host.children, child] };
      return { ...host, children: host.children.map((c, i) => (i === head ? place(c, tail) : c)) };
    };
    const filled = place(node, slot);
    const children = parent.node.children.map((c, i) => (i === index ? filled : c));
    const overLimit = limitRefusal(state.flow.data, state.limits ?? {}, countsOf(node));
    if (overLimit) return refuse(state, overLimit);
    const below = belowRefusal(filled, above);
    if (below) return refuse(state, below);
    if (NODE_SPECS[type].endsRoute) return refuse(state, refusals.endsRoute(type));
    const broken = brokenNewNode(filled, child);
    const refusal = structureRefusal(parent.node, children) ?? (broken && structureRefusal(broken, broken.children));
    if (refusal) return refuse(state, refusal);
    return finish(state, dispatch, `Insert ${labelOf(type)}`, (change) => {
      const real = withFreshIds(node, idSource(state));
      change.insert(parent.path, index, real);
      const hostPath = [...parent.path, index, ...slot];
      change.move([...parent.path, index + 1], hostPath, 0);
      return { selection: [real.id] };
    });
  };
}

/** Why a node cannot be removed, moved or replaced on its own (the root, a fixed in_hours or out_of_hours); null when it can. */
function fixedRefusal(loc: NodeLocation): Refusal | null {
  const parent = loc.ancestors[loc.ancestors.length - 1];
  if (!parent) return refusals.mainNumber();
  return NODE_SPECS[parent.type].fixedChildren.includes(loc.node.type) ? refusals.fixedRoute(loc.node.type) : null;
}

/** Where a node is and whether it may be removed, moved or replaced on its own: its location, or why not. */
function movable(state: EditorState, nodeId: string): NodeLocation | false {
  const loc = locate(state.flow.data, nodeId);
  if (!loc) return refuse(state, refusals.missing());
  const fixed = fixedRefusal(loc);
  return fixed ? refuse(state, fixed) : loc;
}

/**
 * Removes a node. A node with exactly one child that its parent accepts in its place is spliced out and the
 * child moves up (deleting a greeting keeps what followed it); any other node goes with its whole subtree
 * (a dial_menu with its keys and their routes, a business_hours with both of its routes).
 * The main number, in_hours and out_of_hours cannot be removed.
 */
export function removeNode(nodeId: string): Command {
  return (state, dispatch) => {
    const loc = movable(state, nodeId);
    if (!loc) return false;
    const parent = loc.ancestors[loc.ancestors.length - 1] as FlowNode;
    const index = loc.path[loc.path.length - 1] as number;
    const only = loc.node.children.length === 1 ? loc.node.children[0] : undefined;
    const liftable =
      only !== undefined &&
      structureOk(
        parent,
        parent.children.map((c, i) => (i === index ? only : c)),
      ) &&
      fitsBelow(only, loc.ancestors);
    return finish(state, dispatch, `Remove ${labelOf(loc.node.type)}`, (change) => {
      const parentPath = loc.path.slice(0, -1);
      if (liftable) change.move([...loc.path, 0], parentPath, index + 1);
      change.remove(parentPath, index);
      return { selection: liftable && only ? [only.id] : [parent.id] };
    });
  };
}

/** Removes a node and its whole subtree (not the main number, in_hours or out_of_hours). */
export function removeSubtree(nodeId: string): Command {
  return (state, dispatch) => {
    const loc = movable(state, nodeId);
    if (!loc) return false;
    const parent = loc.ancestors[loc.ancestors.length - 1] as FlowNode;
    return finish(state, dispatch, `Remove ${labelOf(loc.node.type)} and the steps after it`, (change) => {
      change.remove(loc.path.slice(0, -1), loc.path[loc.path.length - 1] as number);
      return { selection: [parent.id] };
    });
  };
}

/** Moves a node with its subtree to be child `index` (default last) of another node; indexes count without the moved node. */
export function moveNode(nodeId: string, newParentId: string, index?: number): Command {
  return (state, dispatch) => {
    const loc = movable(state, nodeId);
    if (!loc) return false;
    const target = locate(state.flow.data, newParentId);
    if (!target) return refuse(state, refusals.missing());
    if (lineage(target).some((n) => n.id === nodeId)) return refuse(state, refusals.intoItself());
    const oldParent = loc.ancestors[loc.ancestors.length - 1] as FlowNode;
    const oldIndex = loc.path[loc.path.length - 1] as number;
    const siblings = target.node.children.filter((c) => c.id !== nodeId);
    const at = index ?? siblings.length;
    if (!Number.isInteger(at) || at < 0 || at > siblings.length) return refuse(state, refusals.notAllowed());
    const children = [...siblings];
    children.splice(at, 0, loc.node);
    const refusal =
      belowRefusal(loc.node, lineage(target)) ??
      structureRefusal(target.node, children) ??
      (oldParent.id !== target.node.id
        ? structureRefusal(
            oldParent,
            oldParent.children.filter((c) => c.id !== nodeId),
          )
        : null);
    if (refusal) return refuse(state, refusal);
    if (oldParent.id === target.node.id && at === oldIndex) return true;
    return finish(state, dispatch, `Move ${labelOf(loc.node.type)}`, (change) => {
      // The new parent's path once the node is taken out: only a later sibling of the node (or its subtree) shifts.
      const parentPath = [...target.path];
      const depth = loc.path.length - 1;
      const samePrefix = loc.path.slice(0, depth).every((v, i) => parentPath[i] === v);
      if (parentPath.length > depth && samePrefix && (parentPath[depth] as number) > oldIndex)
        parentPath[depth] = (parentPath[depth] as number) - 1;
      change.move(loc.path, parentPath, at);
      return { selection: [nodeId], coalesceKey: `move:${nodeId}` };
    });
  };
}

/** A copy of a node's subtree for the clipboard, or null when there is no such node. */
export function copySubtree(flow: CallFlow, nodeId: string): FlowNode | null {
  return locate(flow.data, nodeId)?.node ?? null;
}

/** Pastes a copied subtree with fresh ids as child `index` (default last) of a node; a pasted key whose key is taken gets the first free one. */
export function pasteSubtree(clip: FlowNode, parentId: string, index?: number): Command {
  return (state, dispatch) => {
    const parent = locate(state.flow.data, parentId);
    if (!parent) return refuse(state, refusals.missing());
    if (!subtreeStructureOk(clip)) return refuse(state, refusals.notAllowed());
    const at = index ?? parent.node.children.length;
    if (!Number.isInteger(at) || at < 0 || at > parent.node.children.length)
      return refuse(state, refusals.notAllowed());
    const overLimit = limitRefusal(state.flow.data, state.limits ?? {}, countsOf(clip));
    if (overLimit) return refuse(state, overLimit);
    let node = clip;
    if (clip.type === 'dial_menu_key' && parent.node.type === 'dial_menu') {
      const key = freeKey(parent.node, clip.args.target?.value as string | undefined);
      if (key === null) return refuse(state, refusals.keysUsed());
      node = { ...clip, args: { ...clip.args, target: { type: 'dial_key', value: key } } };
    }
    const children = [...parent.node.children];
    children.splice(at, 0, node);
    const refusal = belowRefusal(node, lineage(parent)) ?? structureRefusal(parent.node, children);
    if (refusal) return refuse(state, refusal);
    return finish(state, dispatch, `Paste ${labelOf(clip.type)}`, (change) => {
      const real = withFreshIds(node, idSource(state));
      change.insert(parent.path, at, real);
      return { selection: [real.id] };
    });
  };
}

/**
 * Replaces a node by one of another type in the same place, keeping its id, its name when the customer set one,
 * and args the new type has with the same arg type. Its children stay when the new type takes them; a node
 * with children the new type cannot take cannot be replaced (remove them first).
 */
export function replaceNode(nodeId: string, type: NodeType): Command {
  return (state, dispatch) => {
    const loc = movable(state, nodeId);
    if (!loc) return false;
    if (NODE_SPECS[type].root || loc.node.type === type) return refuse(state, refusals.notAllowed());
    const parent = loc.ancestors[loc.ancestors.length - 1] as FlowNode;
    const index = loc.path[loc.path.length - 1] as number;
    const fresh = createNode(type, () => PLACEHOLDER, { inHours: inHoursContext(loc.ancestors) });
    const args = { ...fresh.args };
    for (const [name, arg] of Object.entries(loc.node.args)) {
      if (args[name]?.type === arg.type && !(type === 'dial_menu_key' && name === 'target')) args[name] = arg;
    }
    const customName =
      loc.node.name !== NODE_SPECS[loc.node.type].label &&
      loc.node.name !== NODE_SPECS[loc.node.type].args.name?.default();
    const name = customName ? loc.node.name : fresh.name;
    if (args.name?.type === 'text') args.name = { type: 'text', value: name };
    const keep = loc.node.children.length > 0;
    const replaced: FlowNode = {
      id: loc.node.id,
      type,
      name,
      args,
      children: keep ? loc.node.children : fresh.children,
    };
    const added = countsOf({ ...replaced, children: keep ? [] : replaced.children });
    const refusal =
      limitRefusal(state.flow.data, state.limits ?? {}, added) ??
      belowRefusal(replaced, loc.ancestors) ??
      (structureOk(replaced, replaced.children) ? null : refusals.stepsAfter(type)) ??
      structureRefusal(
        parent,
        parent.children.map((c, i) => (i === index ? replaced : c)),
      );
    if (refusal) return refuse(state, refusal);
    return finish(state, dispatch, `Replace ${labelOf(loc.node.type)} with ${labelOf(type)}`, (change) => {
      change.replace(loc.path, ['type'], type, loc.node.type);
      change.replace(loc.path, ['name'], name, loc.node.name);
      change.replace(loc.path, ['args'], args, loc.node.args);
      if (!keep) {
        const newId = idSource(state);
        replaced.children.forEach((c, i) => change.insert(loc.path, i, withFreshIds(c, newId)));
      }
      return { selection: [nodeId] };
    });
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Sets arg values of a node, e.g. `setArgs(id, { queue_size: 4 })`; refused when an arg is unknown to the type, a value has the wrong type, or a key is taken. */
export function setArgs(nodeId: string, values: Readonly<Record<string, unknown>>): Command {
  return (state, dispatch) => {
    const loc = locate(state.flow.data, nodeId);
    if (!loc) return refuse(state, refusals.missing());
    const parsed = parseArgs(loc.node.type, values);
    if (!parsed) return refuse(state, refusals.badValue());
    const changed = Object.entries(parsed).filter(([name, arg]) => !sameValue(loc.node.args[name]?.value, arg.value));
    if (changed.length === 0) return true;
    const parent = loc.ancestors[loc.ancestors.length - 1];
    const updated: FlowNode = { ...loc.node, args: { ...loc.node.args, ...parsed } };
    const broken =
      parent &&
      structureRefusal(
        parent,
        parent.children.map((c) => (c.id === nodeId ? updated : c)),
      );
    if (broken) return refuse(state, broken);
    const names = changed.map(([name]) => name).sort();
    const newName = parsed.name?.type === 'text' ? parsed.name.value : undefined;
    return finish(state, dispatch, `Change ${labelOf(loc.node.type)}`, (change) => {
      const missing = changed.filter(([name]) => !loc.node.args[name]);
      for (const [name, arg] of changed) {
        const old = loc.node.args[name];
        if (old) change.replace(loc.path, ['args', name, 'value'], arg.value, old.value);
      }
      if (missing.length > 0) {
        const current = nodeAt(change.flow.data, loc.path).args;
        change.replace(loc.path, ['args'], { ...current, ...Object.fromEntries(missing) }, current);
      }
      if (newName !== undefined && newName !== loc.node.name)
        change.replace(loc.path, ['name'], newName, loc.node.name);
      return { coalesceKey: `args:${nodeId}:${names.join(',')}` };
    });
  };
}

/** Renames a node (its name, and its name arg when the type has one); typing a name coalesces into one undo step. */
export function renameNode(nodeId: string, name: string): Command {
  return (state, dispatch) => {
    const loc = locate(state.flow.data, nodeId);
    if (!loc) return refuse(state, refusals.missing());
    if (name.length > MAX_NAME_LENGTH) return refuse(state, refusals.nameTooLong());
    const hasNameArg = 'name' in NODE_SPECS[loc.node.type].args;
    if (loc.node.name === name && (!hasNameArg || loc.node.args.name?.value === name)) return true;
    return finish(state, dispatch, `Rename ${labelOf(loc.node.type)}`, (change) => {
      change.replace(loc.path, ['name'], name, loc.node.name);
      if (hasNameArg) {
        const old = loc.node.args.name;
        if (old) change.replace(loc.path, ['args', 'name', 'value'], name, old.value);
        else
          change.replace(loc.path, ['args'], { ...loc.node.args, name: { type: 'text', value: name } }, loc.node.args);
      }
      return { coalesceKey: `name:${nodeId}` };
    });
  };
}

/** Renames the flow; typing coalesces into one undo step (name rules are validation's: see flowNameError). */
export function renameFlow(name: string): Command {
  return (state, dispatch) => {
    if (name.length > MAX_NAME_LENGTH) return refuse(state, refusals.nameTooLong());
    if (state.flow.name === name) return true;
    return finish(state, dispatch, 'Rename call flow', (change) => {
      change.replace(null, ['name'], name, state.flow.name);
      return { coalesceKey: 'flow-name' };
    });
  };
}

/** Enables or disables the flow; a flow can be enabled only when valid (spec 000 section 5). */
export function setFlowEnabled(enable: boolean, options: { otherFlowNames?: Iterable<string> } = {}): Command {
  return (state, dispatch) => {
    if (enable && !isFlowValid(state.flow, options)) return refuse(state, refusals.notValid());
    if (state.flow.enable === enable) return true;
    return finish(state, dispatch, enable ? 'Enable call flow' : 'Disable call flow', (change) => {
      change.replace(null, ['enable'], enable, state.flow.enable);
    });
  };
}

/**
 * Several commands as one: each runs on the flow the one before left, and either all apply, handing over one
 * transaction (one undo step, which never coalesces with another), or none does and the first refusal is told,
 * e.g. a step dialog's `chain(setArgs(id, args), renameNode(id, name))`. A chain of none applies and changes nothing.
 */
export function chain(...commands: Command[]): Command {
  return (state, dispatch) => {
    let flow = state.flow;
    const done: Transaction[] = [];
    for (const command of commands) {
      // Every command runs to its transaction, dry run or not: the next one needs the flow it leaves.
      let tr: Transaction | null = null;
      const applies = command({ ...state, flow }, (t) => {
        tr = t;
      });
      if (!applies) return false;
      const part = tr as Transaction | null;
      if (part) {
        done.push(part);
        flow = part.flow;
      }
    }
    if (dispatch && done.length > 0) {
      const selection = [...done].reverse().find((tr) => tr.selection !== undefined)?.selection;
      dispatch({
        flow,
        patches: done.flatMap((tr) => tr.patches),
        inversePatches: [...done].reverse().flatMap((tr) => tr.inversePatches),
        label: done.map((tr) => tr.label).join(', '),
        ...(selection && { selection }),
      });
    }
    return true;
  };
}

/** Node types a command could insert as a child of a node now (structure and limits), e.g. to grey out a palette. */
export function insertableTypes(state: EditorState, parentId: string): NodeType[] {
  return NODE_TYPES.filter((type) => insertNode(parentId, type)(state));
}
