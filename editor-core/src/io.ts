/** A new flow, and import and export of a flow as JSON; bad input answers a clear error and changes nothing. */
import * as z from 'zod/mini';

import { createNode } from './commands.ts';
import { MAX_IMPORT_CHARS } from './constants.ts';
import { flowSizeProblem } from './flow-size.ts';
import { typesOverLimit, type NodeLimits } from './limits.ts';
import { nextFlowName } from './names.ts';
import { defaultArgs, NODE_SPECS } from './node-types.ts';
import { CallFlowSchema, type CallFlow, type FlowNode } from './schema.ts';
import { checkStructure } from './structure.ts';
import { countByType } from './tree.ts';

/** A counter of ids 'n1', 'n2'... starting above every id of that form in a flow. */
export function idCounter(flow?: CallFlow): IdCounter {
  let n = 0;
  if (flow) {
    const stack: FlowNode[] = [flow.data];
    while (stack.length > 0) {
      const node = stack.pop() as FlowNode;
      const match = /^n(\d+)$/.exec(node.id);
      if (match) n = Math.max(n, Number(match[1]));
      stack.push(...node.children);
    }
  }
  return counterFrom(n);
}

/** Draws node ids `n1`, `n2`, ...; `fork` gives the ids it would draw next without drawing them. */
export interface IdCounter {
  (): string;
  /** A counter that goes on from here without moving this one: the ids a dry run draws are the ones a run would. */
  fork(): IdCounter;
}

function counterFrom(start: number): IdCounter {
  let n = start;
  const next = (() => `n${++n}`) as IdCounter;
  next.fork = () => counterFrom(n);
  return next;
}

/**
 * A new flow named 'Custom call flow N': main_number, then business_hours (nine_to_five, Mon-Fri) whose in_hours
 * transfers to extension 200 and whose out_of_hours goes to voicemail 300; enable false, id null until saved.
 */
export function createFlow(
  options: { existingNames?: Iterable<string>; publicNumbers?: string[]; newId?: () => string } = {},
): CallFlow {
  const newId = options.newId ?? idCounter();
  const root = createNode('main_number', newId);
  root.args.public_numbers = { type: 'phone_numbers', value: [...(options.publicNumbers ?? [])] };
  const hours = createNode('business_hours', newId);
  const [inHours, outOfHours] = hours.children as [FlowNode, FlowNode];
  inHours.children.push(createNode('transfer', newId, { inHours: true }));
  outOfHours.children.push(createNode('voicemail', newId));
  root.children.push(hours);
  return { id: null, name: nextFlowName(options.existingNames ?? []), enable: false, data: root };
}

/** The JSON text of a flow. */
export function exportFlow(flow: CallFlow): string {
  return JSON.stringify(flow);
}

/** Result of an import: the flow, or an error a person can act on and its details. */
export type ImportResult = { ok: true; flow: CallFlow } | { ok: false; error: string; details: string[] };

const fail = (error: string, details: string[] = []): ImportResult => ({ ok: false, error, details });

function fillDefaults(node: FlowNode): FlowNode {
  const defaults = defaultArgs(node.type);
  return { ...node, args: { ...defaults, ...node.args }, children: node.children.map(fillDefaults) };
}

function where(path: ReadonlyArray<PropertyKey>): string {
  return (
    path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '') || 'the flow'
  );
}

/**
 * Reads a flow from JSON text (or an already parsed value). Refused, with a clear error: text over
 * MAX_IMPORT_CHARS, not JSON, over MAX_FLOW_NODES nodes or MAX_FLOW_DEPTH deep, an unknown node type,
 * args unknown to a type or of the wrong type, a structure the table forbids, duplicate ids, or more nodes of
 * a type than `limits` allow. Accepted flows may still be incomplete (drafts); missing args get their defaults.
 */
export function importFlow(input: unknown, options: { limits?: NodeLimits } = {}): ImportResult {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > MAX_IMPORT_CHARS)
      return fail(`The file is too large: a call flow can be at most ${MAX_IMPORT_CHARS / 1024 / 1024} MiB`);
    try {
      value = JSON.parse(input);
    } catch {
      return fail('The file is not a call flow: it is not valid JSON');
    }
  }
  const root = (value as { data?: unknown } | null)?.data;
  const tooBig = root === undefined ? null : flowSizeProblem(root);
  if (tooBig) return fail(tooBig);
  // The schema's checks without a message of their own are told in zod's English words: zod/mini sets no locale,
  // and only the import needs it (the file's problems are shown to the person importing it).
  const parsed = CallFlowSchema.safeParse(value, { error: z.locales.en().localeError });
  if (!parsed.success) {
    const details = parsed.error.issues.slice(0, 20).map((issue) => {
      const last = issue.path[issue.path.length - 1];
      if (last === 'type' && issue.code === 'invalid_value' && issue.path[issue.path.length - 3] !== 'args') {
        return `${where(issue.path)}: unknown node type`;
      }
      return `${where(issue.path)}: ${issue.message}`;
    });
    return fail(`The file is not a valid call flow: ${details[0] ?? 'unreadable'}`, details);
  }
  const issues = checkStructure(parsed.data.data);
  if (issues.length > 0) {
    const details = issues.slice(0, 20).map((i) => `step ${i.nodeId}: ${i.message}`);
    return fail(`The call flow is not well formed: ${details[0]}`, details);
  }
  const over = typesOverLimit(parsed.data.data, options.limits ?? {});
  if (over.length > 0) {
    const counts = countByType(parsed.data.data);
    const details = over.map(
      (t) => `${counts[t]} ${NODE_SPECS[t].label.toLowerCase()} steps, your account allows ${options.limits?.[t] ?? 0}`,
    );
    return fail(`The call flow has more steps than your account allows: ${details[0]}`, details);
  }
  return { ok: true, flow: { ...parsed.data, data: fillDefaults(parsed.data.data) } };
}
