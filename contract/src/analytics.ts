import * as z from 'zod/mini';

/**
 * The analytics services of spec 000 section 7 (a tag manager, a product-analytics service, a heatmap
 * service), as the server's configuration names them (ANALYTICS_SERVICES), plus the sandbox, which keeps
 * the events in the page. None by default. The server writes the configured ones into the page it serves
 * (a `<meta name="portal-analytics">`); the SPA loads them only after the customer's consent.
 */
export const ANALYTICS_SERVICE_KINDS = ['tag-manager', 'product-analytics', 'heatmap', 'sandbox'] as const;
export type AnalyticsServiceKind = (typeof ANALYTICS_SERVICE_KINDS)[number];

/** The consent banner's categories: what a customer may allow one by one. */
export const CONSENT_CATEGORIES = ['analytics', 'heatmaps', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** The category each service needs the customer's consent for. */
export const CONSENT_CATEGORY_OF: Record<AnalyticsServiceKind, ConsentCategory> = {
  'product-analytics': 'analytics',
  sandbox: 'analytics',
  heatmap: 'heatmaps',
  'tag-manager': 'marketing',
};

/** An address of a service: https, or plain http to this machine (a test's fake service). */
const serviceUrl = z.url({ protocol: /^https?$/ });

export const AnalyticsService = z.discriminatedUnion('kind', [
  /** Its script (a container like `https://www.googletagmanager.com/gtm.js?id=GTM-XXXX`); events go on its own data layer. */
  z.object({ kind: z.literal('tag-manager'), url: serviceUrl }),
  /** Its event intake, taking `POST {api_key, events: [...]}` as JSON; `key` is the project's public key. */
  z.object({ kind: z.literal('product-analytics'), url: serviceUrl, key: z.string() }),
  /** Its script, which takes commands through the `window.hj` queue. */
  z.object({ kind: z.literal('heatmap'), url: serviceUrl }),
  z.object({ kind: z.literal('sandbox') }),
]);
export type AnalyticsService = z.infer<typeof AnalyticsService>;

export const AnalyticsSettings = z.object({ services: z.array(AnalyticsService) });
export type AnalyticsSettings = z.infer<typeof AnalyticsSettings>;

/** The origins of the configured services, for the Content-Security-Policy's third-party list. */
export function analyticsOrigins(settings: AnalyticsSettings): string[] {
  // Scheme and host of the address (no URL class here: the contract has no DOM or Node types).
  const origins = settings.services.flatMap((service) =>
    'url' in service ? [/^https?:\/\/[^/?#]+/i.exec(service.url)?.[0].toLowerCase() ?? ''] : [],
  );
  return [...new Set(origins)];
}

/** The categories the configured services need, in the banner's order. */
export function consentCategoriesOf(settings: AnalyticsSettings): ConsentCategory[] {
  const needed = new Set(settings.services.map((service) => CONSENT_CATEGORY_OF[service.kind]));
  return CONSENT_CATEGORIES.filter((category) => needed.has(category));
}
