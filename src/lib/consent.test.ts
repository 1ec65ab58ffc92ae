import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AnalyticsSettings } from '@portal/contract';

import { track, trackPage } from './analytics.ts';
import { chooseConsent, CONSENT_STORAGE_KEY, consentState, openConsent, readChoice, startConsent } from './consent.ts';

const sandboxOnly: AnalyticsSettings = { services: [{ kind: 'sandbox' }] };

/** A page as the server writes it: with or without the analytics note. */
function page(settings?: AnalyticsSettings): Document {
  const doc = document.implementation.createHTMLDocument('portal');
  if (settings) {
    const meta = doc.createElement('meta');
    meta.name = 'portal-analytics';
    meta.content = JSON.stringify(settings);
    doc.head.append(meta);
  }
  return doc;
}

/** What the sandbox service was sent, once the lazy chunk has had its turn. */
const sandboxEvents = async () => {
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return (window.portalAnalyticsSandbox ?? []).map((event) => [
    event.type,
    event.name,
    event.properties.mycloud_version,
  ]);
};

afterEach(() => {
  localStorage.clear();
  startConsent(page());
  delete window.portalAnalyticsSandbox;
});

describe('the consent store', () => {
  it('asks nothing, keeps nothing and loads nothing when no analytics are configured', async () => {
    startConsent(page());
    expect(consentState()).toEqual({ settings: null, choice: null, open: false });
    track('Page not found', { path: '/x' });
    chooseConsent({ analytics: true });
    track('Address search', { postcode: 'SW1A 1AA' });
    expect(await sandboxEvents()).toEqual([]);
  });

  it('opens the banner with none chosen, and sends nothing until allowed; then what waited, tagged', async () => {
    startConsent(page(sandboxOnly));
    expect(consentState()).toMatchObject({ open: true, choice: null });
    trackPage('/auth/login/');
    track('Address search', { postcode: 'SW1A 1AA', results: 3 });
    expect(await sandboxEvents()).toEqual([]);

    chooseConsent({ analytics: true }, localStorage, new Date('2026-05-01T10:00:00Z'));
    expect(consentState()).toMatchObject({ open: false, choice: { analytics: true } });
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY)!)).toEqual({
      choice: { analytics: true },
      at: '2026-05-01T10:00:00.000Z',
    });
    track('Call flow saved', { callflow_id: '4' });
    expect(await sandboxEvents()).toEqual([
      ['page', 'Page view', 'A'],
      ['event', 'Address search', 'A'],
      ['event', 'Call flow saved', 'A'],
    ]);
  });

  it('drops what waited on a refusal, and sends nothing after it', async () => {
    startConsent(page(sandboxOnly));
    trackPage('/');
    chooseConsent({ analytics: false });
    track('Page not found', { path: '/nowhere' });
    expect(await sandboxEvents()).toEqual([]);
    // The refusal is remembered: the next page asks again for nothing.
    startConsent(page(sandboxOnly));
    expect(consentState()).toMatchObject({ open: false, choice: { analytics: false } });
  });

  it('loads the allowed services at once on a later page, and stops them when the choice is withdrawn', async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice: { analytics: true } }));
    startConsent(page(sandboxOnly));
    expect(consentState().open).toBe(false);
    trackPage('/home');
    expect(await sandboxEvents()).toEqual([['page', 'Page view', 'A']]);

    openConsent();
    expect(consentState().open).toBe(true);
    chooseConsent({ analytics: false });
    track('Address search', { postcode: 'SW1A 1AA' });
    expect(await sandboxEvents()).toEqual([['page', 'Page view', 'A']]);
  });

  it('reads only a choice it wrote, and none from storage that fails', () => {
    expect(readChoice({ getItem: () => '{"choice":{"analytics":"yes"}}' })).toBeNull();
    expect(readChoice({ getItem: () => 'not json' })).toBeNull();
    expect(
      readChoice({
        getItem: () => {
          throw new Error('storage is off');
        },
      }),
    ).toBeNull();
    expect(readChoice({ getItem: () => '{"choice":{"analytics":true,"heatmaps":false}}' })).toEqual({
      analytics: true,
      heatmaps: false,
    });
  });
});
