import { describe, expect, it } from 'vitest';

import type { NavigationProduct } from '@portal/contract';

import { HELP_SITE_URL } from '../../config/help-site.ts';
import {
  detailsPath,
  lockedUserProducts,
  navScrollMaxHeight,
  phoneVersion,
  routeAt,
  selectedProduct,
  selectionAfterRoute,
  showsCallHistory,
  showsShop,
  sideNavModel,
  switchTarget,
  type SideNavModel,
} from './rules.ts';

function product(overrides: Partial<NavigationProduct>): NavigationProduct {
  return {
    account_id: 3,
    product_id: 1,
    product_kind: 'voip2',
    kind: 'voip',
    status: 'live',
    supplier: 3,
    ceased_date: null,
    confirmed_date: null,
    product_detail: 'detail',
    show_product_pages: true,
    channel: 'Self Sign Up',
    has_installation_address: true,
    is_show_upgrade_page: false,
    ...overrides,
  };
}

const voip3 = product({ product_id: 10, supplier: 3, product_detail: 'Cloud phone (voip3)' });
const voip2 = product({ product_id: 11, supplier: 2, product_detail: 'Cloud phone (supplier 2)' });
const fibre = product({
  product_id: 12,
  product_kind: 'fibre',
  kind: 'telco',
  supplier: 1,
  status: 'pending',
  show_product_pages: false,
});
const broadband = product({
  product_id: 13,
  product_kind: 'broadband',
  kind: 'telco',
  supplier: 1,
  show_product_pages: false,
});
const keys = (model: SideNavModel) => ({
  details: model.details?.to ?? null,
  phoneSettings: model.phoneSettings.map((item) => item.key),
  main: model.main.map((item) => item.key),
  upgrade: model.upgrade?.to ?? null,
});

describe('routeAt', () => {
  it('names the route of a path and its id', () => {
    expect(routeAt('/phone-setup/12')).toEqual({ name: 'phone-setup-id', id: '12' });
    expect(routeAt('/call-flows/custom/12')).toEqual({ name: 'call-flows-custom-id', id: '12' });
    expect(routeAt('/call-flows/12')).toEqual({ name: 'call-flows-id', id: '12' });
    expect(routeAt('/call-recordings/12/recently-deleted')).toEqual({
      name: 'call-recordings-id-recently-deleted',
      id: '12',
    });
    expect(routeAt('/cloud-phone-details/4')).toEqual({ name: 'cloud-phone-details-id', id: '4' });
    expect(routeAt('/billing')).toEqual({ name: 'billing', id: undefined });
    expect(routeAt('/')).toEqual({ name: 'index', id: undefined });
    expect(routeAt('/no/such/page')).toEqual({ name: null, id: undefined });
  });
});

describe('selection', () => {
  const products = [fibre, voip3, voip2, broadband];

  it('selects the first product, sorted live first, by default', () => {
    expect(selectedProduct(products, null)).toBe(voip3);
    expect(selectedProduct(products, 999)).toBe(voip3);
    expect(selectedProduct([fibre], null)).toBe(fibre);
    expect(selectedProduct([], null)).toBeUndefined();
  });

  it('selects the product the route id names', () => {
    expect(selectionAfterRoute(null, products, routeAt('/phone-setup/11'))).toBe(11);
    expect(selectionAfterRoute(11, products, routeAt('/fibre-details/12'))).toBe(12);
    expect(selectedProduct(products, 12)).toBe(fibre);
  });

  it('keeps the selection on pages without an id, on unknown ids, and on billing and user routes', () => {
    expect(selectionAfterRoute(11, products, routeAt('/'))).toBe(11);
    expect(selectionAfterRoute(11, products, routeAt('/my-orders'))).toBe(11);
    expect(selectionAfterRoute(11, products, routeAt('/phone-setup/999'))).toBe(11);
    expect(selectionAfterRoute(11, products, routeAt('/user/12'))).toBe(11);
    expect(selectionAfterRoute(11, products, { name: 'billing', id: '12' })).toBe(11);
  });
});

describe('the side navigation links', () => {
  const input = { accountId: 3, blocked: false };

  it('gives a voip3 cloud phone with product pages every phone setting, company contacts included', () => {
    expect(keys(sideNavModel({ ...input, product: voip3 }))).toEqual({
      details: '/cloud-phone-details/10',
      phoneSettings: [
        'call-flows',
        'account-add-ons',
        'phone-setup',
        'users-devices',
        'phone-numbers',
        'company-contacts',
        'download-apps',
      ],
      main: ['call-history', 'call-reports', 'billing', 'order-tracker', 'shop'],
      upgrade: null,
    });
  });

  it('hides the voip3-only sublink (company contacts) for supplier 2', () => {
    expect(keys(sideNavModel({ ...input, product: voip2 })).phoneSettings).toEqual([
      'call-flows',
      'account-add-ons',
      'phone-setup',
      'users-devices',
      'phone-numbers',
      'download-apps',
    ]);
  });

  it('links each phone setting to its page with the spec query', () => {
    const model = sideNavModel({ ...input, product: voip3 });
    expect(Object.fromEntries([...model.phoneSettings, ...model.main].map((item) => [item.label, item.to]))).toEqual({
      'Call flows': '/call-flows/10?tab=active-call-flow',
      'Account add-ons': '/account-add-ons/10',
      'Phone setup': '/phone-setup/10?tab=holiday-schedule',
      'Users and devices': '/users-devices/10?tab=users',
      'Phone numbers': '/phone-numbers/10',
      'Company contacts': '/company-contacts/10',
      'Download apps': '/download-apps/10',
      'Call history': '/call-recordings/10',
      'Call reports': '/call-reports/10?tab=call-trends',
      Billing: '/billing?id=3',
      'Order tracker': '/my-orders',
      Shop: '/shop?tab=all-items',
    });
  });

  it('gives no phone settings, call history, call reports or shop without show_product_pages', () => {
    expect(keys(sideNavModel({ ...input, product: { ...voip3, show_product_pages: false } }))).toEqual({
      details: '/cloud-phone-details/10',
      phoneSettings: [],
      main: ['billing', 'order-tracker'],
      upgrade: null,
    });
  });

  it('gives fibre and broadband their details, billing and orders only', () => {
    expect(keys(sideNavModel({ ...input, product: fibre }))).toEqual({
      details: '/fibre-details/12',
      phoneSettings: [],
      main: ['billing', 'order-tracker'],
      upgrade: null,
    });
    expect(keys(sideNavModel({ ...input, product: broadband })).details).toBe('/broadband-details/13');
  });

  it('gives an older VoIP product (voip1) call history with supplier 2 or 3 but no phone settings or reports', () => {
    const voip1 = product({ product_id: 20, product_kind: 'voip1', supplier: 2 });
    expect(keys(sideNavModel({ ...input, product: voip1 }))).toEqual({
      details: '/voip-details/20',
      phoneSettings: [],
      main: ['call-history', 'billing', 'order-tracker'],
      upgrade: null,
    });
    expect(showsCallHistory({ ...voip1, supplier: 1 })).toBe(false);
    expect(showsCallHistory({ ...voip1, show_product_pages: false })).toBe(false);
    expect(showsCallHistory(fibre)).toBe(false);
  });

  it('shows the shop for supplier 2 even when blocked, and for others only when not blocked', () => {
    expect(showsShop(voip2, true)).toBe(true);
    expect(showsShop(voip3, true)).toBe(false);
    expect(showsShop(voip3, false)).toBe(true);
    expect(showsShop(fibre, false)).toBe(false);
    expect(keys(sideNavModel({ ...input, product: voip3, blocked: true })).main).toEqual([
      'call-history',
      'call-reports',
      'billing',
      'order-tracker',
    ]);
  });

  it('labels details by kind', () => {
    expect(sideNavModel({ ...input, product: voip3 }).details?.label).toBe('Cloud phone details');
    expect(sideNavModel({ ...input, product: fibre }).details?.label).toBe('Fibre details');
  });

  it('without products: billing from the account, orders; staff without an account: orders only', () => {
    expect(keys(sideNavModel({ ...input, product: undefined }))).toEqual({
      details: null,
      phoneSettings: [],
      main: ['billing', 'order-tracker'],
      upgrade: null,
    });
    expect(keys(sideNavModel({ ...input, accountId: null, product: undefined })).main).toEqual(['order-tracker']);
  });

  it('has the Upgrade link exactly when the navigation says is_show_upgrade_page', () => {
    expect(sideNavModel({ ...input, product: { ...voip3, is_show_upgrade_page: true } }).upgrade).toEqual({
      key: 'upgrade',
      label: 'Upgrade',
      to: '/upgrade/10',
    });
    expect(sideNavModel({ ...input, product: { ...voip2, is_show_upgrade_page: true } }).upgrade?.to).toBe(
      `/upgrade/${voip2.product_id}`,
    );
    expect(sideNavModel({ ...input, product: voip3 }).upgrade).toBeNull();
  });

  it('opens help on an external site', () => {
    expect(HELP_SITE_URL).toMatch(/^https:\/\//);
  });
});

describe('switching products', () => {
  it('keeps the page with the new id and the query on the pages the spec lists, for a voip2 product', () => {
    expect(switchTarget(voip2, '/phone-setup/10', '?tab=hold-music')).toBe('/phone-setup/11?tab=hold-music');
    expect(switchTarget(voip2, '/users-devices/10', '?tab=users')).toBe('/users-devices/11?tab=users');
    expect(switchTarget(voip2, '/phone-numbers/10', '')).toBe('/phone-numbers/11');
    expect(switchTarget(voip2, '/call-recordings/10', '?page=2')).toBe('/call-recordings/11?page=2');
    expect(switchTarget(voip2, '/call-reports/10', '?tab=call-trends')).toBe('/call-reports/11?tab=call-trends');
    expect(switchTarget(voip2, '/download-apps/10', '')).toBe('/download-apps/11');
  });

  it('goes to the details page of a product that is not a cloud phone, even from those pages', () => {
    expect(switchTarget(fibre, '/phone-setup/10', '?tab=voicemail')).toBe('/fibre-details/12');
    expect(switchTarget(broadband, '/users-devices/10', '?tab=users')).toBe('/broadband-details/13');
  });

  it('goes to the details page elsewhere', () => {
    expect(switchTarget(voip2, '/', '')).toBe('/cloud-phone-details/11');
    expect(switchTarget(voip2, '/call-flows/10', '?tab=active-call-flow')).toBe('/cloud-phone-details/11');
    expect(switchTarget(voip2, '/company-contacts/10', '')).toBe('/cloud-phone-details/11');
    expect(switchTarget(product({ product_id: 30, product_kind: 'web', kind: 'web' }), '/', '')).toBe(
      '/website-details/30',
    );
    expect(switchTarget(product({ product_id: 31, product_kind: 'phoneline', kind: 'telco' }), '/', '')).toBe(
      '/phoneline-details/31',
    );
    expect(detailsPath(product({ product_id: 32, product_kind: 'voip1' }))).toBe('/voip-details/32');
  });

  it('on billing sets the id query to the account id, keeping the rest', () => {
    expect(switchTarget({ ...voip2, account_id: 8 }, '/billing', '?id=3&tab=history')).toBe(
      '/billing?id=8&tab=history',
    );
    expect(switchTarget({ ...voip2, account_id: 8 }, '/billing', '')).toBe('/billing?id=8');
  });
});

describe('phone version and locked users', () => {
  it('is voip3 for supplier 3, voip for an older phone, none for other products', () => {
    expect(phoneVersion(voip3)).toBe('voip3');
    expect(phoneVersion(voip2)).toBe('voip');
    expect(phoneVersion(product({ product_kind: 'voip1', supplier: 1 }))).toBe('voip');
    expect(phoneVersion(fibre)).toBeNull();
    expect(phoneVersion(undefined)).toBeNull();
  });

  it('loads locked users for voip2 products not on voip3', () => {
    expect(
      lockedUserProducts([voip3, voip2, fibre, product({ product_id: 40, product_kind: 'voip1', supplier: 2 })]),
    ).toEqual([voip2]);
  });
});

describe('the navigation scrollbar rule', () => {
  it('is window height minus 90 px at 770 px wide or narrower, and no rule above', () => {
    expect(navScrollMaxHeight(770, 800)).toBe(710);
    expect(navScrollMaxHeight(412, 915)).toBe(825);
    expect(navScrollMaxHeight(771, 800)).toBeUndefined();
    expect(navScrollMaxHeight(300, 60)).toBe(0);
  });
});
