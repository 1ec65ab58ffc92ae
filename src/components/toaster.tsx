import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Snackbar toasts (spec 000, other screens): top right, 450 px wide, 6000 ms. A small
 * store of our own: a toast region does not need a state-machine library. A toast stays
 * while the pointer or focus is on it (WCAG 2.2.1), and can be dismissed. The toasts'
 * code loads with the first toast, since most pages never show one.
 */

export type ToastType = 'error' | 'success' | 'info';

export interface ToastOptions {
  type?: ToastType;
  title: string;
  description?: string;
  /** Milliseconds before it goes; 6000 unless said. */
  duration?: number;
}

export interface ToastEntry extends Required<Omit<ToastOptions, 'description'>> {
  id: number;
  description?: string;
}

export const TOAST_DURATION_MS = 6000;
const MAX_TOASTS = 3;

let toasts: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastEntry[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export const toaster = {
  create(options: ToastOptions): number {
    const id = nextId++;
    const entry: ToastEntry = { type: 'info', duration: TOAST_DURATION_MS, ...options, id };
    emit([...toasts, entry].slice(-MAX_TOASTS));
    return id;
  },
  dismiss(id?: number): void {
    emit(id === undefined ? [] : toasts.filter((toast) => toast.id !== id));
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getToasts(): readonly ToastEntry[] {
    return toasts;
  },
};

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
