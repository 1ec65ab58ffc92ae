import {
  checkStructure,
  NODE_SPECS,
  nodeCounts,
  typesOverLimit,
  validateFlow,
  type CallFlow,
  type FlowNode,
  type NodeLimits,
} from '@portal/editor-core';

import { ADVANCED_CALL_FLOWS_DISPLAY_NAME } from './limits.ts';

// Every rule here is editor-core's; this file only words the answers of the API.

/**
 * Depth and size of a flow tree as sent, before zod walks it: zod's recursive schema would overflow the stack on a
 * tree thousands of levels deep. editor-core's rule, whose walk stops as soon as a limit is passed.
 */
export { flowSizeProblem } from '@portal/editor-core';

/**
 * Why a tree may not be stored, or null. A draft may be unfinished (validateFlow's
 * problems), but it must be a tree the editor can open (editor-core's structure table, the
 * one importFlow enforces) and stay within the product's node limits.
 */
export function flowStoreProblem(data: FlowNode, limits: NodeLimits, addOnEnabled: boolean): string | null {
  const [issue] = checkStructure(data);
  if (issue) return `This call flow cannot be saved: ${issue.message}`;
  const [over] = typesOverLimit(data, limits);
  if (over) {
    const count = nodeCounts(data)[over];
    const label = NODE_SPECS[over].label.toLowerCase();
    const hint = addOnEnabled ? '' : ` Add the ${ADVANCED_CALL_FLOWS_DISPLAY_NAME} add-on for more.`;
    return `This call flow has ${count} ${label} steps; your account allows ${limits[over]}.${hint}`;
  }
  return null;
}

/** Whether a stored flow passes every editor-core rule, its name against the product's other flows included. */
export function isStoredFlowValid(
  flow: Pick<CallFlow, 'name' | 'enable' | 'data'>,
  otherFlowNames: readonly string[],
): boolean {
  return validateFlow({ id: null, ...flow }, { otherFlowNames }).length === 0;
}
