import type { Page } from '@playwright/test';

import { expect, expectAccessible, latestMessage, linkIn, signInCustomer, test } from './fixtures.ts';

// Each test's customer is new, like Tern Freight (billed as Harbour Freight: card, £84.00 overdue;
// the sandbox's customer factory): the holder asks for a payment link on Billing, signs out, and pays
// from the e-mail.

const mobile = () => test.info().project.name === 'mobile';

/** Types a card on the sandbox's hosted checkout and pays. */
async function payOnSandbox(page: Page, amount: string, card: string) {
  await expect(page.getByRole('heading', { level: 1, name: `Pay ${amount}` })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

test('the account holder pays signed out from an e-mailed payment link, which then refuses a second use @mobile', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const customer = await makeCustomer('overdue-card');
  await signInCustomer(loginPage, homePage, customer);
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Billing' }).first().click();
  const balance = page.getByRole('region', { name: 'Balance' });
  await expect(balance).toContainText('£84.00');
  await balance.getByRole('button', { name: 'Email a payment link' }).click();
  await expect(page.getByText('We have e-mailed a payment link to the account holder')).toBeVisible();
  await homePage.logout();
  await expect(page).toHaveURL(/\/auth\/login\/?$/);

  const mail = await latestMessage(page.request, customer.email, 'email');
  expect(mail.subject).toContain('Pay your Tern Freight');
  expect(mail.body).toContain('The link works for one payment, for 7 days.');
  const link = linkIn(mail.body);
  expect(link).toMatch(/^\/make-a-payment\?tkn=/);

  // Signed out: the link's balance, a part payment declined, then the rest approved.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Make a payment' })).toBeVisible();
  await expect(page.getByText(customer.company, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Amount to pay (£)')).toHaveValue('84.00');
  await expectAccessible(page, 'make a payment from a link');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payOnSandbox(page, '£84.00', '4000000000000002');
  await expect(page.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeVisible();
  // A decline leaves the link working: try again keeps it.
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/make-a-payment\?tkn=/);
  await expect(page.getByLabel('Amount to pay (£)')).toHaveValue('84.00');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payOnSandbox(page, '£84.00', '4242424242424242');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Thank you: your payment has been received: £84.00.');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'payment received from a link');

  // The same link again: used, with the way to sign in.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(
    'This payment link has been used already. Sign in to see your balance or pay again.',
  );
  await expect(page.getByLabel('Amount to pay (£)')).toHaveCount(0);
  await expectAccessible(page, 'used payment link');
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/login\/?$/);

  // Signed in, the payment is on the account.
  await loginPage.signIn(customer.email, customer.password);
  await homePage.expectShown(customer.first_name);
  await expect(page.getByText('£84.00 was due on')).toHaveCount(0);
});

test('the account holder sets up a direct debit from an e-mailed mandate link, signed out: a refused account, then a good one; the link then refuses a second use @mobile', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const customer = await makeCustomer('overdue-card');
  await signInCustomer(loginPage, homePage, customer);
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Billing' }).first().click();
  await page.getByRole('button', { name: 'Email a direct-debit form to the account holder' }).click();
  await expect(page.getByText('We have e-mailed a direct-debit form to the account holder')).toBeVisible();
  await homePage.logout();
  await expect(page).toHaveURL(/\/auth\/login\/?$/);

  const mail = await latestMessage(page.request, customer.email, 'email');
  expect(mail.subject).toContain('Set up a Direct Debit for Tern Freight');
  const link = linkIn(mail.body);
  expect(link).toMatch(/^\/mandate-entry\/[A-Za-z0-9_-]+$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up a Direct Debit' })).toBeVisible();
  await expect(page.getByText('collected on the 8th of each month')).toBeVisible();
  await expect(page.getByLabel('Name on the account')).toHaveValue(customer.company);
  await expectAccessible(page, 'mandate entry');
  // A bad sort code: the contract's rule, on the page.
  await page.getByLabel('Sort code').fill('12-34');
  await page.getByLabel('Account number').fill('66374958');
  await page.getByRole('button', { name: 'Set up the Direct Debit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(
    'Enter a sort code of 6 digits',
  );
  // An account the banks' modulus check refuses.
  await page.getByLabel('Sort code').fill('08-99-99');
  await page.getByLabel('Account number').fill('66374959');
  await page.getByRole('button', { name: 'Set up the Direct Debit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  await expectAccessible(page, 'mandate refused');
  await page.getByLabel('Account number').fill('66374958');
  await page.getByLabel('Type of account').selectOption('business');
  await page.getByRole('button', { name: 'Set up the Direct Debit' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Direct Debit set up' })).toBeVisible();
  await expect(page).toHaveURL(/\/mandate-entry\/[A-Za-z0-9_-]+\/success$/);
  await expect(page.getByRole('status')).toContainText(`Your direct debit is set up for ${customer.company}`);
  await expectAccessible(page, 'mandate set up');

  // The link again: used.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This direct-debit link has been used already.');
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await loginPage.signIn(customer.email, customer.password);
  await homePage.expectShown(customer.first_name);
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Billing' }).first().click();
  await expect(page.getByRole('region', { name: 'Payment method' })).toContainText('Direct debit');
});

test('a payment link that was never sent says it is not valid and offers to sign in', async ({ page }) => {
  await page.goto('/make-a-payment?tkn=not-a-real-link');
  await expect(page.getByRole('heading', { level: 1, name: 'Make a payment' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This payment link is not valid. Sign in to pay your balance.');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('the account holder saves a card for recurring payments from an e-mailed link, signed out; the used link, and an expired one, show invalid-link @mobile', async ({
  page,
  browser,
  baseURL,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const customer = await makeCustomer('overdue-card');
  await signInCustomer(loginPage, homePage, customer);
  if (mobile()) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Billing' }).first().click();
  const method = page.getByRole('region', { name: 'Payment method' });
  await expect(method).toContainText('No card saved for your bills');
  await method.getByRole('button', { name: 'Email a card payment set-up link' }).click();
  await expect(page.getByText('We have e-mailed a card payment set-up link to the account holder')).toBeVisible();

  const mail = await latestMessage(page.request, customer.email, 'email');
  expect(mail.subject).toContain('Set up card payments for Tern Freight');
  expect(mail.body).toContain('The link works once, for 7 days.');
  const link = linkIn(mail.body);
  expect(link).toMatch(/^\/recurring-card-payment\/[A-Za-z0-9_-]+$/);

  // In a browser of its own, signed out: the provider's page in card set-up mode saves the card, nothing charged.
  // The project's device (a phone's viewport, touch and user agent on mobile), without the signed-in state.
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const guest = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  const holder = await guest.newPage();
  await holder.goto(link);
  await expect(holder.getByRole('heading', { level: 1, name: 'Set up card payments' })).toBeVisible();
  await expect(holder.getByText('the 8th of each month')).toBeVisible();
  await expectAccessible(holder, 'recurring card payment');
  await holder.getByRole('button', { name: 'Continue to add a card' }).click();
  await expect(holder.getByRole('heading', { level: 1, name: 'Save a card for future payments' })).toBeVisible();
  await holder.getByLabel('Card number').fill('4242424242424242');
  await holder.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await holder.getByLabel('Security code').fill('123');
  await holder.getByRole('button', { name: 'Save card' }).click();
  await expect(holder.getByRole('heading', { level: 1, name: 'Card payments set up' })).toBeVisible();
  await expect(holder).toHaveURL(/\/recurring-card-payment\/setup-complete$/);
  await expect(holder.getByRole('status')).toContainText('Your card is saved for future payments: Visa ending 4242.');

  // The same link again: used, so invalid-link, with the way to sign in.
  await holder.goto(link);
  await expect(holder).toHaveURL(/\/recurring-card-payment\/invalid-link$/);
  await expect(holder.getByRole('alert')).toContainText('This card payment link has been used already.');
  await expect(holder.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await guest.close();

  // The customer's Billing page shows the card as the provider gave it.
  await page.reload();
  await expect(method).toContainText('Visa ending 4242');

  // A second link, expired (through the sandbox outbox; the server's tests cover expiry by time): invalid-link says so.
  await method.getByRole('button', { name: 'Email a card payment set-up link' }).click();
  await expect
    .poll(async () => (await latestMessage(page.request, customer.email, 'email')).id)
    .toBeGreaterThan(mail.id);
  const second = await latestMessage(page.request, customer.email, 'email');
  const csrf = ((await (await page.request.get('/auth/csrf/')).json()) as { csrftoken: string }).csrftoken;
  const expired = await page.request.post(`/sandbox/outbox/${second.id}/expire-links/`, {
    headers: { 'X-CSRFToken': csrf },
  });
  expect(expired.status(), await expired.text()).toBe(200);
  await page.goto(linkIn(second.body));
  await expect(page).toHaveURL(/\/recurring-card-payment\/invalid-link$/);
  await expect(page.getByRole('alert')).toContainText('This card payment link has expired.');
});
