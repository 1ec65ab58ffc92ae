import type { NavigationProduct } from '@portal/contract';

import { lockedUserProducts } from '../../navigation/index.ts';
import type { StatusCardsInput } from '../rules.ts';
import { useCreditStatus } from './get-credit-status.ts';
import { useLockedUsers } from './get-locked-users.ts';
import { useServiceStatus } from './get-service-status.ts';

/**
 * The statuses the cards show, from the calls the default layout made at start-up, and
 * whether there is any (so the cards' code loads only for a customer who has one). A
 * status that cannot be loaded shows nothing: the cards are a notice, the pages have the detail.
 */
export function useStatuses(products: readonly NavigationProduct[]): { input: StatusCardsInput; any: boolean } {
  const credit = useCreditStatus().data?.results ?? [];
  const service = useServiceStatus().data;
  const lockedFor = lockedUserProducts(products);
  const lockedUsers = useLockedUsers(lockedFor.map((product) => product.product_id)).data ?? [];
  const locked = lockedFor.map((product) => ({
    product,
    users: lockedUsers.find((entry) => entry.productId === product.product_id)?.users ?? [],
  }));
  const blocked = products.some((product) =>
    service?.results.some((entry) => entry.product_id === product.product_id && entry.service_status === 'blocked'),
  );
  return {
    input: { products, credit, locked, service },
    any: credit.length > 0 || blocked || locked.some((entry) => entry.users.length > 0),
  };
}
