import { afterEach, describe, expect, it } from 'vitest';

import { track } from './analytics.ts';

afterEach(() => {
  delete window.dataLayer;
});

describe('track', () => {
  it('pushes the event onto window.dataLayer, creating it when the page has none', () => {
    expect(window.dataLayer).toBeUndefined();
    track('QS - opened');
    expect(window.dataLayer).toEqual([{ event: 'QS - opened' }]);
  });

  it('adds to a data layer a tag manager already made, with the properties beside the event name', () => {
    const existing: unknown[] = [{ 'gtm.start': 1 }];
    window.dataLayer = existing;
    track('QS - download apps', { product_id: 12, step: 'download_apps' });
    track('QS - opened', { event: 'not this' });
    expect(window.dataLayer).toBe(existing);
    expect(existing).toEqual([
      { 'gtm.start': 1 },
      { event: 'QS - download apps', product_id: 12, step: 'download_apps' },
      { event: 'QS - opened' },
    ]);
  });
});
