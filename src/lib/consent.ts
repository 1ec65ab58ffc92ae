import { ANALYTICS_META_NAME, type AnalyticsSettings } from '@portal/contract';

import type { AnalyticsServices, ConsentChoice, QueuedEvent } from './analytics-services.ts';

/**
 * The customer's consent to analytics (spec 000 section 7's services, loaded only once allowed; a UK portal
 * asks first). In the first-load bundle, so kept small: it reads the page's note of the configured services
 * and the remembered choice, holds the events of the page until a choice is made, and loads the services
 * (lib/analytics-services.ts, a chunk of its own) only for the categories allowed. Nothing is sent from here.
 * The choice lives in localStorage (docs/decisions/018-consent-in-local-storage.md).
 */

export const CONSENT_STORAGE_KEY = 'portal.consent';

export interface ConsentState {
  /** The configured services; null when none (then nothing is asked and nothing is kept). */
  settings: AnalyticsSettings | null;
  choice: ConsentChoice | null;
  /** The banner is shown: no choice yet, or the customer asked to change it. */
  open: boolean;
}

/** The events shown before a choice wait in the page, at most this many; a refusal drops them. */
const MAX_WAITING = 50;

let state: ConsentState = { settings: null, choice: null, open: false };
const listeners = new Set<() => void>();
let waiting: QueuedEvent[] = [];
let sink: Promise<AnalyticsServices> | null = null;

const set = (next: Partial<ConsentState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

export const consentState = () => state;

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remembered choice, or null when none was made (or storage is off, or it is not one). */
export function readChoice(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): ConsentChoice | null {
  try {
    const saved = JSON.parse(storage?.getItem(CONSENT_STORAGE_KEY) ?? 'null') as { choice?: unknown } | null;
    const choice = saved?.choice;
    return choice && typeof choice === 'object' && Object.values(choice).every((on) => typeof on === 'boolean')
      ? (choice as ConsentChoice)
      : null;
  } catch {
    return null;
  }
}

const allowsAny = (choice: ConsentChoice | null) => Object.values(choice ?? {}).some(Boolean);

function load(choice: ConsentChoice): void {
  const settings = state.settings;
  if (!settings) return;
  sink ??= import('./analytics-services.ts').then(({ startServices }) => startServices(settings));
  void sink.then((services) => {
    services.apply(choice);
    for (const event of waiting.splice(0)) services.send(event);
  });
}

/**
 * Reads the configured services from the page (the server's `<meta name="portal-analytics">`) and the
 * remembered choice: the banner opens when there is none, and the allowed services load when there is.
 */
export function startConsent(doc: Document = document, storage?: Storage): void {
  let settings: AnalyticsSettings | null = null;
  try {
    const parsed = JSON.parse(
      doc.querySelector(`meta[name="${ANALYTICS_META_NAME}"]`)?.getAttribute('content') ?? 'null',
    ) as AnalyticsSettings | null;
    if (Array.isArray(parsed?.services) && parsed.services.length > 0) settings = parsed;
  } catch {
    // No settings the page can read: no analytics.
  }
  const choice = settings ? readChoice(storage ?? globalThis.localStorage) : null;
  sink = null;
  waiting = [];
  set({ settings, choice, open: settings !== null && choice === null });
  if (allowsAny(choice)) load(choice!);
}

/** Remembers a choice and follows it: loads what it allows, stops what it withdraws, drops what waited if it allows nothing. */
export function chooseConsent(
  choice: ConsentChoice,
  storage: Storage | undefined = globalThis.localStorage,
  now = new Date(),
): void {
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice, at: now.toISOString() }));
  } catch {
    // Storage is off: the choice holds for this page only.
  }
  set({ choice, open: false });
  if (!allowsAny(choice)) waiting = [];
  if (sink) {
    void sink.then((services) => {
      if (services.apply(choice)) window.location.reload();
    });
  } else if (allowsAny(choice)) load(choice);
}

/** Opens the banner to change the choice (the profile menu's "Cookie settings"). */
export const openConsent = () => set({ open: true });

/** Hands an event to the services: at once when loaded, waiting while loading or until a choice is made, else dropped. */
export function forwardEvent(event: QueuedEvent): void {
  if (!state.settings) return;
  if (state.choice !== null && !allowsAny(state.choice)) return;
  if (sink && state.choice !== null) void sink.then((services) => services.send(event));
  else if (waiting.length < MAX_WAITING) waiting.push(event);
}
