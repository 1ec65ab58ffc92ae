import type { QueryClient } from '@tanstack/react-query';
import { data, redirect, type LoaderFunction } from 'react-router-dom';

import { sortProductsLiveFirst } from '@portal/contract';

import {
  getSelectedProductId,
  hasProductPages,
  lockedUserProducts,
  navigationQueryOptions,
  routeAt,
  selectedProduct,
  selectionAfterRoute,
  setSelectedProductId,
  startUpDecision,
} from '../../features/navigation/index.ts';
import {
  creditStatusQueryOptions,
  gettingStartedQueryOptions,
  lockedUsersQueryOptions,
  serviceStatusQueryOptions,
} from '../../features/status/index.ts';
import { setUpgradeTrigger, trialStatusQueryOptions } from '../../features/trial/index.ts';

const valueOf = <T>(result: PromiseSettledResult<T>): T | undefined =>
  result.status === 'fulfilled' ? result.value : undefined;

/**
 * The default layout's start-up (spec 000 section 4), run before each page of the layout
 * shows. The calls go out together; their answers are acted on in the spec's order:
 * 1. getting started (an entry goes to its welcome page), 2. navigation (and the product
 * the page selects), 3. the shop and voip3-only route rules, the buy-now and ended-trial
 * redirects, 4. credit status, locked users (voip2 products not on voip3), trial status and
 * service status load for the page (the trial's answer is waited for: an ended trial redirects).
 * A call that fails skips its rule; the pages show their own errors.
 */
export function defaultLayoutLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    const { pathname } = new URL(request.url);
    void queryClient.prefetchQuery(creditStatusQueryOptions());
    void queryClient.prefetchQuery(serviceStatusQueryOptions());
    const trial = queryClient.ensureQueryData(trialStatusQueryOptions()).catch(() => undefined);
    const [gettingStarted, navigation] = await Promise.allSettled([
      queryClient.ensureQueryData(gettingStartedQueryOptions()),
      queryClient.ensureQueryData(navigationQueryOptions()),
    ]);

    const products = valueOf(navigation)?.products ?? [];
    setSelectedProductId(
      queryClient,
      selectionAfterRoute(getSelectedProductId(queryClient), products, routeAt(pathname)),
    );
    const locked = lockedUserProducts(products).map((product) => product.product_id);
    if (locked.length > 0) void queryClient.prefetchQuery(lockedUsersQueryOptions(locked));

    const decision = startUpDecision({
      pathname,
      gettingStarted: valueOf(gettingStarted)?.getting_started_product_ids,
      selected: selectedProduct(products, getSelectedProductId(queryClient)),
      firstPhone: sortProductsLiveFirst(products).find(hasProductPages),
      trial: await trial,
    });
    if (decision.kind === 'redirect') {
      if (decision.trigger) setUpgradeTrigger(decision.trigger);
      throw redirect(decision.to);
    }
    if (decision.kind === 'not-found') throw data(null, { status: 404, statusText: 'Not Found' });
    return null;
  };
}
