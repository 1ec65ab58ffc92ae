/** Validity of a flow: a list of problems, each with node id, code and a message a customer understands. */
import {
  MAX_NAME_LENGTH,
  MSG_NAME_REQUIRED,
  MSG_NAME_TAKEN,
  QUEUE_SIZE_BOUNDS,
  RING_TIME_PER_MEMBER_BOUNDS_MS,
} from './constants.ts';
import { flowNameError } from './names.ts';
import { NODE_SPECS, type NodeType } from './node-types.ts';
import { checkOpeningHours } from './opening-hours.ts';
import { isExtension, isUkPhoneNumber } from './phone.ts';
import type { CallFlow, FlowNode } from './schema.ts';
import { nodeStructureIssues } from './structure.ts';
import { argValue } from './tree.ts';

/** Codes of the problems validation reports. */
export type ProblemCode =
  | 'name_required'
  | 'name_taken'
  | 'name_too_long'
  | 'route_not_ended'
  | 'structure'
  | 'repeat_outside_menu'
  | 'step_name_required'
  | 'public_number_required'
  | 'invalid_public_number'
  | 'calendar_required'
  | 'invalid_time'
  | 'slot_order'
  | 'overlapping_slots'
  | 'break_not_within'
  | 'nested_break'
  | 'transfer_target_required'
  | 'invalid_extension'
  | 'duplicate_extension'
  | 'invalid_ring_time'
  | 'invalid_queue_size'
  | 'queue_music_required'
  | 'invalid_voicemail_box'
  | 'divert_target_required'
  | 'invalid_phone_number'
  | 'audio_required'
  | 'menu_keys_required';

/** One problem: the node to paint red (null for the flow itself), the arg at fault when there is one, a code and a message. */
export interface Problem {
  nodeId: string | null;
  arg?: string;
  code: ProblemCode;
  message: string;
}

/** Message of a route that does not end (spec 000 section 5, the enable tooltip). */
export const MSG_ROUTE_NOT_ENDED = 'Every route must end in a Transfer, Divert or Voicemail';

type AddProblem = (code: ProblemCode, message: string, arg?: string) => void;

// Problems of a node depend only on the node and its children, and an edit replaces every node on its path
// (immer), so an unchanged node object keeps its answer: revalidation costs the edited path plus a walk.
const localCache = new WeakMap<FlowNode, readonly Problem[]>();
// Problems of a node's args (the most to check: opening hours, numbers) depend only on its args, type and id. A
// node on an edited path is a new object but keeps its args object unless they were edited, so they keep their
// answer too.
const argsCache = new WeakMap<FlowNode['args'], { node: FlowNode; problems: readonly Problem[] }>();

function problemAdder(node: FlowNode, problems: Problem[]): AddProblem {
  return (code, message, arg) =>
    problems.push(arg === undefined ? { nodeId: node.id, code, message } : { nodeId: node.id, arg, code, message });
}

function argsProblems(node: FlowNode): readonly Problem[] {
  const cached = argsCache.get(node.args);
  if (cached && cached.node.type === node.type && cached.node.id === node.id) return cached.problems;
  const problems: Problem[] = [];
  const add = problemAdder(node, problems);
  if ('name' in NODE_SPECS[node.type].args && argValue(node, 'name', 'text').trim() === '')
    add('step_name_required', 'Please give this step a name', 'name');
  checkArgs(node, node.type, add);
  argsCache.set(node.args, { node, problems });
  return problems;
}

function nodeProblems(node: FlowNode): readonly Problem[] {
  const cached = localCache.get(node);
  if (cached) return cached;
  const problems: Problem[] = [];
  const add = problemAdder(node, problems);
  const spec = NODE_SPECS[node.type];

  for (const issue of nodeStructureIssues(node)) add('structure', issue.message);
  if (node.children.length === 0 && !spec.endsRoute) {
    if (node.type === 'dial_menu') add('menu_keys_required', 'Add at least one key to this dial menu');
    else add('route_not_ended', MSG_ROUTE_NOT_ENDED);
  }
  const result = problems.length === 0 ? argsProblems(node) : problems.concat(argsProblems(node));
  localCache.set(node, result);
  return result;
}

function checkExtensions(values: readonly string[], add: AddProblem, arg: string): void {
  const seen = new Set<string>();
  for (const value of values) {
    if (!isExtension(value)) add('invalid_extension', `${value || 'An empty value'} is not a valid extension`, arg);
    else if (seen.has(value)) add('duplicate_extension', `Extension ${value} is listed more than once`, arg);
    seen.add(value);
  }
}

function checkArgs(node: FlowNode, type: NodeType, add: AddProblem): void {
  switch (type) {
    case 'main_number': {
      const numbers = argValue(node, 'public_numbers', 'phone_numbers');
      if (numbers.length === 0)
        add(
          'public_number_required',
          'Choose at least one number that calls to this flow come in on',
          'public_numbers',
        );
      for (const n of numbers)
        if (!isUkPhoneNumber(n))
          add('invalid_public_number', `${n || 'An empty value'} is not a valid UK phone number`, 'public_numbers');
      return;
    }
    case 'business_hours': {
      if (argValue(node, 'calendar', 'calendar').trim() === '')
        add('calendar_required', 'Choose a holiday calendar', 'calendar');
      for (const p of checkOpeningHours(argValue(node, 'business_hours', 'business_hours')))
        add(p.code, p.message, 'business_hours');
      return;
    }
    case 'transfer': {
      const targets = argValue(node, 'target', 'extensions');
      if (targets.length === 0)
        add('transfer_target_required', 'Choose at least one extension to transfer to', 'target');
      checkExtensions(targets, add, 'target');
      const ring = argValue(node, 'ring_time_per_member', 'milliseconds');
      if (ring < RING_TIME_PER_MEMBER_BOUNDS_MS.min || ring > RING_TIME_PER_MEMBER_BOUNDS_MS.max) {
        add(
          'invalid_ring_time',
          `Ring time per member must be between ${RING_TIME_PER_MEMBER_BOUNDS_MS.min / 1000} and ${RING_TIME_PER_MEMBER_BOUNDS_MS.max / 1000} seconds`,
          'ring_time_per_member',
        );
      }
      if (argValue(node, 'queuing_enabled', 'boolean')) {
        const size = argValue(node, 'queue_size', 'integer');
        if (size < QUEUE_SIZE_BOUNDS.min || size > QUEUE_SIZE_BOUNDS.max)
          add(
            'invalid_queue_size',
            `Queue size must be between ${QUEUE_SIZE_BOUNDS.min} and ${QUEUE_SIZE_BOUNDS.max}`,
            'queue_size',
          );
        if (argValue(node, 'queue_music', 'audio_file').trim() === '')
          add('queue_music_required', 'Choose the music callers hear while they queue', 'queue_music');
      }
      const box = argValue(node, 'voicemail', 'voicemail_box');
      if (box !== 'default' && box !== 'none' && !isExtension(box))
        add(
          'invalid_voicemail_box',
          'Choose the voicemail for unanswered calls: default, none or an extension',
          'voicemail',
        );
      return;
    }
    case 'divert_to_external': {
      const target = argValue(node, 'target', 'phone_number');
      if (target.trim() === '') add('divert_target_required', 'Enter the UK phone number to divert calls to', 'target');
      else if (!isUkPhoneNumber(target))
        add('invalid_phone_number', `${target} is not a valid UK phone number`, 'target');
      return;
    }
    case 'voicemail': {
      const target = argValue(node, 'target', 'extension');
      if (!isExtension(target))
        add('invalid_extension', `${target || 'An empty value'} is not a valid extension`, 'target');
      return;
    }
    case 'play_audio':
    case 'dial_menu':
      if (argValue(node, 'audio_file', 'audio_file').trim() === '')
        add('audio_required', 'Choose the audio file to play', 'audio_file');
      return;
    case 'in_hours':
    case 'out_of_hours':
    case 'dial_menu_key':
    case 'repeat_menu':
      return;
  }
}

// Problems of a whole subtree depend only on it and on whether a dial menu is above it, so they are
// remembered per node for both cases: after an edit only the nodes on the edited path are looked at again.
const subtreeCache: readonly [WeakMap<FlowNode, readonly Problem[]>, WeakMap<FlowNode, readonly Problem[]>] = [
  new WeakMap(),
  new WeakMap(),
];

function subtreeProblems(node: FlowNode, inMenu: boolean): readonly Problem[] {
  const cache = subtreeCache[inMenu ? 1 : 0];
  const cached = cache.get(node);
  if (cached) return cached;
  let own = nodeProblems(node);
  if (node.type === 'repeat_menu' && !inMenu)
    own = own.concat({
      nodeId: node.id,
      code: 'repeat_outside_menu',
      message: 'A repeat menu must be inside a dial menu',
    });
  const below = inMenu || node.type === 'dial_menu';
  // One concat of whole arrays (a copy of each, not a push per problem): an edit rebuilds this on its whole path.
  const parts: (readonly Problem[])[] = [];
  for (const child of node.children) {
    const part = subtreeProblems(child, below);
    if (part.length > 0) parts.push(part);
  }
  const problems = parts.length === 0 ? own : own.concat(...parts);
  cache.set(node, problems);
  return problems;
}

/** Problems of a tree: every node's args and structure, every leaf ends a route, every repeat menu inside a dial menu. */
export function validateTree(root: FlowNode): Problem[] {
  return subtreeProblems(root, false).slice();
}

/** Problems of a flow: its name (against other flows' names) and its tree; an empty list means valid. */
export function validateFlow(flow: CallFlow, options: { otherFlowNames?: Iterable<string> } = {}): Problem[] {
  const problems: Problem[] = [];
  const nameError = flowNameError(flow.name, options.otherFlowNames);
  if (nameError === MSG_NAME_REQUIRED)
    problems.push({ nodeId: null, arg: 'name', code: 'name_required', message: nameError });
  if (nameError === MSG_NAME_TAKEN)
    problems.push({ nodeId: null, arg: 'name', code: 'name_taken', message: nameError });
  if (flow.name.length > MAX_NAME_LENGTH)
    problems.push({
      nodeId: null,
      arg: 'name',
      code: 'name_too_long',
      message: `A name can be at most ${MAX_NAME_LENGTH} characters`,
    });
  return problems.concat(subtreeProblems(flow.data, false));
}

/** Whether a flow is valid: no problems at all. */
export function isFlowValid(flow: CallFlow, options: { otherFlowNames?: Iterable<string> } = {}): boolean {
  return validateFlow(flow, options).length === 0;
}

/** Ids of the nodes to paint red. */
export function invalidNodeIds(problems: readonly Problem[]): Set<string> {
  return new Set(problems.flatMap((p) => (p.nodeId === null ? [] : [p.nodeId])));
}
