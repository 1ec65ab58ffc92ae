import type { InstallationAddressInput } from '@portal/contract';

import { SHOP_STORAGE_PREFIX } from '../../../config/storage-keys.ts';

/**
 * One checkout, from the checkout summary to the payment step (/shop/payment): where to deliver
 * and its idempotency key, so a second submit of the same checkout (a double click, a retry after
 * a lost answer) makes one order. Kept in session storage: it lasts the tab, survives a reload of
 * the payment step, and a new checkout starts with a new key. React-free.
 */
export const CHECKOUT_KEY = `${SHOP_STORAGE_PREFIX}checkout.v1`;

export interface Checkout {
  accountId: number;
  productId: number;
  idempotencyKey: string;
  address: InstallationAddressInput;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const storage = (): StorageLike | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export const newIdempotencyKey = (): string => `checkout-${crypto.randomUUID()}`;

export function startCheckout(
  checkout: Omit<Checkout, 'idempotencyKey'>,
  to: StorageLike | null = storage(),
): Checkout {
  const started = { ...checkout, idempotencyKey: newIdempotencyKey() };
  try {
    to?.setItem(CHECKOUT_KEY, JSON.stringify(started));
  } catch {
    // Storage off: the payment step says the checkout is gone and sends the customer back.
  }
  return started;
}

/** The checkout under way for this account, or null. */
export function readCheckout(accountId: number, from: StorageLike | null = storage()): Checkout | null {
  try {
    const stored = JSON.parse(from?.getItem(CHECKOUT_KEY) ?? 'null') as Partial<Checkout> | null;
    if (
      !stored ||
      stored.accountId !== accountId ||
      typeof stored.productId !== 'number' ||
      typeof stored.idempotencyKey !== 'string' ||
      !stored.address
    )
      return null;
    return stored as Checkout;
  } catch {
    return null;
  }
}

export function endCheckout(from: StorageLike | null = storage()): void {
  try {
    from?.removeItem(CHECKOUT_KEY);
  } catch {
    // nothing to end
  }
}
