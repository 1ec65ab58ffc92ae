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
      void report(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Permissions-Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

/** A directive's sources, or undefined when the policy does not name it. */
const directive = (csp: string, name: string) => new RegExp(`(?:^|;)\\s*${name} ([^;]*)`).exec(csp)?.[1];

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  const csp = headers['content-security-policy'] ?? '';
  expect(directive(csp, 'script-src'), `${what}: script-src`).toBe("'self'");
  // Styles by nonce (the page) or none inline at all (every other answer): never 'unsafe-inline'.
  expect(directive(csp, 'style-src'), `${what}: style-src`).toMatch(/^'self'( 'nonce-[A-Za-z0-9+/]+=*')?$/);
  expect(directive(csp, 'style-src-elem') ?? '', `${what}: style-src-elem`).not.toContain('unsafe-inline');
  expect(directive(csp, 'style-src-attr'), `${what}: style-src-attr`).toBe("'none'");
  expect(csp, what).not.toContain('unsafe-inline');
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

  test("an injected <style> or style attribute without the page's nonce is refused; the app's own styles carry it", async ({
    page,
    loginPage,
  }) => {
    const violations = await watchViolations(page);
    const answer = await page.goto('/auth/login/');
    const csp = (await answer!.allHeaders())['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(directive(csp, 'style-src') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    await loginPage.expectShown();

    // Chakra's (emotion's) style elements carry the nonce, and they applied: the page is styled.
    const styles = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLStyleElement>('style'), (style) => ({
        nonce: style.nonce,
        rules: style.sheet?.cssRules.length ?? 0,
      })),
    );
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style.nonce).toBe(nonce);
    expect(styles.reduce((sum, style) => sum + style.rules, 0)).toBeGreaterThan(10);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).not.toHaveCSS(
      'background-color',
      'rgba(0, 0, 0, 0)',
    );

    const outcome = await page.evaluate(async () => {
      const heading = document.querySelector('h1')!;
      const before = getComputedStyle(heading).display;
      const style = document.createElement('style');
      style.textContent = 'h1 { display: none !important }';
      document.head.append(style);
      const marked = document.createElement('p');
      marked.setAttribute('style', 'color: rgb(255, 0, 0)');
      marked.textContent = 'injected';
      document.body.append(marked);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return {
        before,
        after: getComputedStyle(heading).display,
        rules: style.sheet?.cssRules.length ?? 0,
        color: getComputedStyle(marked).color,
      };
    });
    expect(outcome.after).toBe(outcome.before);
    expect(outcome.rules).toBe(0);
    expect(outcome.color).not.toBe('rgb(255, 0, 0)');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect.poll(() => violations.some((v) => v.startsWith('style-src-elem refused inline'))).toBe(true);
    expect(violations.some((v) => v.startsWith('style-src-attr refused inline'))).toBe(true);
  });

  test('the headers are on the page, an asset, an API answer and an audio download; assets arrive compressed', async ({
    page,
    loginPage,
    homePage,
  }) => {
    const assets: { url: string; encoding: string | undefined; type: string | undefined; vary: string | undefined }[] =
      [];
    page.on('response', async (response) => {
      if (!/\/assets\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) return;
      const headers = await response.allHeaders();
      assets.push({
        url: response.url(),
        encoding: headers['content-encoding'],
        type: headers['content-type'],
        vary: headers.vary,
      });
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
    const audio = await page.request.get(
      `/api/v1/voip/${productId}/call-flows/current/audio-files/download/welcome_greeting.wav/`,
      {
        headers: { Authorization: `Token ${token}`, 'accept-encoding': 'br, gzip' },
      },
    );
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toBe('audio/wav');
    expect(audio.headers()['content-encoding']).toBeUndefined();
    expectSecurityHeaders(audio.headers(), 'an audio download');

    // Source maps are not public.
    expect((await page.request.get(`${assets[0]!.url}.map`)).status()).toBe(404);
  });

  test('the portal runs under its CSP: login, home, recording a greeting, and the call-flow editor report no violation', async ({
    page,
    loginPage,
    homePage,
  }) => {
    test.setTimeout(150_000);
    const violations = await watchViolations(page);
    await loginPage.goto();
    // The social sign-in buttons arrive in a chunk of their own (their styles too).
    await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
    expect(violations).toEqual([]);
    await signInAs(loginPage, homePage, accounts.customer, accounts.customer.firstName);

    // The microphone (Permissions-Policy), RecordRTC's worker, and wavesurfer's blob: audio and shadow styles.
    await page.getByRole('link', { name: 'Phone setup' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Phone setup' })).toBeVisible();
    await page.getByRole('tab', { name: 'Voicemail' }).click();
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
