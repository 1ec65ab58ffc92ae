import type { NavigationProduct } from '@portal/contract';
import { DivertNotices } from '../../../features/phone-setup/index.ts';

/**
 * Home's divert notices (issue 16), a chunk of its own loaded after the products (home's bundle
 * budget): the cloud phones with pages of their own (voip2 with show_product_pages) are checked.
 */
function HomeDivertNotices({ products }: { products: readonly NavigationProduct[] }) {
  const phones = products.filter((p) => p.product_kind === 'voip2' && p.show_product_pages).map((p) => ({ id: p.product_id, label: p.product_detail || `Cloud phone ${p.product_id}` }));
  return phones.length > 0 ? <DivertNotices products={phones} /> : null;
}

export default HomeDivertNotices;
