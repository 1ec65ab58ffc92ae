import type { Page } from '@playwright/test';

import type { SandboxCustomerKind } from '@portal/contract';

import { accounts, expect, LoginPage, test } from './fixtures.ts';

// Signs in as every demo customer (server/src/db/demo-logins.ts; tests/e2e-accounts.test.ts checks
// that each is here or in NOT_SIGNED_IN), follows the start-up redirect and every side-navigation
// link, and fails when one lands on "Page not found". Read-only: it only visits pages, it clicks
// through no journey. A new customer like Pier Bakery (the sandbox's customer factory) stands in
// for it, since reaching buy-now complete makes the phone live.

/** The demo customers, by their name in the e2e accounts list. */
const CUSTOMERS: Record<string, { email: string; password: string } | SandboxCustomerKind> = {
  customer: accounts.customer,
  staff: accounts.staff,
  trial: accounts.trial,
  buyNow: accounts.buyNow,
  multiProduct: accounts.multiProduct,
  gettingStarted: accounts.gettingStarted,
  buyNowManualAddress: accounts.buyNowManualAddress,
  buyNowOnPhone: accounts.buyNowOnPhone,
  buyNowReady: accounts.buyNowReady,
  buyNowProvisioned: 'provisioned',
  trialExpired: accounts.trialExpired,
  notifications: accounts.notifications,
  staffViewed: accounts.staffViewed,
  trialFeedback: accounts.trialFeedback,
  profileDetails: accounts.profileDetails,
  profileEmail: accounts.profileEmail,
  profilePassword: accounts.profilePassword,
  productDetails: accounts.productDetails,
};

/** Demo logins this spec does not sign in as, and why (the e2e accounts test in tests/ reads the keys). */
const NOT_SIGNED_IN = {
  unverified: 'cannot sign in before the e-mail address is confirmed',
};

/** Waits for the page's heading, then answers where the browser is and whether it says "Page not found". */
async function settle(page: Page): Promise<{ path: string; notFound: boolean }> {
  const headings = page.locator('main h1');
  await expect(headings.first()).toBeVisible({ timeout: 30_000 });
  const texts = await headings.allTextContents();
  const url = new URL(page.url());
  return { path: url.pathname, notFound: texts.some((text) => text.trim() === 'Page not found') };
}

/**
 * Opens `href` as a click on a link does (the router's own navigation, no new page load), and waits until the
 * page has rendered: every page sets the document title once it has. When the title does not change (a page of
 * the same kind as the one before may keep it), the page is loaded afresh instead, so nothing is read early.
 */
async function visit(page: Page, href: string): Promise<void> {
  await page.evaluate((to) => {
    document.title = 'e2e: navigating';
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, href);
  const rendered = await page
    .waitForFunction(() => document.title !== 'e2e: navigating', undefined, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!rendered) await page.goto(href);
}

/** The internal links of the side navigation (with the product switcher's, opened), as hrefs. */
async function navLinks(page: Page): Promise<string[]> {
  const nav = page.locator('nav[aria-label="Main"]');
  if ((await nav.count()) === 0) return [];
  const toggle = nav.getByRole('button', { name: /Switch product/ });
  // The emergency-address dialog may cover the page: the links are read, not clicked.
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) !== 'true')
    await toggle.click({ force: true }).catch(() => undefined);
  const hrefs = await nav
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.filter((href) => href.startsWith('/'));
}

test.describe('every demo customer', () => {
  test.describe.configure({ timeout: 600_000 });

  test('leaves out only the demo logins it says why for', () => {
    expect(Object.keys(NOT_SIGNED_IN).filter((name) => name in CUSTOMERS)).toEqual([]);
  });

  for (const [name, account] of Object.entries(CUSTOMERS)) {
    test(`${name}: no start-up redirect or side-navigation link lands on "Page not found"`, async ({
      page,
      makeCustomer,
    }) => {
      const login = typeof account === 'string' ? await makeCustomer(account) : account;
      const problems: string[] = [];
      const check = (where: string, at: { path: string; notFound: boolean }) => {
        if (at.notFound) problems.push(`${where} -> ${at.path}`);
      };

      const loginPage = new LoginPage(page);
      await loginPage.goto();
      await loginPage.signIn(login.email, login.password);
      await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 30_000 });
      check('after sign-in', await settle(page));

      // Home, then every product's links (the switcher's links select each product), then every link found.
      await page.goto('/');
      check('/', await settle(page));
      const seen = new Set<string>();
      const queue = await navLinks(page);
      const products = new Set(queue.filter((href) => /-details\//.test(href)));
      for (const product of products) {
        await page.goto(product);
        check(product, await settle(page));
        seen.add(product);
        for (const href of await navLinks(page)) if (!queue.includes(href)) queue.push(href);
      }
      for (const href of queue) {
        if (seen.has(href)) continue;
        seen.add(href);
        await visit(page, href);
        check(href, await settle(page));
      }
      test.info().annotations.push({ type: 'visited', description: [...seen].join(' ') });
      expect(problems, `${name}: pages that are "Page not found"`).toEqual([]);
    });
  }
});
