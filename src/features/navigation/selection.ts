import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The product the navigation is about (spec 000, side navigation), kept in the query cache:
 * it lives as long as the session's data and goes with it when logging out empties the
 * cache (spec: logout resets the navigation state). The default layout's loader updates it
 * from each page's route id; the product switcher sets it.
 */
const SELECTED_PRODUCT_KEY = ['navigation-selection'] as const;

export function getSelectedProductId(queryClient: QueryClient): number | null {
  return queryClient.getQueryData<number | null>(SELECTED_PRODUCT_KEY) ?? null;
}

export function setSelectedProductId(queryClient: QueryClient, id: number | null): void {
  if (getSelectedProductId(queryClient) === id) return;
  // Never garbage-collected: nothing observes it as a query.
  queryClient.setQueryDefaults(SELECTED_PRODUCT_KEY, { gcTime: Infinity, staleTime: Infinity });
  queryClient.setQueryData(SELECTED_PRODUCT_KEY, id);
}

/** The selected product id, following changes. */
export function useSelectedProductId(): number | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => getSelectedProductId(queryClient));
}
