import type { Page } from '@playwright/test';
import { accounts, expect, productIdOf, signInAs, test } from './fixtures.ts';

/**
 * The Content-Security-Policy and the other security headers (server/src/plugins/security-headers.ts),
 * and compressed assets (scripts/precompress.ts), as Chromium sees them.
 */

/** Collects every CSP violation the page reports (the DOM event and Chromium's console line). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Permissions-Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  const csp = headers['content-security-policy'] ?? '';
  expect(/(?:^|;)script-src ([^;]*)/.exec(csp)?.[1], `${what}: script-src`).toBe("'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toMatch(/(^|, )microphone=\(self\)(,|$)/);
}

test.describe('security', () => {
  test('an injected inline script and an inline event handler are refused by the CSP', async ({ page, loginPage }) => {
    const violations = await watchViolations(page);
    await loginPage.goto();
    const ran = await page.evaluate(async () => {
      const w = window as unknown as Record<string, unknown>;
      const script = document.createElement('script');
      script.textContent = 'window.__injected = "ran"';
      document.head.append(script);
      const image = document.createElement('img');
      image.setAttribute('onerror', 'window.__handler = "ran"');
      image.src = 'data:,broken';
      document.body.append(image);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { inline: w.__injected ?? 'refused', handler: w.__handler ?? 'refused' };
    });
    expect(ran).toEqual({ inline: 'refused', handler: 'refused' });
    await expect.poll(() => violations.some((v) => v.startsWith('script-src-elem refused inline'))).toBe(true);
    expect(violations.some((v) => v.startsWith('script-src-attr refused inline'))).toBe(true);
  });

  test('the headers are on the page, an asset, an API answer and an audio download; assets arrive compressed', async ({ page, loginPage, homePage }) => {
    const assets: { url: string; encoding: string | undefined; type: string | undefined; vary: string | undefined }[] = [];
    page.on('response', async (response) => {
      if (!/\/assets\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) return;
      const headers = await response.allHeaders();
      assets.push({ url: response.url(), encoding: headers['content-encoding'], type: headers['content-type'], vary: headers.vary });
    });
    const pageAnswer = await page.goto('/auth/login/');
    expectSecurityHeaders(await pageAnswer!.allHeaders(), 'the page');
    await signInAs(loginPage, homePage, accounts.customer, accounts.customer.firstName);

    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(['br', 'gzip'], asset.url).toContain(asset.encoding);
      expect(asset.type, asset.url).toMatch(/^(text|application)\/(javascript|css)/);
      expect(asset.vary, asset.url).toMatch(/accept-encoding/i);
    }
    const script = await page.request.get(assets[0]!.url, { headers: { 'accept-encoding': 'br' } });
    expectSecurityHeaders(script.headers(), 'an asset');
    expect(script.headers()['content-encoding']).toBe('br');

    const token = await page.evaluate(() => localStorage.getItem('auth._token.local'));
    const navigation = await page.request.get('/api/v3/navigation/', { headers: { Authorization: `Token ${token}` } });
    expect(navigation.status()).toBe(200);
    expectSecurityHeaders(navigation.headers(), 'an API answer');

    await page.getByRole('link', { name: 'Phone setup' }).first().click();
    await expect(page).toHaveURL(/\/phone-setup\/\d+/);
    const productId = productIdOf(page);
    const audio = await page.request.get(`/api/v1/voip/${productId}/call-flows/current/audio-files/download/welcome_greeting.wav/`, {
      headers: { Authorization: `Token ${token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toBe('audio/wav');
    expect(audio.headers()['content-encoding']).toBeUndefined();
    expectSecurityHeaders(audio.headers(), 'an audio download');

    // Source maps are not public.
    expect((await page.request.get(`${assets[0]!.url}.map`)).status()).toBe(404);
  });

  test('the portal runs under its CSP: home, recording a greeting, and the call-flow editor report no violation', async ({ page, loginPage, homePage }) => {
    test.setTimeout(150_000);
    const violations = await watchViolations(page);
    await signInAs(loginPage, homePage, accounts.customer, accounts.customer.firstName);

    // The microphone (Permissions-Policy), RecordRTC's worker, and wavesurfer's blob: audio and shadow styles.
    await page.getByRole('link', { name: 'Phone setup' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Phone setup' })).toBeVisible();
    const greeting = page.getByRole('region', { name: 'Voicemail greeting' });
    await greeting.getByRole('button', { name: 'Change greeting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Voicemail greeting' });
    await dialog.getByRole('button', { name: 'Start recording' }).click();
    await expect(dialog.getByRole('timer', { name: 'Recording time' })).toContainText('0:01');
    await dialog.getByRole('button', { name: 'Stop recording' }).click();
    await expect(dialog.getByRole('img', { name: /^Waveform of the audio/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // React Flow's styles and the layout worker.
    await page.getByRole('link', { name: 'Call flows' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Call flows' })).toBeVisible();
    await page.getByRole('link', { name: 'Create call flow' }).click();
    const canvas = page.getByRole('region', { name: 'Call flow canvas' });
    await expect(canvas.getByRole('button', { name: /^Main number:/ })).toBeVisible();
    await expect(canvas).toHaveAttribute('aria-busy', 'false');

    expect(violations).toEqual([]);
  });
});
