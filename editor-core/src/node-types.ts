/** The ten node types of a custom call flow, their args with defaults, and the structure table (spec 001 section 3). */
import {
  DEFAULT_CALENDAR,
  DEFAULT_IN_HOURS_EXTENSION,
  DEFAULT_QUEUE_MUSIC,
  DEFAULT_QUEUE_SIZE,
  DEFAULT_RING_PATTERN,
  DEFAULT_RING_TIME_PER_MEMBER_MS,
  DEFAULT_TRANSFER_VOICEMAIL,
  DEFAULT_VOICEMAIL_EXTENSION,
} from './constants.ts';
import { presetHours, type OpeningHours } from './opening-hours.ts';

/** The node types, in the spec's names. */
export const NODE_TYPES = [
  'main_number',
  'business_hours',
  'in_hours',
  'out_of_hours',
  'transfer',
  'divert_to_external',
  'voicemail',
  'play_audio',
  'dial_menu',
  'dial_menu_key',
  'repeat_menu',
] as const;
/** A node type. */
export type NodeType = (typeof NODE_TYPES)[number];

/** Ring patterns of a transfer; the spec names only the default 'unisson' (all at once), 'sequential' is our addition. */
export const RING_PATTERNS = ['unisson', 'sequential'] as const;
/** A ring pattern. */
export type RingPattern = (typeof RING_PATTERNS)[number];

/** The keys a dial_menu_key can stand for: 0-9, * and #, in the order a new key is picked. */
export const DIAL_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '*', '#'] as const;
/** A dial menu key. */
export type DialKey = (typeof DIAL_KEYS)[number];

/** The value each arg type holds. */
export interface ArgValues {
  text: string;
  extension: string;
  extensions: string[];
  phone_number: string;
  phone_numbers: string[];
  audio_file: string;
  ring_pattern: RingPattern;
  milliseconds: number;
  integer: number;
  boolean: boolean;
  calendar: string;
  business_hours: OpeningHours;
  dial_key: DialKey;
  action_type: string;
  voicemail_box: string;
}
/** An arg type, stored beside each arg's value. */
export type ArgType = keyof ArgValues;
/** Every arg type. */
export const ARG_TYPES = [
  'text',
  'extension',
  'extensions',
  'phone_number',
  'phone_numbers',
  'audio_file',
  'ring_pattern',
  'milliseconds',
  'integer',
  'boolean',
  'calendar',
  'business_hours',
  'dial_key',
  'action_type',
  'voicemail_box',
] as const satisfies readonly ArgType[];

/** An arg as stored in a node: its type and value. */
export type Arg = { [K in ArgType]: { type: K; value: ArgValues[K] } }[ArgType];

/** How one arg of a node type is described: its type, default and whether it may stay empty. */
export interface ArgSpec<K extends ArgType = ArgType> {
  type: K;
  default: () => ArgValues[K];
  /** May be left empty (the spec: voicemail_greeting and queue_announcement of transfer). */
  optional?: boolean;
}

const spec = <K extends ArgType>(type: K, value: () => ArgValues[K], optional = false): ArgSpec<K> => ({
  type,
  default: value,
  optional,
});
const name = (label: string) => spec('text', () => label);
const actionType = () => spec('action_type', () => '', true);

/** Everything about a node type in one place: label, args, and the structure rules. */
export interface NodeTypeSpec {
  /** What a customer calls it. */
  label: string;
  /** Args in the spec's order. */
  args: Readonly<Record<string, ArgSpec>>;
  /** Node types allowed as children. */
  children: readonly NodeType[];
  /** Most children. */
  maxChildren: number;
  /** Children created with the node, one of each, which cannot be removed, moved, copied alone or replaced. */
  fixedChildren: readonly NodeType[];
  /** Ends a route: a leaf of this type is complete. */
  endsRoute: boolean;
  /** Only as the root of a flow. */
  root: boolean;
  /** Must have an ancestor of this type. */
  requiresAncestor: NodeType | null;
  /** Children are told apart by this arg, unique among siblings (dial_menu_key by target). */
  uniqueChildArg: string | null;
}

/** Node types that may follow a step in a route. */
export const ROUTE_STEP_TYPES = [
  'business_hours',
  'play_audio',
  'dial_menu',
  'transfer',
  'voicemail',
  'divert_to_external',
  'repeat_menu',
] as const satisfies readonly NodeType[];

const base = {
  children: ROUTE_STEP_TYPES,
  maxChildren: 1,
  fixedChildren: [],
  endsRoute: false,
  root: false,
  requiresAncestor: null,
  uniqueChildArg: null,
} as const;
const endOfRoute = { ...base, children: [], maxChildren: 0, endsRoute: true } as const;

/** The node table: args of each type (spec 001 section 3) and which children it takes. */
export const NODE_SPECS: Readonly<Record<NodeType, NodeTypeSpec>> = {
  main_number: {
    ...base,
    label: 'Main number',
    root: true,
    args: { public_numbers: spec('phone_numbers', () => []) },
  },
  business_hours: {
    ...base,
    label: 'Business hours',
    children: ['in_hours', 'out_of_hours'],
    maxChildren: 2,
    fixedChildren: ['in_hours', 'out_of_hours'],
    args: {
      calendar: spec('calendar', () => DEFAULT_CALENDAR),
      business_hours: spec('business_hours', () => presetHours('nine_to_five')),
    },
  },
  in_hours: { ...base, label: 'In hours', args: {} },
  out_of_hours: { ...base, label: 'Out of hours', args: {} },
  transfer: {
    ...endOfRoute,
    label: 'Transfer',
    args: {
      name: name('Transfer'),
      target: spec('extensions', () => []),
      ring_pattern: spec<'ring_pattern'>('ring_pattern', () => DEFAULT_RING_PATTERN),
      ring_time_per_member: spec('milliseconds', () => DEFAULT_RING_TIME_PER_MEMBER_MS),
      queuing_enabled: spec('boolean', () => false),
      queue_size: spec('integer', () => DEFAULT_QUEUE_SIZE),
      queue_music: spec('audio_file', () => DEFAULT_QUEUE_MUSIC),
      queue_announcement: spec('audio_file', () => '', true),
      target_action_type: actionType(),
      voicemail: spec('voicemail_box', () => DEFAULT_TRANSFER_VOICEMAIL),
      voicemail_greeting: spec('audio_file', () => '', true),
    },
  },
  divert_to_external: {
    ...endOfRoute,
    label: 'Divert to external',
    args: {
      name: name('Divert to external'),
      target: spec('phone_number', () => ''),
      target_action_type: actionType(),
    },
  },
  voicemail: {
    ...endOfRoute,
    label: 'Voicemail',
    args: {
      name: name('Voicemail'),
      target: spec('extension', () => DEFAULT_VOICEMAIL_EXTENSION),
      target_action_type: actionType(),
    },
  },
  play_audio: {
    ...base,
    label: 'Play audio',
    args: { name: name('Greeting'), audio_file: spec('audio_file', () => ''), target_action_type: actionType() },
  },
  dial_menu: {
    ...base,
    label: 'Dial menu',
    children: ['dial_menu_key'],
    maxChildren: 12,
    uniqueChildArg: 'target',
    args: { name: name('Dial menu'), audio_file: spec('audio_file', () => ''), target_action_type: actionType() },
  },
  dial_menu_key: {
    ...base,
    label: 'Dial menu key',
    args: { name: name('Key'), target: spec<'dial_key'>('dial_key', () => '1') },
  },
  repeat_menu: {
    ...endOfRoute,
    label: 'Repeat menu',
    requiresAncestor: 'dial_menu',
    args: { name: name('Repeat menu') },
  },
};

/** Default args of a new node; a transfer in the in-hours route targets extension 200. */
export function defaultArgs(type: NodeType, context: { inHours?: boolean } = {}): Record<string, Arg> {
  const args: Record<string, Arg> = {};
  for (const [argName, argSpec] of Object.entries(NODE_SPECS[type].args)) {
    args[argName] = { type: argSpec.type, value: argSpec.default() } as Arg;
  }
  if (type === 'transfer' && context.inHours) args.target = { type: 'extensions', value: [DEFAULT_IN_HOURS_EXTENSION] };
  return args;
}

/** Whether a node type may be a child of another, by the structure table. */
export function acceptsChild(parent: NodeType, child: NodeType): boolean {
  return NODE_SPECS[parent].children.includes(child);
}

/** Whether a string is a node type. */
export function isNodeType(value: string): value is NodeType {
  return (NODE_TYPES as readonly string[]).includes(value);
}

/** A step as people read it, its kind and its name: `Menu "Opening menu"`. */
export function stepTitle(node: { type: NodeType; name: string }): string {
  return `${NODE_SPECS[node.type].label} "${node.name}"`;
}
