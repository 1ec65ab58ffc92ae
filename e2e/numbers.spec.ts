import type { Page } from '@playwright/test';

import type { SandboxCustomer } from '@portal/contract';

import { expect, expectAccessible, signInCustomer, test, type HomePage, type LoginPage } from './fixtures.ts';

// Each test signs in as a customer of its own like Acme with 21 numbers, Tom on 3 of them (the sandbox's
// customer factory, kind many-numbers; server/src/modules/numbers/demo-numbers.ts).
// Its n-th number (from 1) as the page shows numbers (spec 001 section 9): +44 instead of the leading 0.
const numberOf = (customer: SandboxCustomer, n: number) => `+44${customer.numbers[n - 1]!.slice(1)}`;

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

/** Signs in and opens /phone-numbers, which goes to the first cloud phone's page. */
async function openNumbers(page: Page, loginPage: LoginPage, homePage: HomePage, customer: SandboxCustomer) {
  await signInCustomer(loginPage, homePage, customer);
  await page.goto('/phone-numbers');
  await expect(page).toHaveURL(/\/phone-numbers\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Phone numbers' })).toBeVisible();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
}

test.describe('phone numbers', () => {
  test('the 21st number is on page 2; a number is assigned to a user, a user with 3 numbers cannot take one @mobile', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const customer = await makeCustomer('many-numbers');
    await openNumbers(page, loginPage, homePage, customer);
    const list = page.getByRole('list', { name: /^Numbers, page/ });
    await expect(list.getByText(numberOf(customer, 1), { exact: true })).toBeVisible();
    await expect(list.getByText(numberOf(customer, 21), { exact: true })).toHaveCount(0);
    await expectAccessible(page, 'phone numbers');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(list.getByText(numberOf(customer, 21), { exact: true })).toBeVisible();

    // Line 20, back on page 1, rings no one: assign it to Priya.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    const number = numberOf(customer, 20);
    const row = list.getByRole('listitem').filter({ hasText: number });
    await expect(row).toContainText('Not Assigned');
    await row.getByRole('button', { name: `Assign ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Assign ${number}` });
    await expect(dialog.getByRole('radio', { name: /^Tom Walsh/ })).toBeDisabled();
    await expect(dialog.getByText('Already has 3 numbers')).toBeVisible();
    await expectAccessible(page, 'assign dialog');
    await dialog.getByRole('radio', { name: /^Priya Shah/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Priya Shah');
    await expect(row).toContainText('201');

    // And back to no one.
    await row.getByRole('button', { name: `Change user of ${number}` }).click();
    await dialog.getByRole('radio', { name: 'No one (Not Assigned)' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Not Assigned');
  });

  test('buying a Gold number puts it on the site and in a NUMBER_CHANGE notification', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    await openNumbers(page, loginPage, homePage, await makeCustomer('many-numbers'));
    await page.getByRole('button', { name: 'Buy a number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy a number' });
    const results = dialog.getByRole('list', { name: 'Numbers you can buy' });
    await expect(results.getByRole('img', { name: 'Gold, 3 stars' }).first()).toBeVisible();
    await expect(results.getByRole('img', { name: 'Included, 1 star' }).first()).toBeVisible();
    await dialog.getByLabel('Area code').selectOption('0113');
    await dialog.getByLabel('Rating').selectOption('GOLD');
    await expect(results.getByRole('listitem').first()).toContainText('Leeds');
    await expect(results.getByRole('img', { name: 'Silver, 2 stars' })).toHaveCount(0);
    await expectAccessible(page, 'buy a number');
    const first = results.getByRole('listitem').first();
    const bought = ((await first.getByRole('button', { name: /^Choose / }).getAttribute('aria-label')) ?? '').replace(
      'Choose ',
      '',
    );
    expect(bought).toMatch(/^\+441134960\d{3}$/);
    await first.getByRole('button', { name: /^Choose / }).click();
    await expect(dialog).toContainText('£20.00 one-off');
    await dialog.getByRole('button', { name: `Buy ${bought}` }).click();
    await expect(dialog).toBeHidden();

    // On the site (the last page), ready to assign; and in the notification centre.
    const position = page.getByText(/^Page \d+ of \d+$/);
    for (;;) {
      const [, at, of] = /^Page (\d+) of (\d+)$/.exec((await position.textContent()) ?? '') ?? [];
      if (at === of) break;
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(position).toHaveText(`Page ${Number(at) + 1} of ${of}`);
    }
    await expect(
      page
        .getByRole('list', { name: /^Numbers, page/ })
        .getByRole('listitem')
        .filter({ hasText: bought }),
    ).toContainText('Not Assigned');
    await bell(page).click();
    await expect(panel(page).getByText(`${bought} has been added to your phone system.`)).toBeVisible();
  });

  test('a search with no numbers says so', async ({ page, loginPage, homePage, makeCustomer }) => {
    await openNumbers(page, loginPage, homePage, await makeCustomer('many-numbers'));
    await page.getByRole('button', { name: 'Buy a number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy a number' });
    // Reading has gold numbers only.
    await dialog.getByLabel('Area code').selectOption('0118');
    await expect(dialog.getByRole('list', { name: 'Numbers you can buy' }).getByRole('listitem').first()).toContainText(
      'Reading',
    );
    await dialog.getByLabel('Rating').selectOption('SILVER');
    await expect(dialog.getByRole('alert')).toHaveText(
      'No numbers are free for that search. Try another area code or rating.',
    );
  });

  test("a transfer shows the server's message when refused, then becomes an order with an unsigned letter of authority on the bell", async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    await openNumbers(page, loginPage, homePage, await makeCustomer('many-numbers'));
    await page.getByRole('button', { name: 'Transfer a number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer a number' });
    const number = `0191 498 0${String(Date.now() % 1000).padStart(3, '0')}`;
    await dialog.getByLabel('Number to transfer').fill(number);
    const earliest = await dialog.getByLabel('Transfer date').inputValue();
    await dialog.getByLabel('Transfer date').fill(new Date().toISOString().slice(0, 10));
    await dialog.getByRole('button', { name: 'Request transfer' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a transfer date at least 7 days from today.');
    await dialog.getByLabel('Transfer date').fill(earliest);
    await expectAccessible(page, 'transfer dialog');
    await dialog.getByRole('button', { name: 'Request transfer' }).click();
    await expect(dialog.getByRole('status')).toContainText(
      `Transfer requested: +44${number.replace(/\s/g, '').slice(1)}`,
    );
    await expect(dialog.getByRole('status')).toContainText('Letter of authority: Unsigned');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await expect(bell(page)).toHaveAccessibleName(/a letter of authority is waiting to be signed/);
    await expect(bell(page).locator('[data-tone]')).toHaveAttribute('data-tone', 'warning');
    await bell(page).click();
    await expect(panel(page).getByText('Sign your letter of authority').first()).toBeVisible();
  });
});
