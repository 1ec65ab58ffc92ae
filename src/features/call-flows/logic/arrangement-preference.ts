/**
 * The call-flow editor's arrangement (the tidy tree, or ELK's layered left to right), remembered per user in
 * this browser's localStorage: the portal has no server-side place for preferences (Profile and preferences
 * holds only the user's details and password), and an arrangement is a way of looking, not account data.
 */
import { ARRANGEMENTS, type Arrangement } from '@portal/editor-core';

const keyOf = (userId: number) => `portal.call-flow-arrangement.${userId}`;

const storageOf = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

/** The arrangement this user chose last in this browser; the tidy tree when none (or storage is off). */
export function readArrangement(userId: number, storage: Storage | null = storageOf()): Arrangement {
  try {
    const value = storage?.getItem(keyOf(userId));
    return ARRANGEMENTS.find((a) => a === value) ?? 'tree';
  } catch {
    return 'tree';
  }
}

/** Remembers the user's arrangement (the default, the tidy tree, by removing the key). */
export function rememberArrangement(
  userId: number,
  arrangement: Arrangement,
  storage: Storage | null = storageOf(),
): void {
  try {
    if (arrangement === 'tree') storage?.removeItem(keyOf(userId));
    else storage?.setItem(keyOf(userId), arrangement);
  } catch {
    // Storage refused (private mode): the choice holds until the page is left.
  }
}
