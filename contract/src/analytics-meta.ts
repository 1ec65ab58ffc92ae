/**
 * The name of the page's meta element that carries the configured analytics services (JSON of
 * AnalyticsSettings, contract/src/analytics.ts). Kept apart from those schemas: the first page load reads
 * only whether it is there, and must not carry zod's schemas for it.
 */
export const ANALYTICS_META_NAME = 'portal-analytics';
