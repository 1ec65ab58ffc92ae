import type { Page } from '@playwright/test';

import { expect, expectAccessible, signInCustomer, test } from './fixtures.ts';

// A cloud phone suspended for non-payment (spec 000 section 2, status cards): the card says the way
// out, and it follows the balance. Each run's customer, new and like Tern Freight (the sandbox's
// customer factory), owes £84.00, as Harbour Freight does; this spec pays it.

const attention = (page: Page) => page.getByRole('region', { name: 'Needs your attention' });
const suspendedCard = (page: Page) =>
  attention(page).getByRole('listitem').filter({ hasText: 'Cloud phone suspended' });

test('a customer paid up is no longer told their phone is suspended; until then the card says how to pay @mobile', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  test.setTimeout(120_000);
  const customer = await makeCustomer('suspended');
  await signInCustomer(loginPage, homePage, customer);

  // Owing: the suspension card gives the way out, paying (with the help line beside it).
  const card = suspendedCard(page);
  await expect(card).toContainText(
    'Suspended for non-payment: calls to and from Cloud phone - 1 user (depot) are blocked.',
  );
  await expect(card).toContainText('Pay the £84.00 overdue to restore it, or call us on +443069990123.');
  await expectAccessible(page, 'home with a suspended phone');
  await card.getByRole('link', { name: 'Go to billing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();

  // Paid in full by card.
  await page.getByRole('region', { name: 'Balance' }).getByRole('link', { name: 'Pay now' }).click();
  await expect(page.getByLabel('Amount to pay (£)')).toHaveValue('84.00');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay £84.00' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay £84.00' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to billing' }).click();
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText('Nothing to pay');

  // Home follows the balance: no suspension card, in the same page and after a reload; the server agrees.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${customer.first_name}` })).toBeVisible();
  await expect(page.getByText('Cloud phone suspended')).toHaveCount(0);
  await expect(page.getByText('Suspended for non-payment')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${customer.first_name}` })).toBeVisible();
  await expect(page.getByText('Cloud phone suspended')).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('auth._token.local'));
  const status = await page.request.get('/api/v3/voip/service-status/', {
    headers: { Authorization: `Token ${token}` },
  });
  expect(
    ((await status.json()) as { results: { service_status: string }[] }).results.map((entry) => entry.service_status),
  ).toEqual(['active']);
});
