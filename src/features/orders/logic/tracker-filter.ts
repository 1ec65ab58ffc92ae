import type { OrderKind, OrderListQuery } from '@portal/contract';

/**
 * The order tracker's view as the address bar holds it (/my-orders?kind=hardware&page=2): which
 * kind of order and which page. Pure, so links, the back button and a reload show the same list.
 */

/** Orders per page of the tracker (the spec names a page size, not its value). */
export const ORDER_TRACKER_PAGE_SIZE = 10;

/** The filter by kind: every order, or one kind. */
export const KIND_FILTERS = [
  { value: 'all', label: 'All orders', type: 'all' },
  { value: 'hardware', label: 'Hardware', type: 'HARDWARE_ORDER' },
  { value: 'number-transfers', label: 'Number transfers', type: 'NUMBER_TRANSFER' },
  { value: 'appointments', label: 'Appointments', type: 'APPOINTMENT' },
] as const satisfies ReadonlyArray<{ value: string; label: string; type: 'all' | OrderKind }>;

export type KindFilter = (typeof KIND_FILTERS)[number]['value'];

export interface TrackerView {
  kind: KindFilter;
  /** From 1. */
  page: number;
}

const isKind = (value: string | null): value is KindFilter => KIND_FILTERS.some((filter) => filter.value === value);

/** The view the address bar's query names: an unknown kind is every order, an unreadable page the first. */
export function readView(params: URLSearchParams): TrackerView {
  const kind = params.get('kind');
  const page = Number(params.get('page'));
  return { kind: isKind(kind) ? kind : 'all', page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The query for a view, leaving out what is the default; other parameters stay. */
export function writeView(params: URLSearchParams, view: TrackerView): URLSearchParams {
  const next = new URLSearchParams(params);
  if (view.kind === 'all') next.delete('kind');
  else next.set('kind', view.kind);
  if (view.page > 1) next.set('page', String(view.page));
  else next.delete('page');
  return next;
}

/** The list call's query for a view. */
export function viewQuery(view: TrackerView): Required<Pick<OrderListQuery, 'type' | 'page' | 'page_size'>> {
  const type = KIND_FILTERS.find((filter) => filter.value === view.kind)?.type ?? 'all';
  return { type, page: view.page, page_size: ORDER_TRACKER_PAGE_SIZE };
}

/** How many pages `count` orders fill (at least one). */
export const pageCount = (count: number) => Math.max(1, Math.ceil(count / ORDER_TRACKER_PAGE_SIZE));

/** What the empty list says: no orders at all, or none of this kind. */
export function emptyText(kind: KindFilter): string {
  switch (kind) {
    case 'all':
      return 'No orders yet';
    case 'hardware':
      return 'No hardware orders yet';
    case 'number-transfers':
      return 'No number transfers yet';
    case 'appointments':
      return 'No appointments yet';
  }
}
