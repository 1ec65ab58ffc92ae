import { describe, expect, it } from 'vitest';

import { MAX_FLOW_DEPTH, MAX_FLOW_NODES, MAX_IMPORT_CHARS } from './constants.ts';
import { FLOW_TOO_DEEP, FLOW_TOO_LARGE } from './flow-size.ts';
import { createFlow, exportFlow, importFlow } from './io.ts';
import { CallFlowSchema, type FlowNode } from './schema.ts';
import { sampleFlow } from './testing.ts';
import { validateFlow } from './validate.ts';

const raw = () => JSON.parse(exportFlow(sampleFlow())) as { data: FlowNode & { children: FlowNode[] } };
const error = (input: unknown) => {
  const result = importFlow(input);
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
};

describe('import and export', () => {
  it('import of an export is the same flow', () => {
    const result = importFlow(exportFlow(sampleFlow()));
    expect(result).toEqual({ ok: true, flow: sampleFlow() });
    expect(CallFlowSchema.safeParse(sampleFlow()).success).toBe(true);
  });

  it('creates a new flow named by the spec rule, with extension 200 in hours and voicemail 300 out of hours', () => {
    const flow = createFlow({ existingNames: ['Custom call flow 1'] });
    expect(flow.name).toBe('Custom call flow 2');
    expect(flow.enable).toBe(false);
    expect(flow.id).toBeNull();
    const [inHours, outOfHours] = flow.data.children[0]?.children ?? [];
    expect(inHours?.children[0]?.args.target?.value).toEqual(['200']);
    expect(outOfHours?.children[0]?.args.target?.value).toBe('300');
    expect(validateFlow(flow).map((p) => p.code)).toEqual(['public_number_required']);
  });

  it('refuses bad input with a clear error', () => {
    expect(error('{')).toBe('The file is not a call flow: it is not valid JSON');
    expect(error('x'.repeat(MAX_IMPORT_CHARS + 1))).toBe('The file is too large: a call flow can be at most 2 MiB');
    const unknownType = raw();
    (unknownType.data.children[0] as { type: string }).type = 'hangup';
    expect(error(unknownType)).toBe('The file is not a valid call flow: data.children[0].type: unknown node type');
    const badArg = raw();
    (badArg.data.children[0] as FlowNode).args.calendar = { type: 'integer', value: 3 };
    expect(error(badArg)).toBe(
      "The file is not a valid call flow: data.children[0].args.calendar.type: Arg 'calendar' of a business_hours node must be of type calendar",
    );
    const unknownArg = raw();
    (unknownArg.data.children[0] as FlowNode).args.colour = { type: 'text', value: 'red' };
    expect(error(unknownArg)).toBe(
      "The file is not a valid call flow: data.children[0].args.colour: A business_hours node has no arg 'colour'",
    );
    const badValue = raw();
    (badValue.data.children[0]?.children[0]?.children[0] as FlowNode).args.ring_pattern = {
      type: 'ring_pattern',
      value: 'loud' as never,
    };
    expect(error(badValue)).toMatch(
      /^The file is not a valid call flow: data\.children\[0\]\.children\[0\]\.children\[0\]\.args\.ring_pattern/,
    );
    const duplicate = raw();
    (duplicate.data.children[0]?.children[1]?.children[0] as FlowNode).id = 'n5';
    expect(error(duplicate)).toBe('The call flow is not well formed: step n5: The id n5 is used by more than one step');
    const wrongStructure = raw();
    (wrongStructure.data.children[0] as FlowNode).children.pop();
    expect(error(wrongStructure)).toBe(
      'The call flow is not well formed: step n2: A business hours must have exactly one out of hours',
    );
    const badRoot = raw();
    badRoot.data = badRoot.data.children[0]?.children[0]?.children[0] as never;
    expect(error(badRoot)).toBe(
      'The call flow is not well formed: step n5: A flow must start with the main number, not a transfer',
    );
  });

  it('refuses flows over the size limits and the caller limits, and answers the details', () => {
    const deep = raw();
    let node: { children: unknown[] } = deep.data;
    for (let i = 0; i < MAX_FLOW_DEPTH + 5; i++) {
      const next = { id: `d${i}`, type: 'play_audio', name: 'x', args: {}, children: [] };
      node.children = [next];
      node = next;
    }
    expect(error(deep)).toBe(FLOW_TOO_DEEP);
    const wide = raw();
    wide.data.children = Array.from({ length: MAX_FLOW_NODES + 1 }, (_, i) => ({
      id: `w${i}`,
      type: 'voicemail',
      name: 'v',
      args: {},
      children: [],
    }));
    expect(error(wide)).toBe(FLOW_TOO_LARGE);
    const limited = importFlow(exportFlow(sampleFlow()), { limits: { transfer: 0 } });
    expect(limited).toEqual({
      ok: false,
      error: 'The call flow has more steps than your account allows: 1 transfer steps, your account allows 0',
      details: ['1 transfer steps, your account allows 0'],
    });
  });

  it('fills missing args with their defaults', () => {
    const partial = raw();
    const transfer = partial.data.children[0]?.children[0]?.children[0] as FlowNode;
    delete transfer.args.queue_size;
    const result = importFlow(partial);
    expect(result.ok && result.flow.data.children[0]?.children[0]?.children[0]?.args.queue_size).toEqual({
      type: 'integer',
      value: 2,
    });
  });
});
