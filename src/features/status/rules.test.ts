import { describe, expect, it } from 'vitest';

import type { NavigationProduct } from '@portal/contract';

import { isBlocked } from './api/get-service-status.ts';
import { creditControlCard, statusCards } from './rules.ts';

function product(overrides: Partial<NavigationProduct>): NavigationProduct {
  return {
    account_id: 3,
    product_id: 1,
    product_kind: 'voip2',
    kind: 'voip',
    status: 'live',
    supplier: 2,
    ceased_date: null,
    confirmed_date: null,
    product_detail: 'Cloud phone - 2 users',
    show_product_pages: true,
    channel: 'Self Sign Up',
    has_installation_address: true,
    is_show_upgrade_page: false,
    ...overrides,
  };
}

const southampton = product({ product_id: 11, product_detail: 'Cloud phone - 2 users (Southampton)' });
const portsmouth = product({ product_id: 12, supplier: 3, product_detail: 'Cloud phone - 1 user (Portsmouth)' });
const service = {
  results: [
    { product_id: 11, service_status: 'active' as const, reason: null },
    { product_id: 12, service_status: 'blocked' as const, reason: 'Suspended for non-payment' },
  ],
};

describe('status cards', () => {
  it('lists credit-control, then locked-user, then one suspended-service card per blocked product', () => {
    const cards = statusCards({
      products: [southampton, portsmouth],
      credit: [{ account_id: 3, stage: 'overdue', balance_due: '84.00', due_date: '2025-02-17' }],
      locked: [{ product: southampton, users: [{ user_id: 5, name: 'Dana Fox', extension: '201' }] }],
      service,
    });
    expect(
      cards.map((card) => [card.kind, card.title, 'to' in card.action ? card.action.to : card.action.href]),
    ).toEqual([
      ['credit-control', 'Payment overdue', '/billing?id=3'],
      ['locked-user', 'Dana Fox is locked out', '/users-devices/11?tab=users'],
      ['suspended-service', 'Cloud phone suspended', '/billing?id=3'],
    ]);
    expect(cards[0]?.text).toBe(
      '£84.00 was due on 17 Feb 2025 and has not been paid. Please pay it to keep your services running.',
    );
    expect(cards[1]?.text).toBe(
      'Dana Fox (extension 201) on Cloud phone - 2 users (Southampton) cannot use their phone after too many wrong PIN attempts. Reset their PIN to let them back in.',
    );
    expect(cards[2]?.text).toBe(
      'Suspended for non-payment: calls to and from Cloud phone - 1 user (Portsmouth) are blocked. Pay the £84.00 overdue to restore it, or call us on +443069990123.',
    );
  });

  it('a suspension with nothing owed gives the help line to call', () => {
    const [card] = statusCards({
      products: [portsmouth],
      credit: [],
      locked: [],
      service: { results: [{ product_id: 12, service_status: 'blocked', reason: 'Suspended at your request' }] },
    });
    expect(card?.text).toBe(
      'Suspended at your request: calls to and from Cloud phone - 1 user (Portsmouth) are blocked. Call us on +443069990123 to restore it.',
    );
    expect(card?.action).toEqual({ label: 'Call +443069990123', href: 'tel:+443069990123' });
  });

  it('has no cards when all is well', () => {
    expect(
      statusCards({
        products: [southampton],
        credit: [],
        locked: [{ product: southampton, users: [] }],
        service: undefined,
      }),
    ).toEqual([]);
  });

  it('words each credit-control stage', () => {
    const card = (stage: 'overdue' | 'final_notice' | 'restricted', due: string | null = '2025-02-17') =>
      creditControlCard({ account_id: 3, stage, balance_due: '120.5', due_date: due });
    expect([card('final_notice').title, card('final_notice').text]).toEqual([
      'Final notice',
      '£120.50 was due on 17 Feb 2025 and is still unpaid. Pay it now to avoid your services being restricted.',
    ]);
    expect([card('restricted').title, card('restricted').text]).toEqual([
      'Services restricted',
      'Outgoing calls are barred until the overdue £120.50 is paid.',
    ]);
    expect(card('overdue', null).text).toBe('£120.50 has not been paid. Please pay it to keep your services running.');
  });

  it('uses "The service is suspended" when no reason is given', () => {
    const cards = statusCards({
      products: [portsmouth],
      credit: [],
      locked: [],
      service: { results: [{ product_id: 12, service_status: 'blocked', reason: null }] },
    });
    expect(cards[0]?.text).toMatch(/^The service is suspended: calls to and from/);
  });

  it('tells a blocked product by the service status', () => {
    expect(isBlocked(service, 12)).toBe(true);
    expect(isBlocked(service, 11)).toBe(false);
    expect(isBlocked(undefined, 12)).toBe(false);
  });
});
