import { lazy, Suspense, useState } from 'react';

import type { NavigationProduct } from '@portal/contract';

import { useNavigationProducts } from '../../../features/navigation/index.ts';
import { DivertNotices } from '../../../features/phone-setup/index.ts';

// Loaded only for an account with no cloud phone. A static import would put the sign-up feature's chunks in the
// list home's own chunk keeps of this one's, and home's bundle budget has no room for them.
const TrialOffer = lazy(async () => ({ default: (await import('../../../features/signup/index.ts')).TrialOffer }));

/**
 * Home's notices above the products, a chunk of its own loaded after them (home's bundle budget):
 * a divert on any cloud phone with pages of its own (voip2 with show_product_pages), and,
 * for an account with no cloud phone at all, the offer of an opt-in trial.
 */
function HomeDivertNotices({ products }: { products: readonly NavigationProduct[] }) {
  const account = useNavigationProducts().data?.account;
  const phones = products
    .filter((p) => p.product_kind === 'voip2' && p.show_product_pages)
    .map((p) => ({ id: p.product_id, label: p.product_detail || `Cloud phone ${p.product_id}` }));
  // Decided once: the offer stays to say the trial has started after the new phone joins the products.
  const [offer] = useState(() => !products.some((p) => p.product_kind === 'voip1' || p.product_kind === 'voip2'));
  return (
    <>
      {offer && account ? (
        <Suspense fallback={null}>
          <TrialOffer accountId={account.id} />
        </Suspense>
      ) : null}
      {phones.length > 0 ? <DivertNotices products={phones} /> : null}
    </>
  );
}

export default HomeDivertNotices;
