import type { NavigationProduct } from '@portal/contract';

/**
 * The cloud phone a purchase is for (its devices join it): the selected product when its shop is
 * open (voip2 with product pages, not voip3, whose shop is coming soon), else the account's first
 * such phone; null when there is none.
 */
export function shopPhone(products: readonly NavigationProduct[], selectedId: number | null): NavigationProduct | null {
  const open = (product: NavigationProduct) =>
    product.product_kind === 'voip2' && product.show_product_pages && product.supplier !== 3;
  return products.find((product) => product.product_id === selectedId && open(product)) ?? products.find(open) ?? null;
}
