import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import type { NavigationProduct } from '@portal/contract';

import { navigationQueryOptions } from '../../../features/navigation/index.ts';
import { callRecordingsLoader } from './call-recordings.tsx';

const product = (over: Partial<NavigationProduct>): NavigationProduct => ({
  account_id: 1,
  product_id: 10,
  product_kind: 'voip2',
  kind: 'voip',
  status: 'live',
  supplier: 3,
  ceased_date: null,
  confirmed_date: null,
  product_detail: '',
  show_product_pages: true,
  channel: 'Self Sign Up',
  has_installation_address: true,
  is_show_upgrade_page: false,
  ...over,
});

/** Runs the route's loader for /call-recordings/{id} with these products in the navigation; answers the 404 status or null. */
async function statusFor(id: string, products: NavigationProduct[]): Promise<number | null> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(navigationQueryOptions().queryKey, { account: { id: 1, name: 'Acme' }, products });
  try {
    await callRecordingsLoader(queryClient)({
      params: { id },
      request: new Request(`http://localhost/call-recordings/${id}`),
    } as unknown as LoaderFunctionArgs);
    return null;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe('the call history route rule (VOIP with supplier 2 or 3 and show_product_pages)', () => {
  it('lets a voip1 or voip2 product of supplier 2 or 3 with product pages through', async () => {
    expect(await statusFor('10', [product({})])).toBeNull();
    expect(await statusFor('10', [product({ supplier: 2, product_kind: 'voip1' })])).toBeNull();
  });

  it('is "Page not found" for another supplier, no product pages, another kind, or a product not of the account', async () => {
    expect(await statusFor('10', [product({ supplier: 1 })])).toBe(404);
    expect(await statusFor('10', [product({ show_product_pages: false })])).toBe(404);
    expect(await statusFor('10', [product({ product_kind: 'broadband', kind: 'telco' })])).toBe(404);
    expect(await statusFor('11', [product({})])).toBe(404);
    expect(await statusFor('x', [product({})])).toBe(404);
  });
});
