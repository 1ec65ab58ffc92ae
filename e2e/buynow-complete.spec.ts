import type { Page } from '@playwright/test';

import { accounts, expect, expectAccessible, test } from './fixtures.ts';

// Pier Bakery's buy-now cloud phone has just been provisioned: the start-up sends Jamie to the
// buy-now complete page until it has been seen. Each run signs in as a new customer like Pier
// Bakery (the sandbox's customer factory), since reaching the page makes the phone live.

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Your cloud phone is ready' });

test('Pier Bakery is sent to buy-now complete, reads it, goes home, and is not sent there again', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const account = await makeCustomer('provisioned');
  // The number its phone was given, as the page shows it (E.164).
  const number = `+44${account.numbers[0]!.slice(1)}`;
  await loginPage.goto();
  await loginPage.signIn(account.email, account.password);

  await expect(heading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/buynow\/complete\/\d+$/);
  const completePath = new URL(page.url()).pathname;
  const productId = completePath.split('/').at(-1);
  await expect(page.getByTestId('new-number')).toHaveText(number);
  const bought = page.getByRole('region', { name: 'What you bought' });
  await expect(bought).toContainText('Cloud phone - 1 user');
  await expect(bought).toContainText('Jamie Cole, extension 200');
  await expect(bought).toContainText('Suite 3, 40 North Road, Brighton, BN1 1YE');
  const steps = page.getByRole('region', { name: 'Next steps' });
  await expect(steps.getByRole('link', { name: 'Download the apps' })).toHaveAttribute(
    'href',
    `/download-apps/${productId}`,
  );
  await expect(steps.getByRole('link', { name: 'Set up call flows' })).toHaveAttribute(
    'href',
    `/call-flows/${productId}?tab=active-call-flow`,
  );
  // Nothing wider than the screen (the phone run: 412 px).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'buy-now complete');

  await page.getByRole('link', { name: 'Go to your account' }).click();
  await homePage.expectShown(account.first_name);

  // Not sent there again: a next step, a fresh load of home, and a new sign-in all stay.
  await page.goto(`/download-apps/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Download apps' })).toBeVisible();
  await page.goto('/');
  await homePage.expectShown(account.first_name);
  await homePage.logout();
  await loginPage.expectShown();
  await loginPage.signIn(account.email, account.password);
  await homePage.expectShown(account.first_name);

  // The page itself still shows what was bought (a bookmark, the browser's history).
  await page.goto(completePath);
  await expect(heading(page)).toBeVisible();
  await expect(page.getByTestId('new-number')).toHaveText(number);
  await page.getByRole('link', { name: 'Your account', exact: true }).click();
  await homePage.expectShown(account.first_name);
});

test('the welcome page: /phone/welcome leads a visitor there, with the ways in', async ({ page, loginPage }) => {
  await page.goto('/phone/welcome');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Cloud phone' })).toBeVisible();
  await expect(page).toHaveURL(/\/welcome\/welcome$/);
  await expect(page).toHaveTitle('Welcome | Customer Portal');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'welcome');
  await page.getByRole('link', { name: 'Sign in to your account' }).click();
  await loginPage.expectShown();
});

test('a signed-in customer on a welcome route goes home', async ({ page, loginPage, homePage }) => {
  await loginPage.goto();
  await loginPage.signIn(accounts.customer.email, accounts.customer.password);
  await homePage.expectShown(accounts.customer.firstName);
  await page.goto('/phone/welcome');
  await homePage.expectShown(accounts.customer.firstName);
  await expect(page).toHaveURL(/\/$/);
});

test('coming soon: the shop of a voip3 phone leads there, and back home', async ({ page, loginPage, homePage }) => {
  await loginPage.goto();
  await loginPage.signIn(accounts.customer.email, accounts.customer.password);
  await homePage.expectShown(accounts.customer.firstName);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coming soon' })).toBeVisible();
  await expect(page).toHaveURL(/\/coming-soon$/);
  await expect(page.getByText('The shop is not open for your cloud phone yet.')).toBeVisible();
  await expectAccessible(page, 'coming soon');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await homePage.expectShown(accounts.customer.firstName);
});

test('coming soon offers a visitor to sign in', async ({ page, loginPage }) => {
  await page.goto('/coming-soon');
  await expect(page.getByRole('heading', { level: 1, name: 'Coming soon' })).toBeVisible();
  await expectAccessible(page, 'coming soon, signed out');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await loginPage.expectShown();
});
