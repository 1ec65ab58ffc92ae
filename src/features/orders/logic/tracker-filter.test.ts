import { describe, expect, it } from 'vitest';

import { emptyText, ORDER_TRACKER_PAGE_SIZE, pageCount, readView, viewQuery, writeView } from './tracker-filter.ts';

const params = (query: string) => new URLSearchParams(query);

describe('the tracker view in the address bar', () => {
  it('reads the kind and the page, falling back to every order and the first page', () => {
    expect(readView(params(''))).toEqual({ kind: 'all', page: 1 });
    expect(readView(params('kind=hardware&page=3'))).toEqual({ kind: 'hardware', page: 3 });
    expect(readView(params('kind=appointments'))).toEqual({ kind: 'appointments', page: 1 });
    for (const junk of ['kind=HARDWARE_ORDER', 'kind=', 'kind=all&page=0', 'page=-2', 'page=1.5', 'page=abc']) {
      expect(readView(params(junk)), junk).toEqual({ kind: 'all', page: 1 });
    }
  });

  it('writes only what differs from the default and keeps other parameters', () => {
    expect(writeView(params('kind=hardware&page=2&id=7'), { kind: 'all', page: 1 }).toString()).toBe('id=7');
    expect(writeView(params(''), { kind: 'number-transfers', page: 2 }).toString()).toBe(
      'kind=number-transfers&page=2',
    );
    const view = { kind: 'appointments', page: 4 } as const;
    expect(readView(writeView(params(''), view))).toEqual(view);
  });

  it('asks the server for the kind as its type, one page of the page size', () => {
    expect(viewQuery({ kind: 'all', page: 1 })).toEqual({ type: 'all', page: 1, page_size: ORDER_TRACKER_PAGE_SIZE });
    expect(viewQuery({ kind: 'hardware', page: 2 }).type).toBe('HARDWARE_ORDER');
    expect(viewQuery({ kind: 'number-transfers', page: 1 }).type).toBe('NUMBER_TRANSFER');
    expect(viewQuery({ kind: 'appointments', page: 1 }).type).toBe('APPOINTMENT');
  });

  it('counts pages and words an empty list by kind', () => {
    expect([0, 1, ORDER_TRACKER_PAGE_SIZE, ORDER_TRACKER_PAGE_SIZE + 1].map(pageCount)).toEqual([1, 1, 1, 2]);
    expect(emptyText('all')).toBe('No orders yet');
    expect(emptyText('hardware')).toBe('No hardware orders yet');
  });
});
