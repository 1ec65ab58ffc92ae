import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { CSP_NONCE_PLACEHOLDER } from '@portal/contract';

import { useTestApp } from '../../test/helper.ts';
import { isTrialPage } from './settings.ts';

// A built SPA, so the server answers pages (plugins/spa.ts).
const staticDir = mkdtempSync(join(tmpdir(), 'portal-spa-maintenance-'));
writeFileSync(
  join(staticDir, 'index.html'),
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head><body><div id="root"></div></body></html>`,
);
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const t = useTestApp({ staticDir, seed: false });
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('maintenance mode (PORTAL_MAINTENANCE_MODE)', () => {
  it('is off by default: the trial pages answer 200', async () => {
    expect((await page('/trial/signup')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/signup/settings/' })).json()).toMatchObject({
      maintenance_mode: false,
    });
  });

  it('on, the trial pages answer 503 (the page says Under maintenance) and nothing else does; off again, 200', async () => {
    t.app.signupSettings.maintenanceMode = true;
    try {
      for (const url of ['/trial', '/trial/', '/trial/signup', '/trial/details?x=1'])
        expect((await page(url)).statusCode, url).toBe(503);
      for (const url of ['/', '/buynow/signup', '/trial-something', '/auth/login'])
        expect((await page(url)).statusCode, url).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/signup/settings/' })).json()).toMatchObject({
        maintenance_mode: true,
      });
    } finally {
      t.app.signupSettings.maintenanceMode = false;
    }
    expect((await page('/trial/signup')).statusCode).toBe(200);
  });

  it('names the trial pages', () => {
    expect(['/trial', '/trial/', '/trial/intl-calls'].every(isTrialPage)).toBe(true);
    expect(['/trials', '/trial/a/b', '/buynow/signup'].some(isTrialPage)).toBe(false);
  });
});
