import { lazy, Suspense, useSyncExternalStore } from 'react';

import { toaster } from './toast-store.ts';

/**
 * Snackbar toasts (spec 000, other screens): top right, 450 px wide, 6000 ms. A small
 * store of our own: a toast region does not need a state-machine library. A toast stays
 * while the pointer or focus is on it (WCAG 2.2.1), and can be dismissed. The toasts'
 * code loads with the first toast, since most pages never show one.
 */

export { toaster } from './toast-store.ts';

const ToastList = lazy(() => import('./toast-list.tsx'));

/** Where toasts show. Render once, in the layout. */
export function Toaster() {
  const current = useSyncExternalStore(toaster.subscribe, toaster.getToasts, toaster.getToasts);
  if (current.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastList toasts={current} />
    </Suspense>
  );
}
