import { matchPath } from 'react-router-dom';

import { sortProductsLiveFirst, type NavigationProduct, type ProductKind } from '@portal/contract';

import * as paths from '../../config/paths.ts';
import type { QueryValues } from '../../config/route-path.ts';
import { productKindLabels } from './product-labels.ts';

/**
 * The side navigation's and the default layout's rules (spec 000 sections 2 and 4, spec
 * 001 section 2), as plain functions: which links show, which product is selected, where
 * choosing another product goes. The components only render what these answer. The
 * default layout's start-up decisions are in startup.ts beside this module.
 */

// Feature flags the spec bakes in (spec 000 section 9).
/** "VOIP3 redirect on": the shop sends voip3 customers to coming-soon. */
export const VOIP3_SHOP_REDIRECT = true;
/** "shop hide off": when on, the Shop link would be hidden for everyone. */
export const SHOP_HIDE = false;

/** Navigation scrollbar rule (spec 000): at this window width or narrower, the drawer scrolls within the window height minus 90 px. */
export const NAV_SCROLL_RULE = { maxWidth: 770, offset: 90 } as const;

/**
 * The closed product switcher's height (components/product-switcher.tsx: three lines of 1, 1.5 and 1.25 rem, 0.5 rem
 * of padding above and below, a 1 px border), which the side navigation keeps while it loads, so the links
 * below it do not jump (a click aimed at one landed on the switcher).
 */
export const PRODUCT_SWITCHER_HEIGHT = 'calc(4.75rem + 2px)';

/** The drawer's greatest height for a window size: window height minus 90 px at 770 px or narrower; undefined (no rule) above. */
export function navScrollMaxHeight(windowWidth: number, windowHeight: number): number | undefined {
  return windowWidth <= NAV_SCROLL_RULE.maxWidth ? Math.max(0, windowHeight - NAV_SCROLL_RULE.offset) : undefined;
}

// Routes the rules tell apart. Longer patterns first: /call-flows/custom/{id} is not /call-flows/{id}.
const knownRoutes: ReadonlyArray<{ name: string; pattern: string }> = [
  paths.index,
  paths.billing,
  paths.myOrders,
  paths.shop,
  paths.upgrade,
  paths.user,
  paths.accountAddOns,
  paths.productPhoneDetails,
  paths.broadbandDetails,
  paths.fibreDetails,
  paths.phonelineDetails,
  paths.voipDetails,
  paths.websiteDetails,
  paths.callFlowsCustom,
  paths.callFlows,
  paths.callRecordingsRecentlyDeleted,
  paths.callRecordings,
  paths.callReports,
  paths.companyContacts,
  paths.downloadApps,
  paths.phoneNumbers,
  paths.phoneSetup,
  paths.usersDevices,
  paths.phoneNumbersWithoutId,
  paths.usersDevicesWithoutId,
];

export interface RouteAt {
  /** The spec's route name (paths.ts), or null for a path the rules do not know. */
  name: string | null;
  /** The route's {id} parameter, if it has one. */
  id: string | undefined;
}

/**
 * Which route a path is, by the patterns of paths.ts.
 * @example routeAt('/phone-setup/12') // { name: 'phone-setup-id', id: '12' }
 */
export function routeAt(pathname: string): RouteAt {
  for (const route of knownRoutes) {
    const match = matchPath(route.pattern, pathname);
    if (match) return { name: route.name, id: match.params.id };
  }
  return { name: null, id: undefined };
}

/** "voip3" (supplier 3), "voip" (an older cloud phone), or null for a product that is no phone. */
export function phoneVersion(product: NavigationProduct | undefined): 'voip' | 'voip3' | null {
  if (product?.product_kind !== 'voip1' && product?.product_kind !== 'voip2') return null;
  return product.supplier === 3 ? 'voip3' : 'voip';
}

/** Routes that exist for voip3 only and are 404 for the older version (spec 000 route rules: company contacts). */
export const VOIP3_ONLY_ROUTES: readonly string[] = [paths.companyContacts.name];

// Selection (spec 000, side navigation).

/**
 * The product selected after arriving at `route`: the product the route's id names when the
 * customer has it, except on billing (whose id is the account's) and user pages (a user's
 * id); otherwise the selection stays.
 */
export function selectionAfterRoute(
  current: number | null,
  products: readonly NavigationProduct[],
  route: RouteAt,
): number | null {
  if (route.name === paths.billing.name || route.name === paths.user.name || route.id === undefined) return current;
  const named = products.find((product) => String(product.product_id) === route.id);
  return named ? named.product_id : current;
}

/** The selected product: the one selected if the customer still has it, else the first of the products sorted live first. */
export function selectedProduct(
  products: readonly NavigationProduct[],
  selectedId: number | null,
): NavigationProduct | undefined {
  const sorted = sortProductsLiveFirst(products);
  return sorted.find((product) => product.product_id === selectedId) ?? sorted[0];
}

// Links (spec 000, side navigation).

/** A route keyed by a product id. */
interface ProductRoute {
  name: string;
  pattern: string;
  build(params: { id: number | string }, query?: QueryValues): string;
}

/** Each kind's details route; the app's route table makes one route of each (on-demand-routes.tsx). */
export const detailsRoutes: Record<ProductKind, ProductRoute> = {
  voip1: paths.voipDetails,
  voip2: paths.productPhoneDetails,
  fibre: paths.fibreDetails,
  broadband: paths.broadbandDetails,
  phoneline: paths.phonelineDetails,
  web: paths.websiteDetails,
};

/** A product's details page, by its kind (voip-details-id, {product}-phone-details-id, fibre-details-id, ...). */
export function detailsPath(product: NavigationProduct): string {
  return detailsRoutes[product.product_kind].build({ id: product.product_id });
}

export interface NavItem {
  key: string;
  label: string;
  to: string;
}

export interface SideNavModel {
  /** The Details link of the selected product's kind. */
  details: NavItem | null;
  /** The "Phone settings" group; empty when the group is hidden. */
  phoneSettings: NavItem[];
  /** Call history, Call reports, Billing, Order tracker and Shop, those that show. */
  main: NavItem[];
  /** The upgrade page of the selected product, when it has one. */
  upgrade: NavItem | null;
}

export interface SideNavInput {
  product: NavigationProduct | undefined;
  /** The account's id, for Billing; null for staff without an account. */
  accountId: number | null;
  /** Whether the selected product's service is blocked (service status). */
  blocked: boolean;
}

/** Cloud phone (voip2) with show_product_pages: the "Phone settings" group, Call reports and maybe Shop. */
export function hasProductPages(product: NavigationProduct | undefined): product is NavigationProduct {
  return product?.product_kind === 'voip2' && product.show_product_pages;
}

/** Call history: a VoIP product (voip1 or voip2) with supplier 2 or 3 and show_product_pages. */
export function showsCallHistory(product: NavigationProduct | undefined): product is NavigationProduct {
  const voip = product?.product_kind === 'voip1' || product?.product_kind === 'voip2';
  return voip && (product.supplier === 2 || product.supplier === 3) && product.show_product_pages;
}

/** Shop: voip2 with show_product_pages, and supplier 2 or not blocked (and the baked-in shop-hide flag off). */
export function showsShop(product: NavigationProduct | undefined, blocked: boolean): boolean {
  return !SHOP_HIDE && hasProductPages(product) && (product.supplier === 2 || !blocked);
}

/** The side navigation's links for the selected product, in the spec's order. */
export function sideNavModel({ product, accountId, blocked }: SideNavInput): SideNavModel {
  const id = product?.product_id;
  const phoneSettings: NavItem[] = [];
  if (hasProductPages(product) && id !== undefined) {
    const voip3 = product.supplier === 3;
    phoneSettings.push(
      { key: 'call-flows', label: 'Call flows', to: paths.callFlowsPage(id) },
      { key: 'account-add-ons', label: 'Account add-ons', to: paths.accountAddOns.build({ id }) },
      { key: 'phone-setup', label: 'Phone setup', to: paths.phoneSetupPage(id) },
      { key: 'users-devices', label: 'Users and devices', to: paths.usersDevices.build({ id }, { tab: 'users' }) },
      { key: 'phone-numbers', label: 'Phone numbers', to: paths.phoneNumbers.build({ id }) },
      ...(voip3 || !VOIP3_ONLY_ROUTES.includes(paths.companyContacts.name)
        ? [{ key: 'company-contacts', label: 'Company contacts', to: paths.companyContacts.build({ id }) }]
        : []),
      { key: 'download-apps', label: 'Download apps', to: paths.downloadApps.build({ id }) },
    );
  }
  const main: NavItem[] = [];
  if (showsCallHistory(product))
    main.push({
      key: 'call-history',
      label: 'Call history',
      to: paths.callRecordings.build({ id: product.product_id }),
    });
  if (hasProductPages(product))
    main.push({
      key: 'call-reports',
      label: 'Call reports',
      to: paths.callReports.build({ id: product.product_id }, { tab: 'call-trends' }),
    });
  const billingAccount = product?.account_id ?? accountId;
  if (billingAccount !== null)
    main.push({ key: 'billing', label: 'Billing', to: paths.billing.build({}, { id: billingAccount }) });
  main.push({ key: 'order-tracker', label: 'Order tracker', to: paths.myOrders.build() });
  if (showsShop(product, blocked))
    main.push({ key: 'shop', label: 'Shop', to: paths.shop.build({}, { tab: 'all-items' }) });
  return {
    details: product
      ? { key: 'details', label: `${productKindLabels[product.product_kind]} details`, to: detailsPath(product) }
      : null,
    phoneSettings,
    main,
    // The server decides (is_show_upgrade_page, server/src/modules/upgrade/rules.ts).
    upgrade: product?.is_show_upgrade_page
      ? { key: 'upgrade', label: 'Upgrade', to: paths.upgrade.build({ id: product.product_id }) }
      : null,
  };
}

// Switching products (spec 000, side navigation).

/** Pages where choosing another cloud phone keeps the page, with the new id and the same query. */
const keepPageRoutes: readonly ProductRoute[] = [
  paths.phoneSetup,
  paths.usersDevices,
  paths.phoneNumbers,
  paths.callRecordings,
  paths.callReports,
  paths.downloadApps,
];

/**
 * Where choosing `target` in the product switcher goes from the page at `pathname` + `search`:
 * on the pages above a voip2 product keeps the page (new id, same query); on billing the id
 * query becomes the product's account id; elsewhere the product's details page.
 * @example switchTarget(phone2, '/phone-setup/12', '?tab=hold-music') // '/phone-setup/14?tab=hold-music'
 */
export function switchTarget(target: NavigationProduct, pathname: string, search: string): string {
  const route = routeAt(pathname);
  if (route.name === paths.billing.name) {
    const query = new URLSearchParams(search);
    query.set('id', String(target.account_id));
    return `${paths.billing.build()}?${query.toString()}`;
  }
  const kept = keepPageRoutes.find((page) => page.name === route.name);
  if (kept && target.product_kind === 'voip2') return `${kept.build({ id: target.product_id })}${search}`;
  return detailsPath(target);
}

/** The cloud phones whose locked users the layout loads: voip2 products not on voip3 (spec 000 section 4). */
export function lockedUserProducts(products: readonly NavigationProduct[]): NavigationProduct[] {
  return products.filter((product) => product.product_kind === 'voip2' && product.supplier !== 3);
}
