import { describe, expect, it } from 'vitest';

import { analyticsOrigins, AnalyticsSettings, consentCategoriesOf } from './analytics.ts';

const all: AnalyticsSettings = {
  services: [
    { kind: 'heatmap', url: 'https://heat.example/h.js?site=1' },
    { kind: 'product-analytics', url: 'http://127.0.0.1:9000/events', key: 'k' },
    { kind: 'tag-manager', url: 'https://heat.example/gtm.js' },
    { kind: 'sandbox' },
  ],
};

describe('analytics settings', () => {
  it('answer each service host once, as an origin the CSP can list, and none for the sandbox', () => {
    expect(analyticsOrigins(all)).toEqual(['https://heat.example', 'http://127.0.0.1:9000']);
    expect(analyticsOrigins({ services: [{ kind: 'sandbox' }] })).toEqual([]);
  });

  it('ask consent only for the categories the configured services need, in the banner order', () => {
    expect(consentCategoriesOf(all)).toEqual(['analytics', 'heatmaps', 'marketing']);
    expect(consentCategoriesOf({ services: [{ kind: 'sandbox' }] })).toEqual(['analytics']);
    expect(consentCategoriesOf({ services: [] })).toEqual([]);
  });

  it('refuse a service address that is not http or https', () => {
    expect(AnalyticsSettings.safeParse({ services: [{ kind: 'heatmap', url: 'javascript:alert(1)' }] }).success).toBe(
      false,
    );
  });
});
