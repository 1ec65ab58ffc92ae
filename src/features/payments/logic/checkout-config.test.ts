import { describe, expect, it } from 'vitest';

import { storeCheckoutConfig, takeCheckoutRedirect } from './checkout-config.ts';

describe('the stored checkout configuration', () => {
  it('goes to the stored route with the session id, once', () => {
    storeCheckoutConfig({ route: '/make-a-payment/process' });
    expect(takeCheckoutRedirect('cks_1')).toBe('/make-a-payment/process?cko-session-id=cks_1');
    expect(takeCheckoutRedirect('cks_1')).toBe('/');
  });

  it('goes home when none is stored, or when what is stored is not a path of this site', () => {
    expect(takeCheckoutRedirect('cks_1')).toBe('/');
    localStorage.setItem('portal.checkout', JSON.stringify({ route: '//evil.example/x' }));
    expect(takeCheckoutRedirect('cks_1')).toBe('/');
    localStorage.setItem('portal.checkout', '{not json');
    expect(takeCheckoutRedirect('cks_1')).toBe('/');
  });
});
