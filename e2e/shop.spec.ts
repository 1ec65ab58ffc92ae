import type { Page } from '@playwright/test';

import { expect, expectAccessible, productIdOf, signInCustomer, test } from './fixtures.ts';

// Each test signs in as a customer of its own from the sandbox's customer factory: like Acme on supplier 2 (the
// shop open), like Meadow Lane Vets (an installation address without a county), or like Acme (voip3).

const basket = (page: Page) => page.getByRole('complementary', { name: 'Basket' });
const t31pDevices = (page: Page) =>
  page.getByTestId('device').filter({ has: page.getByRole('heading', { name: 'Yealink T31P', exact: true }) });

async function openFromMenu(page: Page, link: string) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: link }).first().click();
}

/** The phone's Yealink T31P desk phones under users and devices, counted once the list shows. */
async function countT31P(page: Page): Promise<number> {
  await expect(page.getByRole('tab', { name: 'Devices' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page
      .getByRole('list', { name: 'Devices' })
      .or(page.getByText(/no devices/i))
      .first(),
  ).toBeVisible();
  return t31pDevices(page).count();
}

test('buy two phones delivered to another postcode: totals with VAT, added to the next bill, then in the tracker and under users and devices', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  test.setTimeout(120_000);
  await signInCustomer(loginPage, homePage, await makeCustomer('shop'));

  // The devices the phone has before.
  await page.goto('/users-devices');
  await expect(page).toHaveURL(/\/users-devices\/\d+\?tab=users$/);
  const productId = productIdOf(page);
  await page.getByRole('tab', { name: 'Devices' }).click();
  const before = await countT31P(page);

  // The shop from the side navigation, its basket emptied first.
  await openFromMenu(page, 'Shop');
  await expect(page).toHaveURL(/\/shop\?tab=all-items$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Phones' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Desk phones' })).toBeVisible();
  const quantity = page.getByRole('spinbutton', { name: 'Quantity of Yealink T31P desk phone' });
  await quantity.fill('0');
  await expect(basket(page)).toContainText('Your basket is empty');
  await expect(basket(page).getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await expectAccessible(page, 'shop');

  const item = page.getByRole('listitem', { name: 'Yealink T31P desk phone' });
  await expect(item).toContainText('£59.99 + VAT');
  await item.getByRole('button', { name: 'One more Yealink T31P desk phone' }).click();
  await item.getByRole('button', { name: 'One more Yealink T31P desk phone' }).click();
  await expect(quantity).toHaveValue('2');

  const expectTotals = async (where: ReturnType<Page['getByRole']>) => {
    await expect(where.getByRole('list', { name: /items$/ })).toContainText('2 × Yealink T31P desk phone£119.98');
    await expect(where.getByRole('list', { name: /items$/ })).toContainText('Delivery£7.99');
    const totals = where.getByRole('list', { name: 'Totals' });
    await expect(totals).toContainText('Subtotal£127.97');
    await expect(totals).toContainText('VAT (20%)£25.59');
    await expect(totals).toContainText('Total with VAT£153.56');
  };
  await expectTotals(basket(page));
  await expect(basket(page)).toContainText('Your order is added to your next bill');
  // On a phone the basket is below the shelves: a link at the top says what is in it and leads there.
  const toBasket = page.getByRole('link', { name: 'Basket: 2 items, £153.56 with VAT' });
  if (test.info().project.name === 'mobile') {
    await toBasket.click();
    await expect(page).toHaveURL(/#shop-basket$/);
  } else {
    await expect(toBasket).toBeHidden();
  }

  // The basket survives a reload.
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Yealink T31P desk phone' })).toHaveValue('2');
  await expectTotals(basket(page));

  // Delivery: the installation address is offered; another one is found by postcode.
  await basket(page).getByRole('button', { name: 'Checkout' }).click();
  const delivery = page.getByRole('dialog', { name: 'Delivery address' });
  await expect(delivery).toContainText('LS11 5PZ');
  await expectAccessible(page, 'delivery address dialog');
  await delivery.getByRole('button', { name: 'Deliver to another address' }).click();
  await delivery.getByLabel('Postcode').fill('CF10 1EP');
  await delivery
    .getByLabel('Select business address')
    .selectOption({ label: 'Corner Cafe, 1 Tidewater Street, Cardiff, CF10 1EP' });
  await delivery.getByRole('button', { name: 'Continue' }).click();

  const summary = page.getByRole('dialog', { name: 'Checkout summary' });
  await expect(summary.getByTestId('delivery-address')).toContainText('CF10 1EP');
  await expectTotals(summary);
  await expect(summary).toContainText('Added to your next bill');
  await expectAccessible(page, 'checkout summary dialog');
  await summary.getByRole('button', { name: 'Continue to payment' }).click();

  // The payment step: added to the next bill, confirmed once.
  await expect(page).toHaveURL(/\/shop\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  await expect(page.getByText('£153.56 (with VAT) is added to your next bill. You pay nothing now.')).toBeVisible();
  await expectAccessible(page, 'shop payment');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  const placed = page.getByRole('heading', { name: /^Order HW-\d+ is placed$/ });
  await expect(placed).toBeVisible();
  const reference = (await placed.textContent())!.match(/HW-\d+/)![0];
  await expect(page.getByText('£153.56 (with VAT) has been added to your next bill.')).toBeVisible();
  await expect(page.getByText('2 devices have been added to your cloud phone.')).toBeVisible();

  // The order in the tracker.
  await page.getByRole('link', { name: 'Follow it in the order tracker' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order tracker' })).toBeVisible();
  const order = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: new RegExp(`Hardware order ${reference}`) }) });
  await expect(order).toContainText('2 × Yealink T31P desk phone');
  await expect(order.getByRole('button')).toContainText('Status: Accepted');

  // And in the notification centre, unread.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(
    panel
      .getByRole('list', { name: 'Recent updates' })
      .getByRole('button')
      .filter({ hasText: `Hardware order ${reference}` }),
  ).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await order.getByRole('button').click();
  await expect(order).toContainText('Delivery post codeCF10 1EP');
  await expect(order).toContainText('PaymentAdded to your next bill');

  // The devices under users and devices.
  await page.goto(`/users-devices/${productId}?tab=devices`);
  await expect.poll(() => countT31P(page)).toBe(before + 2);

  // The basket is empty again.
  await page.goto('/shop?tab=all-items');
  await expect(basket(page)).toContainText('Your basket is empty');
});

test('an order to an installation address without a county: completed in the delivery dialog, then placed and in the tracker @mobile', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  test.setTimeout(120_000);
  // Like Meadow Lane Vets: the installation address has no county.
  await signInCustomer(loginPage, homePage, await makeCustomer('every-product-kind'));
  await openFromMenu(page, 'Shop');
  await expect(page).toHaveURL(/\/shop\?tab=all-items$/);
  const quantity = page.getByRole('spinbutton', { name: 'Quantity of Yealink T31P desk phone' });
  await quantity.fill('0');
  await expect(basket(page)).toContainText('Your basket is empty');
  await page
    .getByRole('listitem', { name: 'Yealink T31P desk phone' })
    .getByRole('button', { name: 'One more Yealink T31P desk phone' })
    .click();
  await expect(quantity).toHaveValue('1');
  await basket(page).getByRole('button', { name: 'Checkout' }).click();

  // Deliver here: the address lacks the county an order needs, so the same dialog asks for it.
  const delivery = page.getByRole('dialog', { name: 'Delivery address' });
  await expect(delivery).toContainText('Meadow Lane Veterinary Centre, 12 Meadow Lane, Bristol, BS3 4AB');
  await delivery.getByRole('button', { name: 'Deliver here' }).click();
  await expect(delivery).toContainText('Your installation address has no county. Add it to deliver here.');
  await expect(delivery.getByLabel('Address line 1')).toHaveValue('Meadow Lane Veterinary Centre');
  await expect(delivery.getByLabel('Town/City')).toHaveValue('Bristol');
  await expect(delivery.getByLabel('County')).toBeFocused();
  await delivery.getByRole('button', { name: 'Continue' }).click();
  await expect(delivery.getByText('County is a required field').first()).toBeVisible();
  await expectAccessible(page, 'delivery address dialog: completing the county');
  await delivery.getByLabel('County').fill('Bristol');
  await delivery.getByRole('button', { name: 'Continue' }).click();

  const summary = page.getByRole('dialog', { name: 'Checkout summary' });
  await expect(summary.getByTestId('delivery-address')).toContainText('BS3 4AB');
  await summary.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/shop\/payment$/);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  const placed = page.getByRole('heading', { name: /^Order HW-\d+ is placed$/ });
  await expect(placed).toBeVisible();
  await expect(page.getByText('Your order was not placed')).toHaveCount(0);
  const reference = (await placed.textContent())!.match(/HW-\d+/)![0];

  // In the order tracker, to the installation address's postcode.
  await page.getByRole('link', { name: 'Follow it in the order tracker' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order tracker' })).toBeVisible();
  const order = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: new RegExp(`Hardware order ${reference}`) }) });
  await expect(order).toContainText('1 × Yealink T31P desk phone');
  await order.getByRole('button').click();
  await expect(order).toContainText('Delivery post codeBS3 4AB');

  // The server holds it: the order is among the account's orders.
  const token = await page.evaluate(() => localStorage.getItem('auth._token.local'));
  const orders = await page.request.get('/api/v3/orders/?type=all&page_size=50', {
    headers: { Authorization: `Token ${token}` },
  });
  expect(orders.status()).toBe(200);
  expect(JSON.stringify(await orders.json())).toContain(reference);
});

test('a voip3 customer is sent from the shop to coming soon', async ({ page, loginPage, homePage, makeCustomer }) => {
  await signInCustomer(loginPage, homePage, await makeCustomer('cloud-phone'));
  await openFromMenu(page, 'Shop');
  await expect(page).toHaveURL(/\/coming-soon$/);
  await expect(page.getByText('The shop is not open for your cloud phone yet.')).toBeVisible();
});
