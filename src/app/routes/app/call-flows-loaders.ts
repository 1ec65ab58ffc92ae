import type { QueryClient } from '@tanstack/react-query';
import { data, redirect, type LoaderFunction } from 'react-router-dom';

import * as paths from '../../../config/paths.ts';
import {
  advancedCallFlowAddOnQueryOptions,
  audioFilesQueryOptions,
  callFlowListQueryOptions,
  callFlowQueryOptions,
  parseCallflowId,
  simpleCallFlowQueryOptions,
  siteNumbersQueryOptions,
  siteQueryOptions,
} from '../../../features/call-flows/index.ts';
import { navigationQueryOptions } from '../../../features/navigation/index.ts';
import { trialStatusQueryOptions } from '../../../features/trial/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';

/**
 * Loaders of the call-flow pages. They live in their own chunk, loaded while the page's
 * chunk downloads (see routes.tsx), and only warm the query cache: every request of a
 * page starts at once, and a failure is shown by the page itself.
 */

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** Call flows are pages of a cloud phone (voip2) whose product pages are shown (spec 000, side navigation). */
function hasCallFlows(product: { product_kind: string; show_product_pages: boolean }): boolean {
  return product.product_kind === 'voip2' && product.show_product_pages;
}

/** A product id the account has no call flows for is "not found"; when the navigation cannot load, the page's own calls decide. */
async function requireCallFlowProduct(queryClient: QueryClient, param: string | undefined): Promise<number> {
  const productId = parseProductId(param);
  if (productId === null) throw notFound();
  const navigation = await queryClient.ensureQueryData(navigationQueryOptions()).catch(() => null);
  if (navigation && !navigation.products.some((product) => product.product_id === productId && hasCallFlows(product)))
    throw notFound();
  return productId;
}

/** /call-flows/{id}: the flows, the simple flow, audio files, the add-on and the trial. */
export function callFlowsLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params }) => {
    const productId = await requireCallFlowProduct(queryClient, params.id);
    await Promise.allSettled([
      queryClient.ensureQueryData(callFlowListQueryOptions(productId)),
      queryClient.ensureQueryData(simpleCallFlowQueryOptions(productId)),
      queryClient.ensureQueryData(audioFilesQueryOptions(productId)),
      queryClient.ensureQueryData(advancedCallFlowAddOnQueryOptions(productId)),
      queryClient.ensureQueryData(trialStatusQueryOptions()),
    ]);
    return null;
  };
}

/**
 * /call-flows/custom/{id}?callflow_id=N: the flow (none for a new one), the other flows'
 * names, the site, its numbers, audio files, the add-on and the trial. Without an id it
 * goes to the first product with call flows, keeping the query.
 */
export function callFlowEditorLoader(queryClient: QueryClient): LoaderFunction {
  return async ({ params, request }) => {
    const url = new URL(request.url);
    if (params.id === undefined) {
      const navigation = await queryClient.ensureQueryData(navigationQueryOptions());
      const first = navigation.products.find(hasCallFlows);
      if (!first) throw notFound();
      throw redirect(`${paths.callFlowsCustom.build({ id: first.product_id })}${url.search}`);
    }
    const flow = parseCallflowId(url.searchParams);
    if (!flow.ok) throw notFound();
    const productId = await requireCallFlowProduct(queryClient, params.id);
    await Promise.allSettled([
      flow.flowId === null ? null : queryClient.ensureQueryData(callFlowQueryOptions(productId, flow.flowId)),
      queryClient.ensureQueryData(callFlowListQueryOptions(productId)),
      queryClient.ensureQueryData(siteQueryOptions(productId)),
      queryClient.ensureQueryData(siteNumbersQueryOptions(productId)),
      queryClient.ensureQueryData(audioFilesQueryOptions(productId)),
      queryClient.ensureQueryData(advancedCallFlowAddOnQueryOptions(productId)),
      queryClient.ensureQueryData(trialStatusQueryOptions()),
    ]);
    return null;
  };
}
