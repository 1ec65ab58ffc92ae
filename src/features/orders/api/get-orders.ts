import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { notificationEndpoints as endpoints } from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';
import { ordersTrackerKey } from '../../notifications/index.ts';
import { viewQuery, type TrackerView } from '../logic/tracker-filter.ts';

/**
 * GET /api/v3/orders/?type=&page=&page_size=: one page of the account's orders, of one kind or
 * all. The key sits under the notification centre's orders, so marking an order read there (or
 * here) sets the flag in both.
 */
export function ordersPageQuery(view: TrackerView) {
  const query = viewQuery(view);
  return queryOptions({
    queryKey: ordersTrackerKey(query.type, query.page),
    queryFn: ({ signal }) => apiCall(endpoints.getOrders, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useOrdersPage = (view: TrackerView) => useQuery(ordersPageQuery(view));
