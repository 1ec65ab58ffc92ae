import * as z from 'zod/mini';

import { AGENT_CALL_FLOW_NAME, PatchCallFlow, type CallFlowSummary } from '@portal/contract';
import { flowNameError, MAX_NAME_LENGTH } from '@portal/editor-core';

/** What answers calls now (spec 001 section 3): the first custom flow with enable true, else the simple flow when on. */
export type ActiveCallFlow =
  | { kind: 'agent'; flow: CallFlowSummary }
  | { kind: 'custom'; flow: CallFlowSummary }
  | { kind: 'simple' }
  | { kind: 'none' };

/** The active custom flow: the first with enable true. */
export function activeCustomFlow<T extends { enable: boolean }>(flows: readonly T[]): T | null {
  return flows.find((flow) => flow.enable) ?? null;
}

/** Whether a flow is the agent call flow ('DefaultBusinessHours_Custom'). */
export function isAgentCallFlow(flow: { name: string }): boolean {
  return flow.name === AGENT_CALL_FLOW_NAME;
}

export function describeActiveCallFlow(flows: readonly CallFlowSummary[], simpleEnabled: boolean): ActiveCallFlow {
  const active = activeCustomFlow(flows);
  if (active) return isAgentCallFlow(active) ? { kind: 'agent', flow: active } : { kind: 'custom', flow: active };
  return simpleEnabled ? { kind: 'simple' } : { kind: 'none' };
}

/** The sentence the page shows about the active call flow. */
export function activeCallFlowText(active: ActiveCallFlow): string {
  switch (active.kind) {
    case 'agent':
      return 'The agent call flow is active';
    case 'custom':
      return `${active.flow.name} is your active call flow`;
    case 'simple':
      return 'Your simple call flow is active';
    case 'none':
      return 'No call flow is active';
  }
}

const normalise = (name: string) => name.trim().toLowerCase();

/**
 * A name for a copy of a flow that no other flow uses (compared as the name rules do:
 * trimmed, case-insensitive), within the name length limit.
 * @example copyFlowName('Sales', ['Sales', 'Sales (copy)']) // 'Sales (copy 2)'
 */
export function copyFlowName(name: string, existingNames: Iterable<string>): string {
  const taken = new Set<string>();
  for (const existing of existingNames) taken.add(normalise(existing));
  const base = name.trim() || 'Call flow';
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = `${base.slice(0, MAX_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(normalise(candidate))) return candidate;
  }
}

/**
 * What the rename form checks before sending: the contract's name (trimmed, its length) and
 * editor-core's name rules against the other flows' names, in the spec's words.
 */
export function renameRequest(otherNames: readonly string[]) {
  const name = PatchCallFlow.shape.name.def.innerType.check(
    z.superRefine((value, ctx) => {
      const problem = flowNameError(value, otherNames);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );
  return z.object({ name });
}
