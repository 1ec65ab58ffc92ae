/**
 * Product analytics, the tag manager way: each event is pushed onto `window.dataLayer` as
 * `{ event, ...properties }`, where a tag manager (when the page has one) picks it up. Nothing
 * else is sent from here; with no tag manager the events stay on the page.
 * @example track('QS - opened', { product_id: 12 })
 */

export type AnalyticsProperties = Record<string, string | number | boolean | null>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function track(event: string, properties: AnalyticsProperties = {}): void {
  // Properties first, so a property named "event" cannot rename the event.
  (window.dataLayer ??= []).push({ ...properties, event });
}

/**
 * Tells the analytics services who the signed-in user is (spec 000 section 4: once the
 * navigation data has arrived), by id only: no name or e-mail address leaves for them.
 */
export function identify(userId: number): void {
  track('identify', { user_id: userId });
}
