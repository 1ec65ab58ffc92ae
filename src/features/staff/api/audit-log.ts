import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { staffAuditEndpoints, type AuditLogQuery } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** GET /api/v3/staff/audit-log/ with the page's filters; staff with the role only (403 otherwise). */
export function auditLogQuery(query: AuditLogQuery) {
  return queryOptions({
    queryKey: ['staff', 'audit-log', query] as const,
    queryFn: ({ signal }) => apiCall(staffAuditEndpoints.staffAuditLog, { query, signal }),
    // A refusal or a bad filter will not change by asking again.
    retry: false,
  });
}
export const useAuditLog = (query: AuditLogQuery) =>
  useQuery({ ...auditLogQuery(query), placeholderData: keepPreviousData });
