import { describe, expect, it } from 'vitest';

import { isProvisionedBuyNow, type NavigationProduct, type TrialStatus } from '@portal/contract';

import { startUpDecision, type StartUpInput } from './startup.ts';

function product(overrides: Partial<NavigationProduct> = {}): NavigationProduct {
  return {
    account_id: 3,
    product_id: 10,
    product_kind: 'voip2',
    kind: 'voip',
    status: 'live',
    supplier: 3,
    ceased_date: null,
    confirmed_date: null,
    product_detail: 'Cloud phone',
    show_product_pages: true,
    channel: 'Self Sign Up',
    has_installation_address: true,
    is_show_upgrade_page: false,
    ...overrides,
  };
}

const trial = (extra: Partial<TrialStatus> = {}): TrialStatus => ({
  isInTrial: true,
  isTrialExpired: true,
  trialKind: 'OPT_IN',
  productId: 10,
  remainDays: 0,
  show_quickstart_popup: false,
  quickstart_popup_sections_completed: {},
  customer_feedback: null,
  status_entry: null,
  ...extra,
});

const base: StartUpInput = {
  pathname: '/',
  gettingStarted: [],
  selected: product(),
  firstPhone: product(),
  trial: undefined,
};
const decide = (extra: Partial<StartUpInput>) => startUpDecision({ ...base, ...extra });

describe('default layout start-up', () => {
  it('stays when nothing applies', () => {
    expect(decide({})).toEqual({ kind: 'stay' });
    expect(decide({ gettingStarted: undefined, selected: undefined })).toEqual({ kind: 'stay' });
  });

  it('1. goes to getting-started "welcome" with the first id, before anything else', () => {
    expect(decide({ gettingStarted: [7, 8] })).toEqual({ kind: 'redirect', to: '/getting-started/welcome?id=7' });
    expect(
      decide({
        gettingStarted: [7],
        pathname: '/shop',
        selected: product({ channel: 'Buy Now', status: 'buy now provisioned' }),
        trial: trial(),
      }),
    ).toEqual({ kind: 'redirect', to: '/getting-started/welcome?id=7' });
  });

  it('sends /users-devices and /phone-numbers without an id to the first cloud phone’s page, 404 without one', () => {
    const firstPhone = product({ product_id: 21 });
    expect(decide({ pathname: '/users-devices', firstPhone })).toEqual({
      kind: 'redirect',
      to: '/users-devices/21?tab=users',
    });
    expect(decide({ pathname: '/phone-numbers', firstPhone })).toEqual({ kind: 'redirect', to: '/phone-numbers/21' });
    expect(decide({ pathname: '/phone-numbers', firstPhone: undefined })).toEqual({ kind: 'not-found' });
    expect(decide({ pathname: '/phone-numbers/10', firstPhone: undefined })).toEqual({ kind: 'stay' });
  });

  it('3. sends the shop to coming-soon for a voip3 phone, not for an older one or another product', () => {
    expect(decide({ pathname: '/shop' })).toEqual({ kind: 'redirect', to: '/coming-soon' });
    expect(decide({ pathname: '/shop', selected: product({ supplier: 2 }) })).toEqual({ kind: 'stay' });
    expect(
      decide({ pathname: '/shop', selected: product({ product_kind: 'fibre', kind: 'telco', supplier: 1 }) }),
    ).toEqual({ kind: 'stay' });
    expect(decide({ pathname: '/shop/payment' })).toEqual({ kind: 'stay' });
  });

  it('3. answers 404 for a voip3-only page (company contacts) of an older phone', () => {
    expect(decide({ pathname: '/company-contacts/10', selected: product({ supplier: 2 }) })).toEqual({
      kind: 'not-found',
    });
    expect(
      decide({ pathname: '/company-contacts/10', selected: product({ product_kind: 'voip1', supplier: 1 }) }),
    ).toEqual({ kind: 'not-found' });
    expect(decide({ pathname: '/company-contacts/10' })).toEqual({ kind: 'stay' });
    expect(decide({ pathname: '/phone-setup/10', selected: product({ supplier: 2 }) })).toEqual({ kind: 'stay' });
  });

  it('sends a provisioned buy-now voip3 product to its buy-now complete page', () => {
    const provisioned = product({ channel: 'Buy Now', status: 'buy now provisioned' });
    expect(isProvisionedBuyNow(provisioned)).toBe(true);
    expect(decide({ selected: provisioned })).toEqual({ kind: 'redirect', to: '/buynow/complete/10' });
    expect(decide({ selected: { ...provisioned, supplier: 2 } })).toEqual({ kind: 'stay' });
    // Once the buy-now complete page's welcome call has made it live, it stays.
    expect(decide({ selected: { ...provisioned, status: 'live' } })).toEqual({ kind: 'stay' });
    expect(decide({ selected: { ...provisioned, channel: 'Self Sign Up' } })).toEqual({ kind: 'stay' });
  });

  it('sends an ended opt-in trial of the selected product to its upgrade page with trigger trial-expired', () => {
    expect(decide({ trial: trial() })).toEqual({ kind: 'redirect', to: '/upgrade/10', trigger: 'trial-expired' });
    expect(decide({ trial: trial({ productId: null }), pathname: '/phone-setup/10' })).toEqual({
      kind: 'redirect',
      to: '/upgrade/10',
      trigger: 'trial-expired',
    });
  });

  it('leaves the upgrade page itself, trials still running, and trials of other products alone', () => {
    expect(decide({ trial: trial(), pathname: '/upgrade/10' })).toEqual({ kind: 'stay' });
    expect(decide({ trial: trial({ isTrialExpired: false, remainDays: 2 }) })).toEqual({ kind: 'stay' });
    expect(decide({ trial: trial({ productId: 99 }) })).toEqual({ kind: 'stay' });
    expect(decide({ trial: trial({ trialKind: null }) })).toEqual({ kind: 'stay' });
    expect(decide({ trial: trial({ isInTrial: false }) })).toEqual({ kind: 'stay' });
  });
});
