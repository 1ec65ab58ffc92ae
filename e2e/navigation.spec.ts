import type { Page } from '@playwright/test';

import { accounts, expect, expectAccessible, LoginPage, signInAs, test } from './fixtures.ts';

// Read-only but for the upgrade prompt's own e2e-only trials: these tests sign in and look around; they
// change nothing other specs see.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The words of the side navigation's visible links and buttons, in order, but the product switcher's. */
async function navEntries(page: Page): Promise<string[]> {
  const texts = await nav(page)
    .locator('a:visible, button:visible')
    .evaluateAll((elements) => elements.map((element) => (element.textContent ?? '').trim()));
  return texts.filter((text) => !text.startsWith('Switch product'));
}

/** The product switcher's list, opened. */
async function openSwitcher(page: Page) {
  const toggle = nav(page).getByRole('button', { name: /Switch product/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return nav(page).getByRole('list', { name: 'Products' });
}

async function signInElsewhere(page: Page, user: { email: string; password: string }) {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.signIn(user.email, user.password);
}

const pageNotFound = (page: Page) => page.getByRole('heading', { level: 1, name: 'Page not found' });

test.describe('side navigation', () => {
  test('a customer with several products: status cards, products, apps, and the supplier-2 phone selected first', async ({
    page,
    loginPage,
    homePage,
  }) => {
    await signInAs(loginPage, homePage, accounts.multiProduct, accounts.multiProduct.firstName);

    const cards = page.getByRole('region', { name: 'Needs your attention' });
    await expect(cards.locator('strong')).toHaveText([
      'Payment overdue',
      'Dana Fox is locked out',
      'Cloud phone suspended',
    ]);
    // The page's h1 is its first heading: the cards, above it, hold none.
    await expect(page.getByRole('heading').first()).toHaveJSProperty('tagName', 'H1');
    await expect(cards).toContainText('£84.00 was due on');
    await expect(cards).toContainText(
      'Suspended for non-payment: calls to and from Cloud phone - 1 user (Portsmouth depot) are blocked.',
    );
    // The way out: paying what is overdue, or the help line.
    const suspended = cards.getByRole('listitem').filter({ hasText: 'Cloud phone suspended' });
    await expect(suspended).toContainText('Pay the £84.00 overdue to restore it, or call us on +443069990123.');
    await expect(suspended.getByRole('link', { name: 'Go to billing' })).toBeVisible();

    // Live first: the pending fibre comes last.
    const products = page.getByRole('list', { name: 'Your products' }).getByRole('listitem');
    await expect(products).toHaveCount(4);
    await expect(products.last()).toContainText('Fibre');
    await expect(products.last()).toContainText('Status: Pending');

    const apps = page.getByRole('region', { name: 'Get the apps' });
    await expect(apps.getByRole('heading', { level: 3 })).toHaveText(['Android', 'iPhone and iPad', 'Windows', 'Mac']);
    await expect(apps.getByRole('img', { name: /^QR code: / })).toHaveCount(4);
    await expect(apps.getByText('Version 1.13.70')).toHaveCount(2);

    await expect(nav(page).getByRole('button', { name: /Switch product/ })).toContainText(
      'Cloud phone - 2 users (Southampton)',
    );
    expect(await navEntries(page)).toEqual([
      'Home',
      'Cloud phone details',
      'Call flows',
      'Account add-ons',
      'Phone setup',
      'Users and devices',
      'Phone numbers',
      'Download apps',
      'Call history',
      'Call reports',
      'Billing',
      'Order tracker',
      'Shop',
      'Chat support',
      'Help (opens in a new tab)',
      'Upgrade',
    ]);
    await expect(nav(page).getByRole('link', { name: /^Help/ })).toHaveAttribute('target', '_blank');
    await expectAccessible(page, 'home with status cards and the product switcher');
  });

  test('the product switcher keeps the phone setup page and its query, and shows each product’s links', async ({
    page,
    loginPage,
    homePage,
  }) => {
    await signInAs(loginPage, homePage, accounts.multiProduct, accounts.multiProduct.firstName);
    await nav(page).getByRole('link', { name: 'Phone setup' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Phone setup' })).toBeVisible();
    await page.getByRole('tab', { name: 'Hold music' }).click();
    await expect(page).toHaveURL(/\/phone-setup\/(\d+)\?tab=hold-music$/);
    const southampton = new URL(page.url()).pathname.split('/')[2];

    const list = await openSwitcher(page);
    await expect(list.getByRole('link')).toHaveCount(4);
    await expect(list.getByRole('link').first()).toContainText('Selected');
    await expectAccessible(page, 'phone setup with the product switcher open');
    await list.getByRole('link', { name: /Portsmouth depot/ }).click();

    await expect(page).toHaveURL(/\/phone-setup\/(\d+)\?tab=hold-music$/);
    const portsmouth = new URL(page.url()).pathname.split('/')[2];
    expect(portsmouth).not.toBe(southampton);
    await expect(page.getByRole('tab', { name: 'Hold music' })).toHaveAttribute('aria-selected', 'true');
    // The voip3 phone: company contacts; blocked, so no shop; no upgrade.
    await expect(nav(page).getByRole('link', { name: 'Company contacts' })).toHaveAttribute(
      'href',
      `/company-contacts/${portsmouth}`,
    );
    await expect(nav(page).getByRole('link', { name: 'Shop' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Phone setup' })).toHaveAttribute('aria-current', 'page');

    // A product that is no phone goes to its details page.
    await (await openSwitcher(page)).getByRole('link', { name: /Fibre/ }).click();
    await expect(page).toHaveURL(/\/fibre-details\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fibre details' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tariff' })).toContainText('Full Fibre 500');
    await expect(nav(page).getByRole('button', { name: /Switch product/ })).toContainText('Business Fibre 500 Mbps');
    expect(await navEntries(page)).toEqual([
      'Home',
      'Fibre details',
      'Billing',
      'Order tracker',
      'Chat support',
      'Help (opens in a new tab)',
    ]);
    await expectAccessible(page, 'fibre details inside the layout');

    // Billing keeps the selection; its id is the account's.
    await nav(page).getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing\?id=\d+$/);
    await expect(nav(page).getByRole('link', { name: 'Fibre details' })).toBeVisible();
  });

  test('the links below the product switcher stay put while its chunk loads: its room is kept', async ({
    page,
    loginPage,
    homePage,
  }) => {
    // The switcher's chunk (the server's own answer) held back a while, so the page draws well before it.
    let held = 0;
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('Switch product')) {
        held++;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.fulfill({ response, body });
    });
    await signInAs(loginPage, homePage, accounts.multiProduct, accounts.multiProduct.firstName);
    const callFlows = nav(page).getByRole('link', { name: 'Call flows' });
    const switcher = nav(page).getByRole('button', { name: /Switch product/ });
    await expect(callFlows).toBeVisible();
    await expect(switcher).toHaveCount(0);
    const before = await callFlows.boundingBox();
    await expect(switcher).toBeVisible();
    expect(held).toBeGreaterThan(0);
    expect(await callFlows.boundingBox()).toEqual(before);
  });

  test('company contacts is 404 for the supplier-2 phone; the shop is there for it', async ({
    page,
    loginPage,
    homePage,
  }) => {
    await signInAs(loginPage, homePage, accounts.multiProduct, accounts.multiProduct.firstName);
    const callFlows = await nav(page).getByRole('link', { name: 'Call flows' }).getAttribute('href');
    const southampton = callFlows!.split('/')[2]!.split('?')[0];
    await page.goto(`/company-contacts/${southampton}`);
    await expect(pageNotFound(page)).toBeVisible();
    await expect(nav(page)).toBeVisible();
    await nav(page).getByRole('link', { name: 'Shop' }).click();
    await expect(page).toHaveURL(/\/shop\?tab=all-items$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  });

  test('a voip3 customer: the shop goes to coming-soon', async ({ page, loginPage, homePage }) => {
    await signInAs(loginPage, homePage, accounts.customer, accounts.customer.firstName);
    await expect(nav(page).getByRole('link', { name: 'Company contacts' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Needs your attention' })).toHaveCount(0);
    await nav(page).getByRole('link', { name: 'Shop' }).click();
    await expect(page).toHaveURL(/\/coming-soon$/);
  });
});

test.describe('trial banner', () => {
  test('the trial customer sees the banner with the days left, and the upgrade page in the navigation', async ({
    page,
    loginPage,
    homePage,
  }) => {
    await signInAs(loginPage, homePage, accounts.trial, 'Jordan');
    const banner = page.getByRole('region', { name: 'Trial' });
    await expect(banner).toHaveText('Enjoy your trial of Cloud phone – 2 days remain');
    // In the trial's first hour, without the first-hour flag: no "Upgrade now" yet.
    await expect(banner.getByRole('link', { name: 'Upgrade now' })).toHaveCount(0);
    await expect(nav(page).getByRole('button', { name: /Switch product/ })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Upgrade' })).toBeVisible();
    await expectAccessible(page, 'home with the trial banner');
  });

  test('the upgrade prompt shows once, an hour after the trial began, and not again once dismissed @mobile', async ({
    page,
    makeCustomer,
  }) => {
    const user = await makeCustomer('trial');
    // The page's clock starts well inside the trial's first hour (its status_entry is when the sandbox made it).
    await page.clock.install({ time: new Date(Date.now() - 2 * 60 * 60 * 1000) });
    await signInElsewhere(page, user);
    const banner = page.getByRole('region', { name: 'Trial' });
    await expect(banner).toContainText('Enjoy your trial of Cloud phone');
    const prompt = page.getByRole('dialog', { name: 'Keep your Cloud phone' });
    await expect(prompt).toHaveCount(0);

    // The hour passes with the page open: the prompt comes, and the server is told it was shown.
    const token = await page.evaluate(() => localStorage.getItem('auth._token.local'));
    const status = await (
      await page.request.get('/api/v1/trial/status/', { headers: { Authorization: `Token ${token}` } })
    ).json();
    expect(status.upgrade_prompt_shown).toBe(false);
    const pageNow = await page.evaluate(() => Date.now());
    const remembered = page.waitForResponse(
      (response) => /\/api\/v1\/trial\/\d+\/upgrade-prompt-shown\/$/.test(response.url()) && response.status() === 200,
    );
    await page.clock.fastForward(Date.parse(status.status_entry) + 60 * 60 * 1000 + 60_000 - pageNow);
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('keep your business number, your users and your call flows');
    await expect(prompt.getByRole('button', { name: 'See upgrade options' })).toBeVisible();
    await remembered;
    await expectAccessible(page, 'the trial upgrade prompt');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toBeHidden();
    await expect(banner.getByRole('link', { name: 'Upgrade now' })).toBeVisible();

    // Once per trial: after a reload (past the hour still) it does not come back.
    await page.reload();
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Upgrade now' })).toBeVisible();
    await expect(prompt).toHaveCount(0);
  });

  test('an ended opt-in trial goes to the upgrade page', async ({ page }) => {
    await signInElsewhere(page, accounts.trialExpired);
    await expect(page).toHaveURL(/\/upgrade\/\d+$/);
    // The upgrade page (e2e/upgrade.spec.ts goes through it), its first words for an ended trial.
    await expect(page.getByRole('heading', { level: 1, name: 'Your free trial has ended' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Trial' })).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('portal.upgrade-trigger'))).toBe('trial-expired');
    // Every page of the layout leads there while the trial has ended.
    await nav(page).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/upgrade\/\d+$/);
  });
});

test.describe('default layout start-up', () => {
  test('a getting-started entry goes to getting started "welcome" with the product id', async ({ page }) => {
    await signInElsewhere(page, accounts.gettingStarted);
    await expect(page).toHaveURL(/\/getting-started\/welcome\?id=\d+$/);
  });

  // Reaching buy-now complete makes the phone live: a new customer like Pier Bakery, not the demo login.
  test('a provisioned buy-now voip3 product goes to its buy-now complete page', async ({ page, makeCustomer }) => {
    await signInElsewhere(page, await makeCustomer('provisioned'));
    await expect(page).toHaveURL(/\/buynow\/complete\/\d+$/);
  });
});

test.describe('on a phone', () => {
  test('the drawer opens over the page, scrolls within the window height minus 90 px, and the apps are the phone’s own @phone', async ({
    page,
    loginPage,
    homePage,
  }) => {
    await signInAs(loginPage, homePage, accounts.multiProduct, accounts.multiProduct.firstName);
    await expect(nav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav(page)).toBeVisible();
    const { height, window } = await nav(page).evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      window: innerHeight,
    }));
    expect(Math.round(height)).toBe(window - 90);
    await expectAccessible(page, 'home with the drawer open on a phone');
    // Escape in the drawer closes it and gives focus back to the menu button.
    await nav(page).getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Escape');
    await expect(nav(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    const apps = page.getByRole('region', { name: 'Get the apps' });
    await expect(apps.getByRole('heading', { level: 3 })).toHaveText(['Android']);
    await expect(apps.getByRole('img', { name: /^QR code: / })).toHaveCount(0);
    await expect(apps.getByRole('link', { name: /Get it on Google Play/ })).toBeVisible();
  });
});
