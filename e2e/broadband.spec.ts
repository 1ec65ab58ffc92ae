import type { Page } from '@playwright/test';

import { expect, expectAccessible, latestMessage, linkIn, signInCustomer, test } from './fixtures.ts';

// Broadband availability and sign-up (spec 000 section 2, spec 001 "Broadband"), as a
// new visitor: the sandbox's broadband data (server/src/sandbox/broadband/) has full fibre on both
// networks at LS11 5PZ, standard only at NR2 4PL and nothing at YO1 7HH. The sign-up's approval
// books an installation on the account whose e-mail the details give: each run signs up as a new
// customer like Canal Bakery (the sandbox's customer factory).

async function findAddress(page: Page, postcode: string, address: string, button: string) {
  await page.getByLabel('Postcode').fill(postcode);
  await page.getByRole('button', { name: 'Find addresses' }).click();
  await page.getByLabel('Select your business address').selectOption({ label: address });
  await page.getByRole('button', { name: button }).click();
}

const card = (page: Page, name: string) => page.getByRole('region', { name });

test('availability: full fibre, standard only, nothing, and a postcode with no address to check', async ({ page }) => {
  await page.goto('/broadband-availability');
  await expect(page.getByRole('heading', { level: 1, name: 'Check broadband availability' })).toBeVisible();
  await expectAccessible(page, 'broadband availability');

  // The postcode rule first, then a postcode with no address that can be checked (tracked as a failed search).
  await page.getByRole('button', { name: 'Find addresses' }).click();
  await expect(page.getByText('Error: Postcode is a required field')).toBeVisible();
  await page.getByLabel('Postcode').fill('zz99 9zz');
  await page.getByRole('button', { name: 'Find addresses' }).click();
  await expect(
    page.getByText('ZZ99 9ZZ returned no addresses we can check, please try another postcode'),
  ).toBeVisible();
  const tracked = await page.evaluate(() =>
    JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []),
  );
  expect(tracked).toContain('"event":"Broadband address search failed"');

  // Full fibre on both networks; the address without a reference is not offered.
  await page.getByLabel('Postcode').fill('ls11 5pz');
  await page.getByRole('button', { name: 'Find addresses' }).click();
  const select = page.getByLabel('Select your business address');
  await expect(select.locator('option')).toHaveText([
    '3 addresses found',
    'Unit 4, Canal Wharf, Water Lane, Leeds, LS11 5PZ',
    'Unit 5, Canal Wharf, Water Lane, Leeds, LS11 5PZ',
    'Unit 6, Canal Wharf, Water Lane, Leeds, LS11 5PZ',
  ]);
  await page.getByRole('button', { name: 'Check availability' }).click();
  await expect(page.getByText('Error: Select your business address from the list')).toBeVisible();
  await select.selectOption({ label: 'Unit 5, Canal Wharf, Water Lane, Leeds, LS11 5PZ' });
  await page.getByRole('button', { name: 'Check availability' }).click();
  await expect(page).toHaveURL(/\/broadband-availability\/results\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Broadband at your address' })).toBeVisible();
  await expect(card(page, 'Full Fibre')).toContainText('Available');
  await expect(card(page, 'Full Fibre')).toContainText('Up to 1000 Mbps download and 115 Mbps upload');
  await expect(card(page, 'Full Fibre')).toContainText('Available on network 1 and network 2');
  await expect(card(page, 'Standard')).toContainText('Up to 80 Mbps download and 20 Mbps upload');
  await expect(page.getByRole('button', { name: 'Sign up for broadband' })).toBeVisible();
  await expectAccessible(page, 'broadband results: full fibre');

  // Standard only.
  await page.getByRole('link', { name: 'Check another address' }).click();
  await findAddress(page, 'NR2 4PL', '9 Orchard Row, Norwich, NR2 4PL', 'Check availability');
  await expect(card(page, 'Full Fibre')).toContainText('Not available');
  await expect(card(page, 'Standard')).toContainText('Available on network 1 and network 2');
  await expect(card(page, 'Standard')).toContainText('Up to 80 Mbps download');
  await expect(page.getByRole('button', { name: 'Sign up for broadband' })).toBeVisible();

  // Nothing: no sign-up, another address instead.
  await page.getByRole('link', { name: 'Check another address' }).click();
  await findAddress(page, 'YO1 7HH', '12 Mill Lane, York, YO1 7HH', 'Check availability');
  await expect(page.getByText('Sorry, no broadband is available at this address yet.')).toBeVisible();
  // The number to call, to dial at a tap.
  await expect(page.getByRole('link', { name: '+443069990123' })).toHaveAttribute('href', 'tel:+443069990123');
  await expect(card(page, 'Full Fibre')).toContainText('Not available');
  await expect(card(page, 'Standard')).toContainText('Not available');
  await expect(page.getByRole('button', { name: 'Sign up for broadband' })).toHaveCount(0);
  await expectAccessible(page, 'broadband results: nothing');
});

test('the sign-up sends a visitor to the address page unless the page asked for is allowed next', async ({ page }) => {
  for (const path of [
    '/broadband-signup',
    '/broadband-signup/summary',
    '/broadband-signup/details',
    '/broadband-signup/tariffs',
    '/broadband-signup/nonsense',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/broadband-signup\/address$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Where do you need broadband?' })).toBeVisible();
  }
  // An address allows the tariffs, not yet the details.
  await findAddress(page, 'BN1 1YE', 'Suite 2, 40 North Road, Brighton, BN1 1YE', 'Continue');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your broadband' })).toBeVisible();
  await page.goto('/broadband-signup/details');
  await expect(page).toHaveURL(/\/broadband-signup\/address$/);
  // The results page without an address is the search.
  await page.goto('/broadband-availability/results');
  await expect(page).toHaveURL(/\/broadband-availability$/);
});

async function toDetails(page: Page) {
  await page.goto('/broadband-signup/address');
  await findAddress(page, 'LS11 5PZ', 'Unit 6, Canal Wharf, Water Lane, Leeds, LS11 5PZ', 'Continue');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your broadband' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Full Fibre' }).getByRole('radio')).toHaveCount(3);
  await expect(page.getByRole('group', { name: 'Standard' }).getByRole('radio')).toHaveCount(2);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('alert', { name: 'There is a problem' }).getByRole('link', { name: 'Choose a tariff' }),
  ).toBeVisible();
  await page.getByRole('radio', { name: /^Full Fibre 900/ }).check();
  await expectAccessible(page, 'broadband tariffs');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your business details' })).toBeVisible();
}

test('a visitor signs up from address to summary; the approved installation shows in their notifications', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  test.setTimeout(90_000);
  // Approving the sign-up adds an appointment to the account's orders: a new customer like Canal Bakery.
  const customer = await makeCustomer('broadband');

  // From the results page's next step.
  await page.goto('/broadband-availability');
  await findAddress(page, 'LS11 5PZ', 'Unit 4, Canal Wharf, Water Lane, Leeds, LS11 5PZ', 'Check availability');
  await page.getByRole('button', { name: 'Sign up for broadband' }).click();
  await expect(page).toHaveURL(/\/broadband-signup\/tariffs$/);
  await page.getByRole('radio', { name: /^Full Fibre 500/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Business details: every rule, then kept through a reload.
  await expect(page.getByRole('heading', { level: 1, name: 'Your business details' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  const summaryBox = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summaryBox).toContainText('Enter your name');
  await expect(summaryBox).toContainText('Enter your business name');
  await expect(summaryBox).toContainText('Enter your email address');
  await expect(summaryBox).toContainText('Enter a mobile phone number');
  await expect(summaryBox).toContainText('Choose your current provider');
  await page.getByLabel('Your name').fill('Robin Hale');
  await page.getByLabel('Business name').fill('Canal Bakery');
  await page.getByLabel('Email address').fill(customer.email);
  await page.getByLabel('Mobile number').fill('0113 496 0000');
  await page.getByLabel('Business phone number').fill('0113 496 0001');
  await page.getByLabel('Current broadband provider').selectOption('BT');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(summaryBox).toContainText('Enter a UK mobile number, like 07700 900982');
  await page.getByLabel('Mobile number').fill('07700 900982');
  await page.reload();
  await expect(page.getByLabel('Your name')).toHaveValue('Robin Hale');
  await expect(page.getByLabel('Email address')).toHaveValue(customer.email);
  await expect(page.getByLabel('Mobile number')).toHaveValue('07700 900982');
  await expect(page.getByLabel('Current broadband provider')).toHaveValue('BT');
  await expectAccessible(page, 'broadband details');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Summary, then the lead is created and approved.
  await expect(page.getByRole('heading', { level: 1, name: 'Check your order' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Address' })).toContainText(
    'Unit 4, Canal Wharf, Water Lane, Leeds, LS11 5PZ',
  );
  await expect(page.getByRole('region', { name: 'Tariff' })).toContainText('Full Fibre: Full Fibre 500');
  await expect(page.getByRole('region', { name: 'Tariff' })).toContainText('£45.00 a month');
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText('Canal Bakery');
  await expectAccessible(page, 'broadband summary');
  await page.getByRole('button', { name: 'Confirm and sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed up for broadband' })).toBeVisible();
  const booked = page.getByRole('status').filter({ hasText: 'Your installation appointment is on' });
  await expect(booked).toContainText(/between 08:00 and 13:00/);
  const text = (await booked.textContent()) ?? '';
  const date = /is on (\d{2} \w{3} \d{4})/.exec(text)?.[1];
  const reference = /Order reference (BB-\d+)/.exec(text)?.[1];
  expect(date).toBeTruthy();
  expect(reference).toBeTruthy();
  // The sign-up is over: its details are no longer kept.
  expect(await page.evaluate(() => window.localStorage.getItem('broadband.business-details'))).toBeNull();

  // Signed in, the customer sees the appointment in the notification centre.
  await page.getByRole('link', { name: 'Sign in', exact: true }).first().click();
  await signInCustomer(loginPage, homePage, customer);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await panel
    .getByRole('button', { name: /Broadband installation appointment/ })
    .first()
    .click();
  const order = page.getByRole('dialog', { name: 'Order details' });
  await expect(order).toContainText(reference!);
  await expect(order).toContainText(date!);
  await expect(order).toContainText('08:00-13:00');
  await expect(order).toContainText('LS11 5PZ');
});

test('a new business signs up: told what happens next, e-mailed a link to set a password, then finds the appointment in the order tracker @mobile', async ({
  page,
  loginPage,
}) => {
  test.setTimeout(120_000);
  // Its own address each run: the sign-up makes the account.
  const unique = `${test.info().project.name}-${Date.now().toString(36)}-${test.info().repeatEachIndex}`;
  const email = `e2e-broadband-new-${unique}@tern-bakery.example`;
  const password = `Flour and lighthouse ${Date.now() % 100000}`;

  await page.goto('/broadband-signup/address');
  await findAddress(page, 'LS11 5PZ', 'Unit 5, Canal Wharf, Water Lane, Leeds, LS11 5PZ', 'Continue');
  await page.getByRole('radio', { name: /^Full Fibre 500/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your business details' })).toBeVisible();
  await page.getByLabel('Your name').fill('Ren Tern');
  await page.getByLabel('Business name').fill(`Tern Bakery ${unique}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Mobile number').fill('07700 900983');
  await page.getByLabel('Current broadband provider').selectOption('BT');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your order' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and sign up' }).click();

  // The end says what happens next: an account made with the address, a link to set its password e-mailed.
  await expect(page.getByRole('heading', { level: 1, name: 'You are signed up for broadband' })).toBeVisible();
  const reference = /Order reference (BB-\d+)/.exec(
    (await page.getByRole('status').filter({ hasText: 'Order reference' }).textContent()) ?? '',
  )?.[1];
  expect(reference).toBeTruthy();
  await expect(page.getByRole('heading', { level: 2, name: 'What happens next' })).toBeVisible();
  await expect(
    page.getByText(`We have made you an account with ${email} and e-mailed you a link to set its password.`),
  ).toBeVisible();
  await expectAccessible(page, 'broadband signed up: what happens next');

  // The e-mail: the booking, and the link to set the password.
  const mail = await latestMessage(page.request, email, 'email');
  expect(mail.subject).toMatch(/^Your broadband installation is booked: \d{2} \w{3} \d{4}$/);
  expect(mail.body).toContain(reference!);
  const link = linkIn(mail.body);
  expect(link).toMatch(/^\/auth\/password_reset\/[\w-]+\/[\w-]+$/);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();

  // Signed in with it, the appointment is in the order tracker.
  await loginPage.goto();
  await loginPage.signIn(email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ren' })).toBeVisible();
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Order tracker' })).toBeVisible();
  const appointment = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /Broadband installation appointment/ }) });
  await expect(appointment).toHaveCount(1);
  await expect(appointment).toContainText('08:00-13:00');
  await appointment.getByRole('button').click();
  await expect(appointment).toContainText(reference!);
  await expect(appointment).toContainText('LS11 5PZ');
});

test('business details are restored after a reload, and dropped once 24 hours old', async ({ page }) => {
  await toDetails(page);
  await page.getByLabel('Your name').fill('Sam Example');
  await page.getByLabel('Business name').fill('Quay Cafe');
  await page.reload();
  await expect(page.getByLabel('Your name')).toHaveValue('Sam Example');
  await expect(page.getByLabel('Business name')).toHaveValue('Quay Cafe');

  // Saved 24 hours and a minute ago: too old to restore.
  await page.evaluate(() => {
    const key = 'broadband.business-details';
    const saved = JSON.parse(window.localStorage.getItem(key) ?? '{}') as { date: number };
    window.localStorage.setItem(key, JSON.stringify({ ...saved, date: Date.now() - (24 * 60 + 1) * 60 * 1000 }));
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your business details' })).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveValue('');
  await expect(page.getByLabel('Business name')).toHaveValue('');
  expect(await page.evaluate(() => window.localStorage.getItem('broadband.business-details'))).toBeNull();
});
