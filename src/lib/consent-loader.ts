import { ANALYTICS_META_NAME } from '@portal/contract';
import type * as Consent from './consent.ts';

/**
 * The first-load side of analytics consent: whether the server configured any analytics service (its
 * `<meta name="portal-analytics">`), and the consent module (lib/consent.ts) loaded only then. With none
 * configured, the default, the pages load no consent or analytics code at all.
 */

/** Whether the page names any analytics service. */
export const analyticsConfigured = (doc: Document = document): boolean => doc.querySelector(`meta[name="${ANALYTICS_META_NAME}"]`) !== null;

let consent: Promise<typeof Consent> | null = null;

/** The consent module, started once on its first load (it reads the settings and the remembered choice). */
export function loadConsent(): Promise<typeof Consent> {
  consent ??= import('./consent.ts').then((module) => {
    module.startConsent();
    return module;
  });
  return consent;
}
