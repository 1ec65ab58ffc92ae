import { CALLFLOW_ID_PARAM } from '../../../config/paths.ts';

/**
 * The flow the custom editor opens, from its query: absent means a new flow; a value that
 * is not a flow id is refused (the page answers "not found").
 */
export function parseCallflowId(search: URLSearchParams): { ok: true; flowId: string | null } | { ok: false } {
  const value = search.get(CALLFLOW_ID_PARAM);
  if (value === null || value === '') return { ok: true, flowId: null };
  return /^\d{1,12}$/.test(value) ? { ok: true, flowId: value } : { ok: false };
}
