import type { Page, Request } from '@playwright/test';

import { expect, expectAccessible, test } from './fixtures.ts';

// Social sign-in (spec 000 sections 2, 4 and 7) through the sandbox provider the
// server runs when Google is not configured: the whole redirect round trip, in a real browser.
// Signing in as an existing customer links the identity to that account, so that test makes a customer of its own.

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('auth._token.local'));

/** Every POST /auth/google/ the page makes (the code exchange). */
function exchangesOf(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/auth/google/') posts.push(request);
  });
  return posts;
}

/** From the login page (its social sign-in buttons load beside it) to the sandbox's consent page for Google. */
async function continueWithGoogle(page: Page) {
  const google = page.getByRole('link', { name: 'Continue with Google' });
  await expect(google).toBeVisible();
  await expectAccessible(page, 'login page with the social sign-in buttons');
  await google.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Google (sandbox)' })).toBeVisible();
  await expect(page).toHaveURL(/\/sandbox\/oauth\/google\/authorize\?/);
  await expectAccessible(page, 'sandbox consent page');
}

test('Google sign-in for an existing customer lands on home as that customer', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  // A customer of its own: signing in with Google links the identity to the account.
  const customer = await makeCustomer('cloud-phone');
  await loginPage.goto();
  await continueWithGoogle(page);
  await page.getByLabel('Email address', { exact: true }).fill(customer.email);
  await page.getByLabel('First name').fill(customer.first_name);
  await page.getByLabel('Last name').fill('Morgan');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await homePage.expectShown(customer.first_name);
  await expect(page).toHaveURL(/\/$/);
  expect(await tokenOf(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Signed in as that customer's own sign-in user.
  const me = await page.request.get('/api/v3/me/', { headers: { Authorization: `Token ${await tokenOf(page)}` } });
  expect(await me.json()).toMatchObject({ user_profile: { email: customer.email } });
  // The state was spent and forgotten: the callback address is not in the history to replay.
  expect(await page.evaluate(() => sessionStorage.getItem('auth.social_sign_in'))).toBeNull();
});

test('Google sign-in for a new e-mail creates the account and signs the new person in', async ({
  page,
  loginPage,
  homePage,
}, testInfo) => {
  const email = `new.${testInfo.project.name}.${Date.now()}@example.com`;
  await loginPage.goto();
  await continueWithGoogle(page);

  // A typing slip first: the consent page keeps what was typed and says what is wrong.
  await page.getByLabel('Email address', { exact: true }).fill('not-an-email');
  await page.getByLabel('First name').fill('Morgan');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Enter an email address in the correct format, like name@example.com' }),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Morgan');
  await expectAccessible(page, 'sandbox consent page with errors');

  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Last name').fill('Ellery');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await homePage.expectShown('Morgan');
  // The session is the new person's own account.
  const me = await page.request.get('/api/v3/me/', { headers: { Authorization: `Token ${await tokenOf(page)}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ name: 'Morgan Ellery', user_profile: { email } });
});

test('a tampered state is refused silently: back on the login page, not signed in, no exchange', async ({
  page,
  loginPage,
}) => {
  const exchanges = exchangesOf(page);
  await loginPage.goto();
  await continueWithGoogle(page);

  // The consent form's answer sends the browser to /login?code=...&state=...: change the state on the way.
  await page.route('**/sandbox/oauth/google/authorize', async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    const callback = new URL(answer.headers().location ?? '');
    expect(callback.pathname).toBe('/login');
    expect(callback.searchParams.get('code')).toBeTruthy();
    callback.searchParams.set('state', `${callback.searchParams.get('state')}-tampered`);
    await route.fulfill({ status: 303, headers: { location: callback.toString() } });
  });
  await page.getByRole('button', { name: /^Continue as Alex Morgan/ }).click();

  await expect(page).toHaveURL(/\/auth\/login\/$/);
  await loginPage.expectShown();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await tokenOf(page)).toBeNull();
  expect(exchanges).toEqual([]);

  // Visiting the callback with a made-up state does nothing either.
  await page.goto('/login?code=x&state=made-up');
  await loginPage.expectShown();
  expect(await tokenOf(page)).toBeNull();
  expect(exchanges).toEqual([]);
});

test('cancelling at the provider comes back to the login page, not signed in', async ({ page, loginPage }) => {
  const exchanges = exchangesOf(page);
  await loginPage.goto();
  await continueWithGoogle(page);
  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/auth\/login\/$/);
  await loginPage.expectShown();
  expect(await tokenOf(page)).toBeNull();
  expect(exchanges).toEqual([]);
});

test('a provider that is not google, facebook or linkedin does nothing', async ({ page, loginPage }) => {
  const starts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/auth/accesstoken/')) starts.push(request.url());
  });
  await page.goto('/auth/login/twitter/');
  await expect(page).toHaveURL(/\/auth\/login\/$/);
  await loginPage.expectShown();
  expect(starts).toEqual([]);
});
