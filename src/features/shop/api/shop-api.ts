import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  HardwareCatalogue,
  hardwareEndpoints,
  SHOP_CACHE_MS,
  shopEndpoints,
  type PurchaseRequest,
  type ShopItem,
} from '@portal/contract';

import { SHOP_STORAGE_PREFIX } from '../../../config/storage-keys.ts';
import { apiCall } from '../../../lib/http.ts';
import { ordersTrackerKey } from '../../notifications/index.ts';

/**
 * The shop's calls (spec 001 section 7 "Hardware"). The catalogue is cached for 24 hours (spec 001
 * section 9): react-query keeps it fresh that long (staleTime, gcTime), and it is stored in local
 * storage with the time it was fetched, so a reload or a new tab within the 24 hours shows it at
 * once without asking; after that it is fetched again.
 */
export const CATALOGUE_STORAGE_KEY = `${SHOP_STORAGE_PREFIX}catalogue.v1`;
const catalogueKey = ['shop', 'catalogue'] as const;

interface StoredCatalogue {
  fetchedAt: number;
  items: ShopItem[];
}

function storedCatalogue(now = Date.now()): StoredCatalogue | undefined {
  try {
    const stored = JSON.parse(window.localStorage.getItem(CATALOGUE_STORAGE_KEY) ?? 'null') as StoredCatalogue | null;
    if (!stored || typeof stored.fetchedAt !== 'number' || now - stored.fetchedAt >= SHOP_CACHE_MS) return undefined;
    const parsed = HardwareCatalogue.shape.items.safeParse(stored.items);
    return parsed.success ? { fetchedAt: stored.fetchedAt, items: parsed.data } : undefined;
  } catch {
    return undefined;
  }
}

export function catalogueQuery() {
  return queryOptions({
    queryKey: catalogueKey,
    queryFn: async ({ signal }) => {
      const { items } = await apiCall(hardwareEndpoints.getHardwareModels, { signal });
      try {
        window.localStorage.setItem(
          CATALOGUE_STORAGE_KEY,
          JSON.stringify({ fetchedAt: Date.now(), items } satisfies StoredCatalogue),
        );
      } catch {
        // Storage full or off: the cache lasts the session.
      }
      return items;
    },
    staleTime: SHOP_CACHE_MS,
    gcTime: SHOP_CACHE_MS,
    // Read when the cache entry is made, not on every render.
    initialData: () => storedCatalogue()?.items,
    initialDataUpdatedAt: () => storedCatalogue()?.fetchedAt,
  });
}

export const useCatalogue = () => useQuery(catalogueQuery());

/**
 * POST /api/v1/voip/{accountId}/hardware/purchase/. The order joins the tracker and the
 * notification centre, the devices the phone's users and devices: their caches are refreshed.
 */
export function usePurchase(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PurchaseRequest) =>
      apiCall(shopEndpoints.purchaseHardware, { params: { accountId: String(accountId) }, body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersTrackerKey().slice(0, -1) }),
        queryClient.invalidateQueries({ queryKey: ['users-devices'] }),
      ]);
    },
  });
}
