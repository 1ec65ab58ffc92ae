import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  BATCH_DELAY_MS,
  DEVICE_ID_KEY,
  heatmap,
  productAnalytics,
  sandbox,
  startServices,
  tagManager,
  VERSION_TAG,
  type AnalyticsAdapter,
} from './analytics-services.ts';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  delete window.analyticsLayer;
  delete window.hj;
  delete window.portalAnalyticsSandbox;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

const scripts = () => [...document.head.querySelectorAll('script')].map((script) => script.src);

describe('the analytics adapters', () => {
  it('names the version tag my{product}_version', () => {
    expect(VERSION_TAG).toBe('mycloud_version');
  });

  it('tag manager: loads its script with its own data layer and puts each event on it, tagged', () => {
    const adapter = tagManager('https://tags.example/gtm.js?id=GTM-1');
    expect(scripts()).toEqual(['https://tags.example/gtm.js?id=GTM-1&l=analyticsLayer']);
    adapter.send({ type: 'page', name: 'Page view', properties: { path: '/home' } });
    adapter.send({ type: 'event', name: 'Call flow saved', properties: { callflow_id: '4', event: 'not this' } });
    adapter.stop();
    adapter.send({ type: 'event', name: 'After the stop', properties: {} });
    expect(window.analyticsLayer?.slice(1)).toEqual([
      { event: 'page_view', page_path: '/home', mycloud_version: 'A' },
      { event: 'Call flow saved', callflow_id: '4', mycloud_version: 'A' },
    ]);
    expect(adapter.runsScript).toBe(true);
  });

  it('product analytics: batches events into one POST with its key, a device id and, once known, the user id', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    const adapter = productAnalytics('https://events.example/track', 'public-key', { fetch, now: () => 1000 });
    const device = localStorage.getItem(DEVICE_ID_KEY);
    expect(device).toMatch(/^[0-9a-f-]{36}$/);
    adapter.send({ type: 'page', name: 'Page view', properties: { path: '/home' } });
    adapter.send({ type: 'event', name: 'identify', properties: { user_id: 7 } });
    adapter.send({ type: 'event', name: 'Address search failed', properties: { postcode: 'ZZ1', error: 'Not found' } });
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://events.example/track');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true });
    expect(JSON.parse(init.body as string)).toEqual({
      api_key: 'public-key',
      events: [
        {
          event_type: 'Page view',
          device_id: device,
          time: 1000,
          event_properties: { path: '/home', mycloud_version: 'A' },
        },
        {
          event_type: 'identify',
          device_id: device,
          user_id: '7',
          time: 1000,
          event_properties: { user_id: 7, mycloud_version: 'A' },
        },
        {
          event_type: 'Address search failed',
          device_id: device,
          user_id: '7',
          time: 1000,
          event_properties: { postcode: 'ZZ1', error: 'Not found', mycloud_version: 'A' },
        },
      ],
    });
    // Withdrawn: nothing more is sent, and the device id goes.
    adapter.send({ type: 'event', name: 'Unsent', properties: {} });
    adapter.stop();
    await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS * 2);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBeNull();
    expect(adapter.runsScript).toBe(false);
  });

  it('heatmap: queues its commands before the script arrives, with the version tag', () => {
    const adapter = heatmap('https://heat.example/h.js');
    expect(scripts()).toEqual(['https://heat.example/h.js']);
    adapter.send({ type: 'page', name: 'Page view', properties: { path: '/billing' } });
    adapter.send({ type: 'event', name: 'Page not found', properties: { path: '/x' } });
    expect(window.hj?.q).toEqual([
      ['identify', null, { mycloud_version: 'A' }],
      ['stateChange', '/billing'],
      ['event', 'Page not found'],
    ]);
  });

  it('sandbox: keeps what it is sent in the page, tagged', () => {
    sandbox().send({ type: 'event', name: 'Address search', properties: { results: 2 } });
    expect(window.portalAnalyticsSandbox).toEqual([
      {
        type: 'event',
        name: 'Address search',
        properties: { results: 2, mycloud_version: 'A' },
        tag: 'mycloud_version',
      },
    ]);
  });
});

describe('startServices', () => {
  const fake = () => {
    const made: Record<string, { adapter: AnalyticsAdapter; sent: string[]; stopped: boolean }> = {};
    const create = vi.fn((service: { kind: string }) => {
      const entry = { sent: [] as string[], stopped: false, adapter: undefined as unknown as AnalyticsAdapter };
      entry.adapter = {
        runsScript: service.kind !== 'product-analytics',
        send: (event) => entry.sent.push(event.name),
        stop: () => void (entry.stopped = true),
      };
      made[service.kind] = entry;
      return entry.adapter;
    });
    return { made, create };
  };
  const settings = {
    services: [
      { kind: 'tag-manager' as const, url: 'https://tags.example/gtm.js' },
      { kind: 'product-analytics' as const, url: 'https://events.example/track', key: 'k' },
      { kind: 'heatmap' as const, url: 'https://heat.example/h.js' },
    ],
  };

  it('starts only the services whose category is allowed, and sends to those alone', () => {
    const { made, create } = fake();
    const services = startServices(settings, create);
    expect(services.apply({ analytics: true, heatmaps: false })).toBe(false);
    expect(Object.keys(made)).toEqual(['product-analytics']);
    services.send({ type: 'event', name: 'Call flow saved', properties: {} });
    expect(made['product-analytics']?.sent).toEqual(['Call flow saved']);
  });

  it('stops a withdrawn service; a reload is needed only when it ran a script', () => {
    const { made, create } = fake();
    const services = startServices(settings, create);
    services.apply({ analytics: true, heatmaps: true, marketing: true });
    expect(create).toHaveBeenCalledTimes(3);
    expect(services.apply({ analytics: false, heatmaps: true, marketing: true })).toBe(false);
    expect(made['product-analytics']?.stopped).toBe(true);
    expect(services.apply({ analytics: false, heatmaps: false, marketing: true })).toBe(true);
    services.send({ type: 'event', name: 'Later', properties: {} });
    expect(made['heatmap']?.sent).toEqual([]);
    expect(made['tag-manager']?.sent).toEqual(['Later']);
  });
});
