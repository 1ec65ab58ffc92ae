/** Whether a tree is well formed by the structure table; commands keep it so, import refuses a tree that is not. */
import { MAX_FLOW_DEPTH, MAX_FLOW_NODES } from './constants.ts';
import { FLOW_TOO_DEEP, FLOW_TOO_LARGE } from './flow-size.ts';
import { acceptsChild, NODE_SPECS, type NodeType } from './node-types.ts';
import type { FlowNode } from './schema.ts';

/** A way a tree breaks the structure table. */
export interface StructureIssue {
  nodeId: string;
  message: string;
}

const label = (type: NodeType) => NODE_SPECS[type].label.toLowerCase();
const article = (type: NodeType) => (/^[aeiou]/.test(label(type)) ? 'An' : 'A');

/** Issues of one node against the structure table, looking only at the node and its children. */
export function nodeStructureIssues(node: FlowNode): StructureIssue[] {
  const spec = NODE_SPECS[node.type];
  const issues: StructureIssue[] = [];
  const say = (message: string) => issues.push({ nodeId: node.id, message });
  if (node.children.length > spec.maxChildren) {
    say(
      spec.maxChildren === 0
        ? `${article(node.type)} ${label(node.type)} ends a route and cannot have steps after it`
        : `${article(node.type)} ${label(node.type)} can have at most ${spec.maxChildren} step${spec.maxChildren === 1 ? '' : 's'} after it`,
    );
  }
  for (const child of node.children) {
    if (!acceptsChild(node.type, child.type))
      say(
        `${article(child.type)} ${label(child.type)} cannot follow ${article(node.type).toLowerCase()} ${label(node.type)}`,
      );
  }
  for (const fixed of spec.fixedChildren) {
    if (node.children.filter((c) => c.type === fixed).length !== 1)
      say(`${article(node.type)} ${label(node.type)} must have exactly one ${label(fixed)}`);
  }
  if (spec.uniqueChildArg) {
    const seen = new Set<unknown>();
    for (const child of node.children) {
      const value = child.args[spec.uniqueChildArg]?.value;
      if (seen.has(value)) say(`Key ${String(value)} is used more than once in this ${label(node.type)}`);
      seen.add(value);
    }
  }
  return issues;
}

/** Every way a tree breaks the structure table: root, child types and counts, fixed children, unique keys, required ancestors, unique ids, size and depth limits. */
export function checkStructure(root: FlowNode): StructureIssue[] {
  const issues: StructureIssue[] = [];
  if (!NODE_SPECS[root.type].root)
    issues.push({
      nodeId: root.id,
      message: `A flow must start with the main number, not ${article(root.type).toLowerCase()} ${label(root.type)}`,
    });
  const ids = new Set<string>();
  let count = 0;
  // Iterative, with the types of the ancestors on the stack, so a hostile deep tree cannot overflow.
  const stack: Array<{ node: FlowNode; depth: number; ancestorTypes: ReadonlySet<NodeType> }> = [
    { node: root, depth: 1, ancestorTypes: new Set() },
  ];
  while (stack.length > 0) {
    const { node, depth, ancestorTypes } = stack.pop() as (typeof stack)[number];
    count++;
    if (count === MAX_FLOW_NODES + 1) issues.push({ nodeId: node.id, message: FLOW_TOO_LARGE });
    if (depth === MAX_FLOW_DEPTH + 1) issues.push({ nodeId: node.id, message: FLOW_TOO_DEEP });
    if (ids.has(node.id)) issues.push({ nodeId: node.id, message: `The id ${node.id} is used by more than one step` });
    ids.add(node.id);
    const spec = NODE_SPECS[node.type];
    if (node !== root && spec.root) issues.push({ nodeId: node.id, message: 'The main number can only start a flow' });
    if (spec.requiresAncestor && !ancestorTypes.has(spec.requiresAncestor)) {
      issues.push({
        nodeId: node.id,
        message: `${article(node.type)} ${label(node.type)} must be inside ${article(spec.requiresAncestor).toLowerCase()} ${label(spec.requiresAncestor)}`,
      });
    }
    issues.push(...nodeStructureIssues(node));
    if (depth > MAX_FLOW_DEPTH) continue;
    const next = ancestorTypes.has(node.type) ? ancestorTypes : new Set([...ancestorTypes, node.type]);
    for (let i = node.children.length - 1; i >= 0; i--)
      stack.push({ node: node.children[i] as FlowNode, depth: depth + 1, ancestorTypes: next });
  }
  return issues;
}
