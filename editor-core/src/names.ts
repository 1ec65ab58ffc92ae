/** Call flow name rules (spec 000 section 5, spec 001 section 5). */
import { MSG_NAME_REQUIRED, MSG_NAME_TAKEN, NEW_FLOW_NAME_PREFIX } from './constants.ts';

const normalise = (name: string) => name.trim().toLowerCase();

/** The name of a new flow: 'Custom call flow N', N the smallest unused number from 1, compared case-insensitively. */
export function nextFlowName(existingNames: Iterable<string>): string {
  const taken = new Set<string>();
  for (const name of existingNames) taken.add(normalise(name));
  let n = 1;
  while (taken.has(normalise(`${NEW_FLOW_NAME_PREFIX} ${n}`))) n++;
  return `${NEW_FLOW_NAME_PREFIX} ${n}`;
}

/** The spec's message for a flow name, or null when it is fine; other flows' names compare trimmed and case-insensitively. */
export function flowNameError(name: string, otherFlowNames: Iterable<string> = []): string | null {
  const wanted = normalise(name);
  if (wanted === '') return MSG_NAME_REQUIRED;
  for (const other of otherFlowNames) if (normalise(other) === wanted) return MSG_NAME_TAKEN;
  return null;
}
