import type { AnalyticsProperties } from './analytics-services.ts';
import { forwardEvent } from './consent.ts';

/**
 * Product analytics (spec 000 section 7): each event is pushed onto the page's `window.dataLayer` as
 * `{ event, ...properties }`, which nothing outside the page reads, and handed to the configured services
 * (a tag manager, a product-analytics service, a heatmap service) only once the customer allows them
 * (lib/consent.ts); they add the version tag (lib/analytics-services.ts).
 * @example track('QS - opened', { product_id: 12 })
 */

export type { AnalyticsProperties };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function track(event: string, properties: AnalyticsProperties = {}): void {
  // Properties first, so a property named "event" cannot rename the event.
  (window.dataLayer ??= []).push({ ...properties, event });
  forwardEvent({ type: 'event', name: event, properties });
}

/** A page shown, for the services only (they count page views themselves; the page's dataLayer does not). */
export function trackPage(path: string): void {
  forwardEvent({ type: 'page', name: 'Page view', properties: { path } });
}

/**
 * Tells the analytics services who the signed-in user is (spec 000 section 4: once the
 * navigation data has arrived), by id only: no name or e-mail address leaves for them.
 */
export function identify(userId: number): void {
  track('identify', { user_id: userId });
}
