import type { Locator, Page } from '@playwright/test';

import { accounts, expect, expectAccessible, signInAs, signInCustomer, test } from './fixtures.ts';

// The shell rules (spec 000 section 3): the app status banners on every page of the default layout, the
// 404 tracked, logout's resets, chat support, the profile button's name, the bell's badge.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const chatPanel = (page: Page) => page.getByRole('dialog', { name: 'Chat support' });

/** Opens the drawer when it is closed (a phone), then chooses Chat support. */
async function openChatSupport(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await nav(page).getByRole('button', { name: 'Chat support' }).click();
  await expect(chatPanel(page)).toBeVisible();
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'element has a box').not.toBeNull();
  return box!;
}

test('the app status banners show on a page other than home', async ({ page, loginPage, homePage }) => {
  await signInAs(loginPage, homePage, accounts.multiProduct, accounts.multiProduct.firstName);
  await page.goto('/profile-preferences');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile and preferences' })).toBeVisible();
  const banners = page.getByRole('main').getByRole('region', { name: 'Needs your attention' });
  await expect(banners.locator('strong')).toHaveText([
    'Payment overdue',
    'Dana Fox is locked out',
    'Cloud phone suspended',
  ]);
  await expectAccessible(page, 'profile page with status banners');
});

test('the 404 is tracked with its path', async ({ page, loginPage, homePage }) => {
  await signInAs(loginPage, homePage, accounts.customer, accounts.customer.firstName);
  await page.goto('/no-such-page/at-all?token=secret');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  const events = await page.evaluate(() => (window as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
  expect(events.filter((event) => event.event === 'Page not found')).toEqual([
    { event: 'Page not found', path: '/no-such-page/at-all' },
  ]);
});

test('home is accessible, the profile button is named by its initials, and the bell badge sits on its corner @mobile', async ({
  page,
  loginPage,
  homePage,
}) => {
  await signInAs(loginPage, homePage, accounts.customer, accounts.customer.firstName);
  // With the label-in-name rule on; on a phone too (its navigation and top bar are its own).
  await expectAccessible(page, 'home page', { onPhone: true });
  const profile = page.getByRole('button', { name: /profile menu$/i });
  await expect(profile).toHaveAccessibleName('AM, profile menu');
  await expect(profile).toHaveText('AM');

  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread/ });
  const badge = bell.locator('[data-part="badge"]');
  await expect(badge).toBeVisible();
  const bellBox = await boxOf(bell);
  const badgeBox = await boxOf(badge);
  const iconBox = await boxOf(bell.locator('svg'));
  // Small and round, not a bar.
  expect(badgeBox.height).toBeLessThanOrEqual(20);
  expect(badgeBox.width).toBeLessThanOrEqual(32);
  expect(badgeBox.width).toBeGreaterThanOrEqual(badgeBox.height - 0.5);
  // Inside the button, in its top right corner.
  expect(badgeBox.x).toBeGreaterThanOrEqual(bellBox.x - 0.5);
  expect(badgeBox.y).toBeGreaterThanOrEqual(bellBox.y - 0.5);
  expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(bellBox.x + bellBox.width + 0.5);
  expect(badgeBox.y + badgeBox.height).toBeLessThanOrEqual(bellBox.y + bellBox.height / 2);
  expect(badgeBox.x + badgeBox.width / 2).toBeGreaterThan(bellBox.x + bellBox.width / 2);
  // Clear of the icon's centre.
  const centre = { x: iconBox.x + iconBox.width / 2, y: iconBox.y + iconBox.height / 2 };
  const covers =
    centre.x >= badgeBox.x &&
    centre.x <= badgeBox.x + badgeBox.width &&
    centre.y >= badgeBox.y &&
    centre.y <= badgeBox.y + badgeBox.height;
  expect(covers, 'the badge covers the centre of the bell icon').toBe(false);
});

test("home opened afresh asks for the user, the navigation and the layout's start-up calls once each, before the app has started", async ({
  page,
  loginPage,
  homePage,
}) => {
  await signInAs(loginPage, homePage, accounts.customer, accounts.customer.firstName);
  // public/early.js's addresses: the user and the navigation on every signed-in page, the layout's start-up on home.
  const early = [
    '/api/v3/me/',
    '/api/v3/navigation/',
    '/api/v3/voip/getting-started/',
    '/api/v1/trial/status/',
    '/api/v3/voip/service-status/',
    '/customer/status/',
  ];
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (early.includes(pathname)) asked.push(pathname);
  });
  // The app's code held back a little (from the real server), so public/early.js, which asks first, surely runs first.
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${accounts.customer.firstName}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your products' }).getByRole('listitem').first()).toBeVisible();
  // Every early answer was taken by the app, which asked for none of them again.
  expect(await page.evaluate(() => (window as { __portalEarly?: object }).__portalEarly)).toEqual({});
  expect(asked.sort()).toEqual([...early].sort());
});

test('chat support answers, keeps the conversation over a reload, and works from the keyboard @mobile', async ({
  page,
  loginPage,
  homePage,
  isMobile,
  makeCustomer,
}) => {
  const acme = await makeCustomer('cloud-phone');
  await signInCustomer(loginPage, homePage, acme);
  await openChatSupport(page, isMobile);
  const panel = chatPanel(page);
  const log = panel.getByRole('log', { name: 'Messages' });
  const text = panel.getByRole('textbox', { name: 'Your message' });
  await expect(text).toBeFocused();
  await expect(panel.getByRole('button', { name: 'Send' })).toBeEnabled();

  // Both projects write to this account at once: each finds its own message by its words.
  const mine = `My desk phone shows No service (${test.info().project.name} ${Date.now()})`;
  await text.fill(mine);
  await text.press('Enter');
  const sent = log.getByRole('listitem').filter({ hasText: mine });
  await expect(sent).toHaveCount(1);
  const reply = log
    .getByRole('listitem')
    .filter({ has: page.locator('[data-author="agent"]') })
    .last();
  await expect(reply).toContainText('Thanks, Alex.');
  await expect(text).toHaveValue('');
  await expectAccessible(page, 'chat panel');

  // Tab stays in the panel; Escape closes it.
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // Open again, reload: the chat reopens by itself with the conversation.
  await openChatSupport(page, isMobile);
  await page.reload();
  await expect(chatPanel(page)).toBeVisible();
  await expect(chatPanel(page).getByRole('log').getByRole('listitem').filter({ hasText: mine })).toHaveCount(1);
});

test('logout removes the quick-tour cookie and closes and clears the chat', async ({
  page,
  context,
  loginPage,
  homePage,
  isMobile,
  makeCustomer,
}) => {
  const acme = await makeCustomer('cloud-phone');
  await signInCustomer(loginPage, homePage, acme);
  await context.addCookies([{ name: 'quicktour', value: 'seen', url: page.url() }]);
  await openChatSupport(page, isMobile);
  await expect(chatPanel(page).getByRole('button', { name: 'Send' })).toBeEnabled();

  await homePage.logout();
  await loginPage.expectShown();
  await expect(chatPanel(page)).toHaveCount(0);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('quicktour');
  expect(await page.evaluate(() => sessionStorage.getItem('portal.chat'))).toBeNull();

  // Signed in again, the chat stays closed until asked for.
  await loginPage.signIn(acme.email, acme.password);
  await homePage.expectShown(acme.first_name);
  await expect(
    nav(page)
      .or(page.getByRole('button', { name: 'Open menu' }))
      .first(),
  ).toBeVisible();
  await expect(chatPanel(page)).toHaveCount(0);
});
