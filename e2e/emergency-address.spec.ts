import type { Page } from '@playwright/test';

import type { SandboxCustomer } from '@portal/contract';

import { expect, expectAccessible, test, type LoginPage } from './fixtures.ts';

// The emergency-address dialog (spec 000 sections 2, 4 and 5): a buy-now cloud phone without an
// installation address. Each test saves an address, so signs in as a new buy-now customer like
// Corner Cafe of its own (the sandbox's customer factory).

const dialogOf = (page: Page, firstName: string) =>
  page.getByRole('dialog', { name: `Hey ${firstName} - Finish your set up` });

/** Signs in through the login form; the dialog comes up over home. */
async function signInToDialog(loginPage: LoginPage, user: SandboxCustomer) {
  await loginPage.goto();
  await loginPage.signIn(user.email, user.password);
  const dialog = dialogOf(loginPage.page, user.first_name);
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a buy-now customer finds the address by postcode, after the checks, and the dialog goes for good', async ({
  page,
  loginPage,
  makeCustomer,
}) => {
  const user = await makeCustomer('buy-now-no-address');
  const dialog = await signInToDialog(loginPage, user);
  await expect(dialog).toContainText('the emergency services can find you if you dial 999');
  await expect(dialog).toContainText('some features of your phone are limited');
  await expect(dialog.getByRole('link', { name: '+443069990123' })).toHaveAttribute('href', 'tel:+443069990123');
  await expect(dialog.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  await expectAccessible(page, 'emergency-address dialog');

  // It cannot be dismissed: no close button; Escape (twice, as browsers may close on a second) and clicks do nothing.
  await expect(dialog.getByRole('button', { name: /close/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.mouse.click(2, 2);
  await expect(dialog).toBeVisible();

  const postcode = dialog.getByLabel('Postcode');
  const continueButton = dialog.getByRole('button', { name: 'Continue' });
  await continueButton.click();
  await expect(dialog.getByText('Postcode is a required field')).toBeVisible();
  await expect(postcode).toBeFocused();
  await postcode.fill('CF10');
  await expect(dialog.getByText('Postcode must be valid')).toBeVisible();
  await expectAccessible(page, 'emergency-address dialog, postcode errors');

  await postcode.fill('zz99 9zz');
  await expect(dialog.getByText('ZZ99 9ZZ returned no results, please try another postcode')).toBeVisible();
  await expect(dialog.getByLabel('Select business address')).toHaveCount(0);
  await expectAccessible(page, 'emergency-address dialog, no results');

  await postcode.fill('cf10 1ep');
  const select = dialog.getByLabel('Select business address');
  await expect(select).toBeVisible();
  await expect(select.locator('option')).toHaveText([
    '4 addresses found',
    /1 Tidewater Street/,
    /3 Tidewater Street/,
    /Flat 1, 5 Tidewater Street/,
    /Flat 2, 5 Tidewater Street/,
  ]);
  await continueButton.click();
  await expect(dialog.getByText('Select your business address')).toBeVisible();
  await expectAccessible(page, 'emergency-address dialog, addresses found');

  await select.selectOption({ label: 'Corner Cafe, 1 Tidewater Street, Cardiff, CF10 1EP' });
  await continueButton.click();
  await expect(page.getByText('Your emergency address was successfully updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.first_name}` })).toBeVisible();
  await expectAccessible(page, 'home after the emergency address');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.first_name}` })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a buy-now customer enters the address by hand, with the required-field messages', async ({
  page,
  loginPage,
  makeCustomer,
}) => {
  const user = await makeCustomer('buy-now-no-address');
  const dialog = await signInToDialog(loginPage, user);
  await dialog.getByLabel('Postcode').fill('CF10 1EP');
  await dialog.getByRole('button', { name: 'Enter the address manually' }).click();

  const form = dialog.getByRole('form', { name: 'Enter the address manually' });
  await expect(form.getByLabel('Postcode')).toHaveValue('CF10 1EP');
  await form.getByLabel('Postcode').fill('');
  await form.getByRole('button', { name: 'Continue' }).click();
  for (const message of [
    'Postcode is a required field',
    'Address line 1 is a required field',
    'Town/ City is a required field',
    'County is a required field',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByLabel('Postcode')).toBeFocused();
  await expectAccessible(page, 'emergency-address dialog, manual form errors');

  await form.getByLabel('Postcode').fill('cf10 1ep');
  await form.getByLabel('Address line 1').fill('Unit 2, Tidewater Street');
  await form.getByLabel('Town/City').fill('Cardiff');
  await expect(form.getByText('Address line 1 is a required field')).toHaveCount(0);
  await expect(form.getByText('County is a required field')).toBeVisible();
  await form.getByLabel('County').fill('South Glamorgan');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Your emergency address was successfully updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.first_name}` })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.first_name}` })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a stored address without its town and county asks again, and the address found is saved whole @mobile', async ({
  page,
  loginPage,
  makeCustomer,
}) => {
  // Saved so by an earlier sign-up form: "1 Bakery Row, LS11 5PZ".
  const user = await makeCustomer('buy-now-incomplete-address');
  const dialog = await signInToDialog(loginPage, user);
  await dialog.getByLabel('Postcode').fill('LS11 5PZ');
  const select = dialog.getByLabel('Select business address');
  await select.selectOption({ label: 'Unit 5, Canal Wharf, Water Lane, Leeds, LS11 5PZ' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Your emergency address was successfully updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The server holds every field the spec asks for, and the prompt does not come back.
  const token = await page.evaluate(() => localStorage.getItem('auth._token.local'));
  const navigation = await page.request.get('/api/v3/navigation/', { headers: { Authorization: `Token ${token}` } });
  const [product] = (
    (await navigation.json()) as { products: { product_id: number; has_installation_address: boolean }[] }
  ).products;
  expect(product?.has_installation_address).toBe(true);
  const site = await page.request.get(`/api/v1/voip/${product!.product_id}/`, {
    headers: { Authorization: `Token ${token}` },
  });
  expect(((await site.json()) as { installation_address: unknown }).installation_address).toMatchObject({
    line_one: 'Unit 5, Canal Wharf',
    city: 'Leeds',
    county: 'West Yorkshire',
    post_code: 'LS11 5PZ',
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.first_name}` })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
