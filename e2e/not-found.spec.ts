import { accounts, expect, expectAccessible, signInAs, test } from './fixtures.ts';

test('an unknown page says so and offers to sign in when logged out', async ({ page, loginPage }) => {
  await page.goto('/no-such-page/here');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('The page you are looking for does not exist or has been removed.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveCount(0);
  await expect(page).toHaveTitle('Not Found | Customer Portal');
  await expectAccessible(page, 'not found, logged out');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await loginPage.expectShown();
});

test('an unknown page offers the way home when logged in', async ({ page, loginPage, homePage }) => {
  await signInAs(loginPage, homePage, accounts.customer, accounts.customer.firstName);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expectAccessible(page, 'not found, logged in');
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await homePage.expectShown(accounts.customer.firstName);
});

test('the API answers unknown paths with JSON, not the page', async ({ page }) => {
  const answer = await page.request.get('/api/v3/no-such-endpoint/');
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toEqual({ detail: 'Not found.' });
});
