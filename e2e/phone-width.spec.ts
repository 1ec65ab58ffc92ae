import type { Page } from '@playwright/test';

import { accounts, apiBytes, expect, LoginPage, test } from './fixtures.ts';
import { routePatterns } from './routes.ts';

// No page scrolls sideways on a phone (412 px wide): every route of src/config/paths.ts and
// src/config/journey-paths.ts, visited at 412 x 915. The signed-in pages as two read-only customers
// (Acme's cloud phone with its call history, and Meadow Lane Vets with a product of every kind); the
// guest journeys signed out, since a signed-in visitor is sent home from them (spec 000, route rules).

const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const ROUTES = [...routePatterns('src/config/paths.ts'), ...routePatterns('src/config/journey-paths.ts')].filter(
  ([, pattern]) => pattern !== '*',
);

/** The first page of each journey with a {page} (spec 000 section 2, page names). */
const FIRST_PAGES: Record<string, string> = {
  trialPage: 'signup',
  buynowPage: 'signup',
  onlineSignupPage: 'number',
  signupPage: 'needs',
  signupVoip3Page: 'needs',
  signupVoip3BPage: 'needs',
  broadbandSignupPage: 'address',
  welcomePage: 'welcome',
  gettingStartedPage: 'welcome',
  authSocialRedirect: 'login',
};

/** The product kind whose id a route takes; every other {id} is the cloud phone's. */
const ID_KINDS: Record<string, string> = {
  broadbandDetails: 'broadband',
  fibreDetails: 'fibre',
  phonelineDetails: 'phoneline',
  websiteDetails: 'website',
};

/** Routes for signed-in customers: those with a product id, and the account's own pages. */
const SIGNED_IN = new Set([
  'index',
  'billing',
  'myOrders',
  'profilePreferences',
  'shop',
  'shopPayment',
  'user',
  'staffAuditLog',
  'gettingStarted',
  'gettingStartedPage',
  'comingSoon',
  'usersDevicesWithoutId',
  'phoneNumbersWithoutId',
  'profileConfirmEmail',
  'callFlowJourney',
  'phoneWelcome',
]);
const isSignedIn = (name: string, pattern: string) =>
  SIGNED_IN.has(name) || (pattern.includes(':id') && !['buynowComplete'].includes(name));

/** A route's address with its parameters filled in, or null when the customer has no product it needs. */
function addressOf(name: string, pattern: string, ids: Map<string, string>): string | null {
  let missing = false;
  const path = pattern.replace(/:(\w+)\??/g, (_, param: string) => {
    if (param === 'id') {
      const id = ids.get(ID_KINDS[name] ?? 'phone');
      if (!id) missing = true;
      return id ?? '';
    }
    if (param === 'page') return FIRST_PAGES[name] ?? 'signup';
    if (param === 'provider') return 'google';
    if (param === 'flow') return ids.get('flow') ?? '1';
    return `e2e-not-a-${param}`;
  });
  return missing ? null : path;
}

/** Waits until a page has drawn its heading (or said it could not) and its sections have loaded (or given up loading). */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1, main [role="alert"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.chakra-spinner'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
}

/** How wide the page is, and (when wider than the screen) the widest elements that make it so. */
async function width(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const scrollWidth = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (scrollWidth > innerWidth) {
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const box = element.getBoundingClientRect();
        // The outermost overflowing element of a branch: its parent fits.
        const parent = element.parentElement?.getBoundingClientRect();
        if (box.right > innerWidth + 0.5 && (!parent || parent.right <= innerWidth + 0.5)) {
          culprits.push(
            `<${element.tagName.toLowerCase()}${element.className ? ` class="${String(element.className).slice(0, 60)}"` : ''}> ${Math.round(box.right)} px: ${(element.textContent ?? '').trim().slice(0, 60)}`,
          );
        }
      }
    }
    return { scrollWidth, culprits: culprits.slice(0, 5) };
  });
}

/** Visits each address and answers those wider than the screen, with why. */
async function visitAll(page: Page, addresses: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const address of addresses) {
    await page.goto(address);
    // A journey that leaves the portal (a payment provider, a social sign-in) is not ours to measure.
    if (new URL(page.url()).origin !== new URL(test.info().project.use.baseURL!).origin) continue;
    await settle(page);
    const measured = await width(page);
    if (measured.scrollWidth > PHONE.width)
      problems.push(
        `${address} (${new URL(page.url()).pathname}): ${measured.scrollWidth} px; ${measured.culprits.join('; ')}`,
      );
  }
  return problems;
}

/** The signed-in customer's product ids by kind, from the side navigation's links (the switcher opened). */
async function productIds(page: Page): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  await page.goto('/');
  await settle(page);
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  const nav = page.locator('nav[aria-label="Main"]');
  const toggle = nav.getByRole('button', { name: /Switch product/ });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) !== 'true')
    await toggle.click({ force: true }).catch(() => undefined);
  const hrefs = await nav
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  for (const href of hrefs) {
    const match = /^\/([\w-]+)-details\/(\d+)/.exec(href);
    if (!match) continue;
    const kind = match[1]!.endsWith('-phone') || match[1] === 'voip' ? 'phone' : match[1]!;
    if (!ids.has(kind)) ids.set(kind, match[2]!);
  }
  // The cloud phone's first custom call flow, for the caller's journey page.
  const phone = ids.get('phone');
  if (phone) {
    const flows = JSON.parse((await apiBytes(page, `/api/v2/voip/${phone}/call-flows/`)).toString()) as {
      results: Array<{ id: number }>;
    };
    if (flows.results[0]) ids.set('flow', String(flows.results[0].id));
  }
  return ids;
}

test.describe('at 412 px no page scrolls sideways', () => {
  test.describe.configure({ timeout: 600_000 });

  for (const [name, account] of [
    ['Acme (a cloud phone)', accounts.customer],
    ['Meadow Lane Vets (a product of every kind)', accounts.productDetails],
  ] as const) {
    test(`every signed-in page, as ${name}`, async ({ page }) => {
      const loginPage = new LoginPage(page);
      await loginPage.goto();
      await loginPage.signIn(account.email, account.password);
      await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 30_000 });
      const ids = await productIds(page);
      expect(ids.get('phone'), 'the customer has a cloud phone').toBeTruthy();
      const addresses = ROUTES.filter(([route, pattern]) => isSignedIn(route, pattern))
        .map(([route, pattern]) => addressOf(route, pattern, ids))
        .filter((address): address is string => address !== null);
      addresses.push('/no-such-page');
      test.info().annotations.push({ type: 'visited', description: addresses.join(' ') });
      expect(await visitAll(page, addresses), 'pages wider than 412 px').toEqual([]);
    });
  }

  test('every guest page, signed out', async ({ page }) => {
    // A guest page's {id} (buy-now complete) is a product the visitor has no access to.
    const addresses = ROUTES.filter(([route, pattern]) => !isSignedIn(route, pattern)).map(([route, pattern]) =>
      addressOf(route, pattern, new Map([['phone', '999999']]))!,
    );
    addresses.push('/no-such-page');
    test.info().annotations.push({ type: 'visited', description: addresses.join(' ') });
    expect(await visitAll(page, addresses), 'pages wider than 412 px').toEqual([]);
  });
});
