import type { Page } from '@playwright/test';

import type { SandboxCustomer } from '@portal/contract';

import { expect, expectAccessible, signInCustomer, test } from './fixtures.ts';

// Each test signs in as a new customer like Quay Glass (the sandbox's customer factory;
// server/src/modules/notifications/demo-orders.ts): 13 orders of every kind and stage, three of them
// unread. The second test opens an order (marks it read).

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const orders = (page: Page) =>
  page
    .getByRole('list', { name: 'Orders' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
const card = (page: Page, title: string) =>
  orders(page).filter({ has: page.getByRole('button', { name: new RegExp(title) }) });

/** Signs in and opens the order tracker from the side navigation (behind the menu on a phone). */
async function openTracker(
  page: Page,
  loginPage: Parameters<typeof signInCustomer>[0],
  homePage: Parameters<typeof signInCustomer>[1],
  account: SandboxCustomer,
) {
  await signInCustomer(loginPage, homePage, account);
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Order tracker' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order tracker' })).toBeVisible();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByText('13 orders')).toBeVisible();
}

async function chooseKind(page: Page, kind: string, query: string, count: number) {
  await page.getByRole('tab', { name: kind }).click();
  await expect(page.getByRole('tab', { name: kind })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(new RegExp(`/my-orders${query.replace('?', '\\?')}$`));
  await expect(page.getByText(`${count} ${count === 1 ? 'order' : 'orders'}`, { exact: true })).toBeVisible();
  await expect(orders(page)).toHaveCount(count);
}

test('the tracker lists every order with its chips, filters by kind, pages, and links to the carrier @mobile', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  await openTracker(page, loginPage, homePage, await makeCustomer('several-orders'));
  await expectAccessible(page, 'order tracker');

  // Every kind, last updated first, ten to a page.
  await expect(orders(page)).toHaveCount(10);
  await expect(orders(page).first()).toContainText('Number transfer PT-30417');
  await expect(orders(page).first()).toContainText('+441632960800 to +441632960809');
  const pages = page.getByRole('navigation', { name: 'Pages of orders' });
  await expect(pages).toContainText('Page 1 of 2');
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/my-orders\?page=2$/);
  await expect(pages).toContainText('Page 2 of 2');
  await expect(orders(page)).toHaveCount(3);
  await expect(orders(page).last()).toContainText('Hardware order HW-84988');

  // Hardware: every stage, parts and quantities, and the carriers' links (not followed: they are the carriers' sites).
  await chooseKind(page, 'Hardware', '?kind=hardware', 6);
  await expect(page.getByRole('navigation', { name: 'Pages of orders' })).toHaveCount(0);
  for (const order of await orders(page).all()) await expect(order).toContainText('Hardware order ·');
  const dispatched = card(page, 'Hardware order HW-98213');
  await expect(dispatched.getByRole('button')).toContainText('Status: Processing');
  await expect(dispatched).toContainText('2 × Yealink T54W desk phone, 1 × Yealink W73P cordless handset');
  const dpd = dispatched.getByRole('link', { name: 'Track your parcel with DPD (opens in a new tab)' });
  await expect(dpd).toHaveAttribute('href', 'https://track.dpd.co.uk/search?reference=15501234567891&postcode=BS14DB');
  await expect(dpd).toHaveAttribute('target', '_blank');
  await expect(dpd).toHaveAttribute('rel', /noopener/);
  const apc = card(page, 'Hardware order HW-97950').getByRole('link', {
    name: 'Track your parcel with APC (opens in a new tab)',
  });
  await expect(apc).toHaveAttribute('href', 'https://apcchoice.apc-overnight.com/track-parcel?id=7712346');
  await expect(apc).toHaveAttribute('target', '_blank');
  await expect(card(page, 'Hardware order HW-97950').getByRole('button')).toContainText('Status: Delivered');
  await expect(card(page, 'Hardware order HW-86402').getByRole('button')).toContainText('Status: Accepted');
  await expect(card(page, 'Hardware order HW-86402').getByRole('link')).toHaveCount(0);
  await expect(card(page, 'Hardware order HW-84988').getByRole('button')).toContainText('Status: Cancelled');
  await expectAccessible(page, 'order tracker, hardware');

  // Number transfers: the status chip and the letter of authority's.
  await chooseKind(page, 'Number transfers', '?kind=number-transfers', 4);
  const chips = (title: string) => card(page, title).getByRole('button');
  await expect(chips('Number transfer PT-30417')).toContainText('Status: AcceptedLetter of authority: Unsigned');
  await expect(chips('Number transfer PT-29873')).toContainText('Status: CompletedLetter of authority: Signed');
  await expect(chips('Number transfer PT-18990')).toContainText('Status: ProcessingLetter of authority: Cancelled');
  await expect(chips('Number transfer PT-18804')).toContainText('Status: CancelledLetter of authority: Expired');

  // Appointments: the date and the time window.
  await chooseKind(page, 'Appointments', '?kind=appointments', 3);
  const upcoming = card(page, 'Fibre router installation appointment');
  await expect(upcoming.getByRole('button')).toContainText('Status: Upcoming');
  await expect(upcoming).toContainText(/\d\d [A-Z][a-z]{2} \d{4}, 08:00-13:00/);
  await expect(card(page, 'Phone line survey appointment').getByRole('button')).toContainText('Status: Cancelled');
  await expect(card(page, 'Broadband installation appointment').getByRole('button')).toContainText('Status: Completed');

  // The filter is in the address bar: back returns to the number transfers; a reload keeps them.
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Number transfers' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(orders(page)).toHaveCount(4);
  await page.getByRole('tab', { name: 'All orders' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(orders(page)).toHaveCount(10);
});

test('opening an order shows its details and marks it read, in the notification centre too', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  await openTracker(page, loginPage, homePage, await makeCustomer('several-orders'));
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');

  const order = card(page, 'Hardware order HW-98213');
  const opener = order.getByRole('button', { name: /Hardware order HW-98213/ });
  await expect(opener).toHaveAccessibleName(/^Unread\. /);
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  // Keyboard: the heading's button opens it.
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  const details = order.getByRole('definition');
  await expect(order.getByRole('term')).toContainText([
    'Items',
    'Order',
    'Ordered',
    'Last updated',
    'Dispatched',
    'Carrier',
    'Tracking number',
    'Delivery post code',
  ]);
  await expect(details).toContainText(['2 × Yealink T54W desk phone1 × Yealink W73P cordless handset', 'HW-98213']);
  await expect(order).toContainText('15501234567891');
  await expect(order).toContainText('BS1 4DB');
  await expect(order).toHaveAttribute('data-read', 'true');
  await expect(opener).not.toHaveAccessibleName(/^Unread\. /);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await expectAccessible(page, 'order tracker, an order open');

  // The notification centre lists only unread items: the opened order is no longer there.
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const rows = panel.getByRole('list', { name: 'Recent updates' }).getByRole('button');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Number transfer PT-30417' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Hardware order HW-98213' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // On the server too: after a reload it is still read, and closing it again is only a view change.
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  const again = card(page, 'Hardware order HW-98213').getByRole('button', { name: /Hardware order HW-98213/ });
  await expect(again).not.toHaveAccessibleName(/^Unread\. /);
  await expect(again).toHaveAttribute('aria-expanded', 'false');
});
