import { vi } from 'vitest';

import { configureHttp, resetCsrf } from '../lib/http.ts';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; json?: unknown; text?: string; setCookie?: string } | 'network-error';
/** A handler may answer later (or never: a request still in flight). */
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * A fetch that answers from a table of `METHOD /path` handlers and records every call,
 * so tests assert on the exact requests the app made. Unknown routes answer 404.
 */
export function installFakeFetch(routes: Record<string, Reply | Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { url, method, headers, body };
    calls.push(call);
    const path = new URL(url, 'http://localhost').pathname;
    const route = routes[`${method} ${path}`];
    const reply =
      typeof route === 'function' ? await route(call) : (route ?? { status: 404, json: { detail: 'Not found.' } });
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply.setCookie) document.cookie = reply.setCookie;
    const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    return new Response(text === '' ? null : text, {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A page with no session and nothing remembered by the http layer: no token, no cookies, no CSRF token, the API at its own origin. */
export function resetHttpState(): void {
  localStorage.clear();
  clearCookies();
  resetCsrf();
  configureHttp({ baseUrl: '' });
}

/** Removes every cookie jsdom holds for this page. */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

export const sampleMe = {
  id: 7,
  user_profile: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.co.uk',
    phone: null,
    pending_email: null,
  },
  initials: 'AL',
  name: 'Ada Lovelace',
  is_staff: false,
  permissions: [],
  feature_flags: [],
  logged_in_as: null,
};

export const sampleNavigation = {
  account: { id: 3, name: 'Lovelace Ltd' },
  products: [
    {
      account_id: 3,
      product_id: 12,
      product_kind: 'voip2',
      kind: 'voip',
      status: 'live',
      supplier: 2,
      ceased_date: null,
      confirmed_date: '2024-01-02',
      product_detail: '01632 960123',
      show_product_pages: true,
      channel: 'Self Sign Up',
      has_installation_address: true,
      // Supplier 2: the server offers the move to voip3.
      is_show_upgrade_page: true,
    },
    {
      account_id: 3,
      product_id: 13,
      product_kind: 'fibre',
      kind: 'telco',
      status: 'pending',
      supplier: 1,
      ceased_date: null,
      confirmed_date: null,
      product_detail: '1 High Street, Leeds',
      show_product_pages: false,
      channel: 'Buy Now',
      has_installation_address: true,
      is_show_upgrade_page: false,
    },
  ],
};
