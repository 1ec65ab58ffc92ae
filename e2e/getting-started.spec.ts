import type { Page } from '@playwright/test';

import { accounts, expect, expectAccessible, test } from './fixtures.ts';

// Getting started (spec 001 section 4; spec 000 section 4, start-up rule 1): a customer whose
// cloud phone is new is sent to /getting-started/welcome?id=, chooses its users, sets their
// PIN and confirms the installation address, then reaches home and is not sent back. Each run of
// the test that completes it signs in as a new customer like Nova Dental (the sandbox's customer
// factory): once done, a product leaves the getting-started list for good.

const step = (page: Page, n: number, title: string) =>
  Promise.all([
    expect(page.getByText(`Step ${n} of 3`)).toBeVisible(),
    expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible(),
  ]);

test('a new cloud phone is set up: users, PIN and address, then home for good', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const user = await makeCustomer('getting-started');
  await loginPage.goto();
  await loginPage.signIn(user.email, user.password);
  await expect(page).toHaveURL(/\/getting-started\/welcome\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
  await step(page, 1, 'Choose users');
  // The getting-started frame: no side navigation, a way to sign out.
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);

  // Choose users: every user ticked to begin with; none is refused.
  const users = page.getByRole('group', { name: 'Who will use this phone?' });
  const riley = users.getByRole('checkbox', { name: 'Riley Shaw' });
  const priya = users.getByRole('checkbox', { name: 'Priya Nair' });
  const tom = users.getByRole('checkbox', { name: 'Tom Hughes' });
  for (const box of [riley, priya, tom]) await expect(box).toBeChecked();
  await expectAccessible(page, 'getting started: choose users');
  for (const box of [riley, priya, tom]) await box.uncheck();
  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  await expect(users.getByText('Choose at least one user')).toBeVisible();
  await expectAccessible(page, 'getting started: no user chosen');
  await riley.check();
  await priya.check();
  await expect(users.getByText('Choose at least one user')).toHaveCount(0);
  // By keyboard: Next is reached and pressed with the keys.
  await next.focus();
  await page.keyboard.press('Enter');

  // Set a PIN: the contract's rules, with the spec's messages; what was typed stays.
  await step(page, 2, 'Set a PIN');
  await expect(page.getByRole('heading', { level: 2, name: 'Set a PIN' })).toBeFocused();
  const pin = page.getByLabel('PIN', { exact: true });
  const confirmation = page.getByLabel('Confirm PIN');
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await pin.fill('123456');
  await confirmation.fill('123456');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(summary).toContainText('Sequential numbers i.e 123456 are not allowed');
  await expectAccessible(page, 'getting started: PIN refused');
  await pin.fill('555555');
  await confirmation.fill('555555');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(summary).toContainText('Repetitive numbers i.e 555555 are not allowed');
  await pin.fill('271828');
  await confirmation.fill('271829');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(summary).toContainText('The PINs do not match');
  await expect(pin).toHaveValue('271828');

  // Back keeps the choice of users.
  await page.getByRole('button', { name: 'Back' }).click();
  await step(page, 1, 'Choose users');
  await expect(riley).toBeChecked();
  await expect(priya).toBeChecked();
  await expect(tom).not.toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await step(page, 2, 'Set a PIN');
  await pin.fill('271828');
  await confirmation.fill('271828');
  await confirmation.press('Enter');

  // Confirm the installation address: the one held, after a look at changing it.
  await step(page, 3, 'Confirm the installation address');
  const address = page.getByTestId('installation-address');
  await expect(address).toContainText('Suite 3, 40 North Road');
  await expect(address).toContainText('BN1 1YE');
  await expectAccessible(page, 'getting started: address');
  await page.getByRole('button', { name: 'Change the address' }).click();
  const postcode = page.getByLabel('Postcode');
  await postcode.fill('cf10 1ep');
  await expect(page.getByLabel('Select business address')).toBeVisible();
  await expectAccessible(page, 'getting started: address finder');
  await page.getByRole('button', { name: 'Keep the address shown before' }).click();
  await expect(address).toContainText('BN1 1YE');
  await page.getByRole('button', { name: 'Confirm address' }).click();

  // Done: the product has left the list, so home stays home.
  await expect(page.getByRole('heading', { level: 2, name: "You're all set" })).toBeVisible();
  await expectAccessible(page, 'getting started: done');
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await homePage.expectShown(user.first_name);
  await page.reload();
  await homePage.expectShown(user.first_name);
  await expect(page).toHaveURL(/\/$/);
});

test("getting started without its page, for a product not the customer's, and an unknown page", async ({
  page,
  loginPage,
}) => {
  // Nova Dental's own demo login only looks: nothing here is saved.
  const nova = accounts.gettingStarted;
  await loginPage.goto();
  await loginPage.signIn(nova.email, nova.password);
  await expect(page).toHaveURL(/\/getting-started\/welcome\?id=\d+$/);
  const id = new URL(page.url()).searchParams.get('id');
  await expect(page.getByRole('heading', { level: 2, name: 'Choose users' })).toBeVisible();

  await page.goto(`/getting-started?id=${id}`);
  await expect(page).toHaveURL(new RegExp(`/getting-started/welcome\\?id=${id}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Choose users' })).toBeVisible();

  await page.goto('/getting-started/welcome?id=1');
  await expect(page.getByRole('heading', { level: 1, name: 'This phone could not be found' })).toBeVisible();
  await expectAccessible(page, "getting started: not the customer's phone");
  // Home sends a customer whose getting started is due back to it.
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(new RegExp(`/getting-started/welcome\\?id=${id}$`));

  await page.goto('/getting-started/elsewhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
