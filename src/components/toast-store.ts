/** The toasts' store (see toaster.tsx): plain TypeScript, shared by the Toaster and the list it loads. */

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
