/**
 * The stored checkout configuration (spec 000 section 2, spec 001 section 5 "Route guards"):
 * written before the browser leaves for the provider's hosted checkout, read and removed by
 * /checkout-redirect when the provider sends it back, which goes on to the stored route with the
 * payment session id added (home if none is stored). React-free.
 */
const KEY = 'portal.checkout';

export interface CheckoutConfig {
  /** Where the payment's outcome is shown: /make-a-payment/process. */
  route: string;
}

export function storeCheckoutConfig(config: CheckoutConfig, storage: Storage = localStorage): void {
  storage.setItem(KEY, JSON.stringify(config));
}

/** Reads and removes the stored configuration; answers where to go with the session id. */
export function takeCheckoutRedirect(sessionId: string | null, storage: Storage = localStorage): string {
  const raw = storage.getItem(KEY);
  storage.removeItem(KEY);
  let route: unknown = null;
  try {
    route = raw ? (JSON.parse(raw) as Partial<CheckoutConfig>).route : null;
  } catch {
    route = null;
  }
  // Only a path of this site: the stored value is the page's own, but storage is not to be trusted blindly.
  if (typeof route !== 'string' || !route.startsWith('/') || route.startsWith('//')) return '/';
  if (!sessionId) return route;
  const url = new URL(route, 'http://portal.invalid');
  url.searchParams.set('cko-session-id', sessionId);
  return `${url.pathname}${url.search}`;
}

/** A new idempotency key for one attempt to pay. */
export const newAttemptKey = (): string => crypto.randomUUID();
