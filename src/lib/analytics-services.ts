import {
  AnalyticsSettings,
  CONSENT_CATEGORY_OF,
  type AnalyticsService,
  type AnalyticsServiceKind,
  type ConsentCategory,
} from '@portal/contract';

import { brand } from '../config/brand.ts';

/**
 * The analytics services of spec 000 section 7 as adapters, one per configured kind: a tag manager, a
 * product-analytics service, a heatmap service, and the sandbox that keeps the events in the page. A chunk
 * of its own, loaded by lib/consent.ts only once the customer has allowed a category; each adapter starts
 * (loads its script, makes its device id) only when its own category is allowed, and every event it gets
 * carries the version tag.
 */

export type AnalyticsProperties = Record<string, string | number | boolean | null>;

export type ConsentChoice = Partial<Record<ConsentCategory, boolean>>;

/** An event for the services: one the portal tracks, or a page shown. */
export interface QueuedEvent {
  type: 'event' | 'page';
  name: string;
  properties: AnalyticsProperties;
}

/** The spec's baked "app version A" (spec 000 section 9), sent with every event as the version tag. */
export const APP_VERSION = 'A';
/** The version tag's name, `my{product}_version` (spec 000 section 7): `mycloud_version`. */
export const VERSION_TAG = `my${brand.productSlug}_version`;

/** The name of the tag manager's own data layer: it sees only the events sent after consent. */
export const TAG_MANAGER_LAYER = 'analyticsLayer';
/** Where the product-analytics adapter keeps its random device id (made only once allowed, removed when withdrawn). */
export const DEVICE_ID_KEY = 'portal.analytics.device';
/** The product-analytics adapter sends what gathered in this time at once, in one request. */
export const BATCH_DELAY_MS = 500;

export interface AnalyticsAdapter {
  send(event: QueuedEvent): void;
  /** Whether it runs a third party's script in the page, which only a reload stops. */
  readonly runsScript: boolean;
  /** Stops sending and forgets what it kept in the browser. */
  stop(): void;
}

type QueueFunction = ((...args: unknown[]) => void) & { q?: unknown[][] };

declare global {
  interface Window {
    analyticsLayer?: unknown[];
    hj?: QueueFunction;
    /** The sandbox adapter's record of what it was sent. */
    portalAnalyticsSandbox?: Array<QueuedEvent & { tag: string }>;
  }
}

const tagged = (properties: AnalyticsProperties): AnalyticsProperties => ({
  ...properties,
  [VERSION_TAG]: APP_VERSION,
});

function addScript(src: string, doc: Document): void {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.append(script);
}

/** A tag manager (a container script like gtm.js): the events on its own data layer, named by the script's `l` parameter. */
export function tagManager(url: string, win: Window = window): AnalyticsAdapter {
  const layer = (win.analyticsLayer ??= []);
  layer.push({ 'gtm.start': Date.now(), event: 'gtm.js', [VERSION_TAG]: APP_VERSION });
  const src = new URL(url);
  src.searchParams.set('l', TAG_MANAGER_LAYER);
  addScript(src.href, win.document);
  let stopped = false;
  return {
    runsScript: true,
    send(event) {
      if (stopped) return;
      if (event.type === 'page')
        layer.push({ event: 'page_view', page_path: event.properties.path ?? null, [VERSION_TAG]: APP_VERSION });
      else layer.push({ ...tagged(event.properties), event: event.name });
    },
    stop: () => void (stopped = true),
  };
}

interface IntakeEvent {
  event_type: string;
  device_id: string;
  user_id?: string;
  time: number;
  event_properties: AnalyticsProperties;
}

export interface ProductAnalyticsOptions {
  fetch?: typeof fetch;
  storage?: Storage;
  now?: () => number;
  win?: Window;
}

/**
 * A product-analytics service's HTTP intake: batches of `{api_key, events}` POSTed as JSON, each event with a
 * random device id of this browser and, once known, the user id (spec 000 section 4: the signed-in user is
 * identified by id only).
 */
export function productAnalytics(url: string, key: string, options: ProductAnalyticsOptions = {}): AnalyticsAdapter {
  const send = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const storage = options.storage ?? localStorage;
  const now = options.now ?? Date.now;
  const win = options.win ?? window;
  let deviceId = storage.getItem(DEVICE_ID_KEY);
  if (!deviceId) {
    deviceId = crypto.randomUUID();
    storage.setItem(DEVICE_ID_KEY, deviceId);
  }
  let userId: string | undefined;
  let batch: IntakeEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (batch.length === 0) return;
    const events = batch;
    batch = [];
    void send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: key, events }),
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined);
  };
  const onHide = () => {
    if (win.document.visibilityState === 'hidden') flush();
  };
  win.document.addEventListener('visibilitychange', onHide);

  return {
    runsScript: false,
    send(event) {
      if (stopped) return;
      if (event.name === 'identify' && event.properties.user_id != null) userId = String(event.properties.user_id);
      batch.push({
        event_type: event.name,
        device_id: deviceId,
        ...(userId && { user_id: userId }),
        time: now(),
        event_properties: tagged(event.properties),
      });
      timer ??= setTimeout(flush, BATCH_DELAY_MS);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      batch = [];
      win.document.removeEventListener('visibilitychange', onHide);
      storage.removeItem(DEVICE_ID_KEY);
    },
  };
}

/** A heatmap service's script, which takes commands through the `window.hj` queue (made before it loads). */
export function heatmap(url: string, win: Window = window): AnalyticsAdapter {
  const hj: QueueFunction = (win.hj ??= Object.assign((...args: unknown[]) => void (hj.q ??= []).push(args), {
    q: [] as unknown[][],
  }));
  hj('identify', null, { [VERSION_TAG]: APP_VERSION });
  addScript(url, win.document);
  let stopped = false;
  return {
    runsScript: true,
    send(event) {
      if (stopped) return;
      if (event.type === 'page') hj('stateChange', event.properties.path);
      else if (event.name === 'identify') hj('identify', event.properties.user_id, { [VERSION_TAG]: APP_VERSION });
      else hj('event', event.name);
    },
    stop: () => void (stopped = true),
  };
}

/** The sandbox: what the services would be sent, kept in the page (`window.portalAnalyticsSandbox`) for tests and demos. */
export function sandbox(win: Window = window): AnalyticsAdapter {
  let stopped = false;
  return {
    runsScript: false,
    send(event) {
      if (!stopped)
        (win.portalAnalyticsSandbox ??= []).push({ ...event, properties: tagged(event.properties), tag: VERSION_TAG });
    },
    stop: () => void (stopped = true),
  };
}

function adapterFor(service: AnalyticsService): AnalyticsAdapter {
  if (service.kind === 'tag-manager') return tagManager(service.url);
  if (service.kind === 'product-analytics') return productAnalytics(service.url, service.key);
  if (service.kind === 'heatmap') return heatmap(service.url);
  return sandbox();
}

export interface AnalyticsServices {
  send(event: QueuedEvent): void;
  /** Follows a choice: starts what it newly allows, stops what it withdraws; true when a stopped one ran a script (a reload ends it). */
  apply(choice: ConsentChoice): boolean;
}

/** The configured services, none started until a choice allows its category. */
export function startServices(
  settings: AnalyticsSettings,
  create: (service: AnalyticsService) => AnalyticsAdapter = adapterFor,
): AnalyticsServices {
  const services = AnalyticsSettings.parse(settings).services;
  const running = new Map<AnalyticsServiceKind, AnalyticsAdapter>();
  return {
    send(event) {
      for (const adapter of running.values()) adapter.send(event);
    },
    apply(choice) {
      let reload = false;
      for (const service of services) {
        const allowed = choice[CONSENT_CATEGORY_OF[service.kind]] === true;
        const adapter = running.get(service.kind);
        if (allowed && !adapter) running.set(service.kind, create(service));
        if (!allowed && adapter) {
          adapter.stop();
          running.delete(service.kind);
          reload ||= adapter.runsScript;
        }
      }
      return reload;
    },
  };
}
