// zod/mini: these schemas load with every page, and mini tree-shakes to what is used.
import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';

export const ProductKind = z.enum(['voip1', 'voip2', 'fibre', 'broadband', 'phoneline', 'web']);
export type ProductKind = z.infer<typeof ProductKind>;

/** A product as the navigation lists it (spec 000 section 3, "Product (navigation)"). */
export const NavigationProduct = z.object({
  account_id: z.int(),
  product_id: z.int(),
  product_kind: ProductKind,
  kind: z.string(),
  status: z.string(),
  supplier: z.int(),
  ceased_date: z.nullable(z.string()),
  confirmed_date: z.nullable(z.string()),
  product_detail: z.string(),
  show_product_pages: z.boolean(),
  channel: z.string(),
  has_installation_address: z.boolean(),
  /** Whether the product has the upgrade page and the side navigation's Upgrade link (spec 001 section 2). */
  is_show_upgrade_page: z.boolean(),
});
export type NavigationProduct = z.infer<typeof NavigationProduct>;

export const Navigation = z.object({
  account: z.nullable(z.object({ id: z.int(), name: z.string() })),
  products: z.array(NavigationProduct),
});
export type Navigation = z.infer<typeof Navigation>;

/**
 * Derives product_kind (spec 000 section 3): VoIP with tariff version TARIFF_V3 is voip2,
 * other VoIP voip1; telco gives its sub kind (fibre, broadband, phoneline); web gives web.
 * @example deriveProductKind({ kind: 'voip', tariff_version: 'TARIFF_V3' }) // 'voip2'
 */
export function deriveProductKind(product: {
  kind: string;
  tariff_version?: string | null;
  sub_kind?: string | null;
}): ProductKind {
  const kind = product.kind.toLowerCase();
  if (kind === 'voip') return product.tariff_version === 'TARIFF_V3' ? 'voip2' : 'voip1';
  if (kind === 'web') return 'web';
  const sub = ProductKind.safeParse((product.sub_kind ?? '').toLowerCase());
  if (kind === 'telco' && sub.success) return sub.data;
  throw new Error(`Unknown product kind ${product.kind}/${product.sub_kind ?? ''}`);
}

/** Products sorted live first, order otherwise kept (spec 000, side navigation). */
export function sortProductsLiveFirst<T extends { status: string }>(products: readonly T[]): T[] {
  return [...products].sort((a, b) => Number(b.status === 'live') - Number(a.status === 'live'));
}

export const navigationEndpoints = {
  navigation: endpoint({
    method: 'GET',
    path: '/api/v3/navigation/',
    summary: "The signed-in customer's account and products, live first",
    auth: true,
    response: Navigation,
  }),
};
