/**
 * Why a command refuses, in a customer's words: commands answer false as ProseMirror's do, and tell the
 * refusal to `state.onRefuse` when the caller asks (see `check`). The palette and the canvas only show it.
 */
import { MAX_NAME_LENGTH, MSG_ENABLE_TOOLTIP } from './constants.ts';
import { FLOW_TOO_DEEP, FLOW_TOO_LARGE } from './flow-size.ts';
import { exceededLimit, type NodeLimits } from './limits.ts';
import { NODE_SPECS, type NodeType } from './node-types.ts';
import type { FlowNode } from './schema.ts';
import { nodeStructureIssues } from './structure.ts';

/** What kind of rule refused a command. */
export type RefusalCode =
  | 'missing'
  | 'not_allowed'
  | 'plan_excludes'
  | 'limit_reached'
  | 'flow_full'
  | 'too_deep'
  | 'needs_ancestor'
  | 'ends_route'
  | 'steps_after'
  | 'keys_used'
  | 'key_taken'
  | 'main_number'
  | 'fixed_route'
  | 'into_itself'
  | 'bad_value'
  | 'name_too_long'
  | 'not_valid'
  | 'structure';

/** A refused command: its rule and the reason in a customer's words, e.g. `{ code: 'needs_ancestor', reason: 'Only inside a Dial menu' }`. */
export interface Refusal {
  code: RefusalCode;
  reason: string;
}

const label = (type: NodeType) => NODE_SPECS[type].label;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The refusals every command may give, worded once. */
export const refusals = {
  missing: (): Refusal => ({ code: 'missing', reason: 'This step is no longer in the call flow' }),
  notAllowed: (): Refusal => ({ code: 'not_allowed', reason: 'Not allowed here' }),
  planExcludes: (type: NodeType): Refusal => ({
    code: 'plan_excludes',
    reason: `${label(type)} steps are not included in your plan`,
  }),
  limitReached: (type: NodeType, limit: number): Refusal => ({
    code: 'limit_reached',
    reason: `Limit reached: your plan allows ${plural(limit, `${label(type)} step`)}`,
  }),
  flowFull: (): Refusal => ({
    code: 'flow_full',
    reason: FLOW_TOO_LARGE,
  }),
  tooDeep: (): Refusal => ({ code: 'too_deep', reason: FLOW_TOO_DEEP }),
  needsAncestor: (type: NodeType): Refusal => ({ code: 'needs_ancestor', reason: `Only inside a ${label(type)}` }),
  /** A type that ends a route put before other steps. */
  endsRoute: (type: NodeType): Refusal => ({
    code: 'ends_route',
    reason: `${label(type)} ends a route, so no steps can follow it`,
  }),
  /** A step with steps after it replaced by a type that cannot keep them. */
  stepsAfter: (type: NodeType): Refusal =>
    NODE_SPECS[type].endsRoute
      ? { code: 'steps_after', reason: `${label(type)} ends a route: remove the steps after this one first` }
      : { code: 'steps_after', reason: 'Remove the steps after this one first' },
  keysUsed: (): Refusal => ({ code: 'keys_used', reason: 'This dial menu already uses every key' }),
  keyTaken: (key: string): Refusal => ({ code: 'key_taken', reason: `Key ${key} is already used in this dial menu` }),
  mainNumber: (): Refusal => ({ code: 'main_number', reason: 'The main number cannot be removed.' }),
  fixedRoute: (type: NodeType): Refusal => ({
    code: 'fixed_route',
    reason: `${label(type)} belongs to its business hours step: remove that instead.`,
  }),
  intoItself: (): Refusal => ({ code: 'into_itself', reason: 'A step cannot go inside its own route' }),
  badValue: (): Refusal => ({ code: 'bad_value', reason: 'That value is not allowed for this step' }),
  nameTooLong: (): Refusal => ({
    code: 'name_too_long',
    reason: `A name can be at most ${MAX_NAME_LENGTH} characters`,
  }),
  notValid: (): Refusal => ({ code: 'not_valid', reason: MSG_ENABLE_TOOLTIP }),
} as const;

/** Why a node with these children breaks the structure table (its first issue), or null when it does not. */
export function structureRefusal(node: FlowNode, children: readonly FlowNode[]): Refusal | null {
  const issue = nodeStructureIssues({ ...node, children: [...children] })[0];
  return issue ? { code: 'structure', reason: issue.message } : null;
}

/** Why adding these nodes breaks the caller's limits or MAX_FLOW_NODES, or null when it does not. */
export function limitRefusal(
  root: FlowNode,
  limits: NodeLimits,
  added: Readonly<Partial<Record<NodeType, number>>>,
): Refusal | null {
  const exceeded = exceededLimit(root, limits, added);
  if (exceeded === null) return null;
  if (exceeded === 'total') return refusals.flowFull();
  return exceeded.limit === 0
    ? refusals.planExcludes(exceeded.type)
    : refusals.limitReached(exceeded.type, exceeded.limit);
}
