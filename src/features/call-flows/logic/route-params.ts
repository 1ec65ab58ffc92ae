import { CALLFLOW_ID_PARAM, callFlowsCustom } from '../../../config/paths.ts';

/**
 * The flow the custom editor opens, from its query: absent means a new flow; a value that
 * is not a flow id is refused (the page answers "not found").
 */
export function parseCallflowId(search: URLSearchParams): { ok: true; flowId: string | null } | { ok: false } {
  const value = search.get(CALLFLOW_ID_PARAM);
  if (value === null || value === '') return { ok: true, flowId: null };
  return /^\d{1,12}$/.test(value) ? { ok: true, flowId: value } : { ok: false };
}

/**
 * The custom call-flow editor: with a flow id it opens that flow, without one a new flow. (Here, not in
 * config/paths.ts: that module is in the entry chunk, and only the call-flow pages link to the editor.)
 * @example customCallFlowEditor(12, '5') // '/call-flows/custom/12?callflow_id=5'
 */
export function customCallFlowEditor(productId: number | string, callflowId?: string | null): string {
  return callFlowsCustom.build({ id: productId }, { [CALLFLOW_ID_PARAM]: callflowId ?? undefined });
}
