/**
 * Every key the shop keeps in browser storage starts with this (its basket, its checkout, its cached catalogue): a
 * logout removes them all (spec 000 section 4, "logout resets shop").
 */
export const SHOP_STORAGE_PREFIX = 'portal.shop.';

/** Removes every shop key from local and session storage; storage switched off leaves nothing to remove. */
export function resetShopStorage(): void {
  try {
    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (const key of Object.keys(storage)) if (key.startsWith(SHOP_STORAGE_PREFIX)) storage.removeItem(key);
    }
  } catch {
    // Storage is switched off: the shop kept nothing.
  }
}
