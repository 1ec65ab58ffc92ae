import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';

import { accounts, expect, expectAccessible, signInAs, signInCustomer, test } from './fixtures.ts';

// Harbour Freight (a demo login every spec may read) is only looked at here. Each test that changes
// the direct debit or pays signs in as a new customer like Tern Freight (billed as Harbour is: card,
// £84.00 overdue), made by the sandbox's customer factory.

/** Opens Billing from the side navigation (behind the menu on a phone). */
async function openBilling(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Billing' }).first().click();
  await expect(page).toHaveURL(/\/billing\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
}

const tile = (page: Page, name: string) => page.getByRole('region', { name });
const historyItems = (page: Page) => page.getByRole('list', { name: 'Invoices and payments' }).getByRole('listitem');

/** The text of a PDF as the server writes it (uncompressed content streams, text as hex strings). */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  return [...source.matchAll(/(\[[^\]]*\]|<[0-9a-fA-F]*>)\s*T[Jj]/g)]
    .map(([, operand]) =>
      Buffer.from([...(operand ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join(''), 'hex').toString(
        'latin1',
      ),
    )
    .join('\n');
}

test('Harbour Freight sees its overdue balance, billing day and history, views an invoice and downloads its PDF @mobile', async ({
  page,
  loginPage,
  homePage,
}) => {
  await signInAs(loginPage, homePage, accounts.multiProduct, accounts.multiProduct.firstName);
  await openBilling(page);
  await expect(page.getByText('Harbour Freight Ltd · Account')).toBeVisible();
  await expect(tile(page, 'Balance')).toContainText('£84.00');
  await expect(tile(page, 'Balance')).toContainText('To pay');
  await expect(tile(page, 'Payment method')).toContainText('Card');
  await expect(tile(page, 'Billing day')).toContainText('8th of each month');
  await expect(tile(page, 'Next invoice')).toContainText('£84.00');
  await expect(page.getByRole('region', { name: 'Direct debit' })).toContainText('Not collecting');

  // Newest first: the unpaid invoice, then the card payment of the one before; ten to a page.
  await expect(historyItems(page)).toHaveCount(10);
  const overdue = historyItems(page).first();
  await expect(overdue).toContainText('Overdue');
  await expect(overdue).toContainText('£84.00');
  await expect(historyItems(page).nth(1)).toContainText('Card payment - thank you');
  const pages = page.getByRole('navigation', { name: 'Pages of billing history' });
  await expect(pages).toContainText('Page 1 of 3');
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(pages).toContainText('Page 2 of 3');
  await expect(historyItems(page).first()).not.toContainText('Overdue');
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(pages).toContainText('Page 1 of 3');
  await expectAccessible(page, 'billing page');

  const number = (await overdue.getByRole('button', { name: /^View invoice / }).getAttribute('aria-label'))!.replace(
    'View invoice ',
    '',
  );
  await overdue.getByRole('button', { name: /^View invoice / }).click();
  const dialog = page.getByRole('dialog', { name: `Invoice ${number}` });
  await expect(dialog).toContainText('VAT at 20%£14.00');
  await expect(dialog).toContainText('Total£84.00');
  await expectAccessible(page, 'invoice dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    overdue.getByRole('button', { name: `Download PDF of invoice ${number}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain(`Invoice ${number}`);
  expect(text).toContain('Total: £84.00');
});

test('a customer sets up a direct debit: a bad sort code, bank details the banks refuse, then good ones @mobile', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const customer = await makeCustomer('overdue-card');
  await signInCustomer(loginPage, homePage, customer);
  await openBilling(page);
  const section = page.getByRole('region', { name: 'Direct debit' });
  await expect(section.getByRole('heading', { name: 'Set up a direct debit' })).toBeVisible();

  await section.getByLabel('Sort code').fill('12-34');
  await section.getByLabel('Account number').fill('5577991');
  await section.getByRole('button', { name: 'Save bank details' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('Enter a sort code of 6 digits, like 12-34-56 or 123456');
  await expect(summary).toContainText('Enter an account number of 8 digits');
  await expectAccessible(page, 'direct debit with errors');

  // Well formed, but the modulus check fails: the answer's extra_data counts the attempt.
  await section.getByLabel('Sort code').fill('08-99-99');
  await section.getByLabel('Account number').fill('66374959');
  await section.getByRole('button', { name: 'Save bank details' }).click();
  await expect(summary).toContainText('These bank details do not match: check the sort code and account number');
  await expect(section).toContainText('Attempts1');
  await expect(section.getByText('Not confirmed')).toBeVisible();

  await section.getByLabel('Sort code').fill('200000');
  await section.getByLabel('Account number').fill('55779911');
  await section.getByLabel('Type of account').selectOption('business');
  await section.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText('Your direct-debit details have been updated')).toBeVisible();
  await expect(section.getByText('Successful')).toBeVisible();
  await expect(section).toContainText('BankBarclays');
  await expect(section.getByLabel('Sort code')).toHaveValue('20-00-00');
  await expect(section.getByRole('heading', { name: 'Change your bank details' })).toBeVisible();
  await expect(tile(page, 'Payment method')).toContainText('Direct debit');
});

/** The sandbox provider's hosted card page: types a test card and pays. */
async function payOnSandbox(page: Page, card: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Pay £84.00' })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay £84.00' }).click();
}

test('a customer pays the overdue balance by card: declined, then 3-D Secure failed, then approved; the balance and the home card clear @mobile', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const customer = await makeCustomer('overdue-card');
  await signInCustomer(loginPage, homePage, customer);
  await expect(page.getByText('£84.00 was due on')).toBeVisible();
  await openBilling(page);
  await tile(page, 'Balance').getByRole('link', { name: 'Pay now' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Make a payment' })).toBeVisible();
  await expect(page.getByLabel('Amount to pay (£)')).toHaveValue('84.00');
  await expectAccessible(page, 'make a payment');
  await page.getByLabel('Amount to pay (£)').fill('2');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(
    'You can pay part of your balance, from £5.00',
  );
  await page.getByLabel('Amount to pay (£)').fill('84.00');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // The provider declines the card: nothing is taken, and the customer may try again.
  await payOnSandbox(page, '4000000000000002');
  await expect(page.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeVisible();
  await expect(page).toHaveURL(/\/make-a-payment\/process\?cko-session-id=cks_/);
  await expectAccessible(page, 'payment declined');
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByLabel('Amount to pay (£)')).toHaveValue('84.00');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // A card whose bank asks for 3-D Secure, which the customer fails: nothing taken either.
  await payOnSandbox(page, '4000000000003220');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible();
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeVisible();
  await page.getByRole('link', { name: 'Try again' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // A card the provider approves.
  await payOnSandbox(page, '4242424242424242');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Thank you: your payment has been received: £84.00.');
  await expectAccessible(page, 'payment received');

  await page.getByRole('link', { name: 'Back to billing' }).click();
  await expect(tile(page, 'Balance')).toContainText('£0.00');
  await expect(tile(page, 'Balance')).toContainText('Nothing to pay');
  await expect(tile(page, 'Balance').getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  await expect(historyItems(page).first()).toContainText('Card payment - thank you');
  await expect(historyItems(page).first()).toContainText('£84.00');
  await expect(historyItems(page).nth(1)).toContainText('Paid');

  // Home's credit-control card has gone: in the same page, no reload.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${customer.first_name}` })).toBeVisible();
  await expect(page.getByText('£84.00 was due on')).toHaveCount(0);
});

test('a customer who opens the payment page in two windows and pays in both is charged once', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const customer = await makeCustomer('overdue-card');
  await signInCustomer(loginPage, homePage, customer);
  await openBilling(page);
  await tile(page, 'Balance').getByRole('link', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay £84.00' })).toBeVisible();
  const firstCheckout = page.url();

  // A second window of the same browser, before the first has paid: the same checkout, not a second one.
  const second = await page.context().newPage();
  await second.goto('/make-a-payment');
  await expect(second.getByLabel('Amount to pay (£)')).toHaveValue('84.00');
  await second.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'Pay £84.00' })).toBeVisible();
  expect(second.url()).toBe(firstCheckout);

  await payOnSandbox(page, '4242424242424242');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  // The second window's page was the same checkout: it is finished, and nothing more is taken.
  await second.getByLabel('Card number').fill('4242424242424242');
  await second.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await second.getByLabel('Security code').fill('123');
  await second.getByRole('button', { name: 'Pay £84.00' }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'This payment is finished' })).toBeVisible();
  await second.close();

  await page.getByRole('link', { name: 'Back to billing' }).click();
  await expect(tile(page, 'Balance')).toContainText('£0.00');
  await expect(tile(page, 'Balance')).toContainText('Nothing to pay');
  // One new payment at the top of the history, then the invoice it paid.
  await expect(historyItems(page).first()).toContainText('Card payment - thank you');
  await expect(historyItems(page).first()).toContainText('£84.00');
  await expect(historyItems(page).nth(1)).toContainText('Paid');
});

test('a customer who asks for more payment links than the e-mail limit reads why in the page', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const customer = await makeCustomer('overdue-card');
  await signInCustomer(loginPage, homePage, customer);
  await openBilling(page);
  const send = tile(page, 'Balance').getByRole('button', { name: 'Email a payment link' });
  const refused = page.getByText('The payment link was not sent');
  // Five an hour to one address: the sixth at the latest is refused (sooner on a retried run, whose sends count too).
  for (let i = 0; i < 6; i++) {
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) => response.url().includes('/payment-link/') && response.request().method() === 'POST',
      ),
      send.click(),
    ]);
    if (answer.status() === 429) break;
  }
  await expect(refused).toBeVisible();
  await expect(
    page.getByText(/We have sent as many emails as we can for now\. Try again in \d+ minutes?\./),
  ).toBeVisible();
});
