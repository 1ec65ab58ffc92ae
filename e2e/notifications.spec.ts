import type { Page } from '@playwright/test';

import { expect, expectAccessible, signInCustomer, test } from './fixtures.ts';

// Each test signs in as a customer of its own like Kestrel Electrical (the sandbox's customer factory; the
// centre is server/src/modules/notifications/demo-notifications.ts), so what one marks read no other sees.

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

async function openPanel(page: Page) {
  await bell(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(panel(page).getByText('Loading notifications')).toHaveCount(0);
}

test.describe('notification centre', () => {
  test('home shows the three newest updates, merged as the panel merges them, and opens the panel @mobile', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    await signInCustomer(loginPage, homePage, await makeCustomer('notifications'));
    const recent = page.getByRole('region', { name: 'Recent updates' });
    const items = recent.getByRole('listitem');
    await expect(items).toHaveCount(3);
    for (const [index, [type, title]] of [
      ['Notification', 'Your broadband may be affected'],
      ['Service update', 'Broadband outage in Leeds LS11'],
      ['Notification', 'Sign your letter of authority'],
    ].entries()) {
      await expect(items.nth(index)).toContainText(type!);
      await expect(items.nth(index)).toContainText(title!);
    }
    await expect(recent).not.toContainText('Number transfer PT-20417');
    await expectAccessible(page, 'home with recent updates');
    await recent.getByRole('button', { name: 'See all notifications' }).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page)).toBeFocused();
    await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();
  });

  test('the bell shows the unread count in the warning colour; details open from the merged list and mark items read', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    await signInCustomer(loginPage, homePage, await makeCustomer('notifications'));
    await expect(bell(page)).toHaveAccessibleName(
      'Notifications, 8 unread, a letter of authority is waiting to be signed',
    );
    const badge = bell(page).locator('[data-tone]');
    await expect(badge).toHaveText('8');
    await expect(badge).toHaveAttribute('data-tone', 'warning');
    await expect(badge).toHaveCSS('background-color', 'rgb(180, 83, 9)');

    await openPanel(page);
    await expect(panel(page)).toBeFocused();
    await expect(panel(page).getByRole('heading', { name: 'Notifications' })).toBeVisible();
    // Service updates, notifications and orders merged, newest first; only unread ones.
    const rows = panel(page).getByRole('list', { name: 'Recent updates' }).getByRole('button');
    await expect(rows).toHaveCount(8);
    const expected = [
      ['Notification', 'Your broadband may be affected'],
      ['Service update', 'Broadband outage in Leeds LS11'],
      ['Notification', 'Sign your letter of authority'],
      ['Order', 'Number transfer PT-20417'],
      ['Notification', 'Number added'],
      ['Order', 'Hardware order HW-88213'],
      ['Order', 'Fibre router installation appointment'],
      ['Service update', 'Planned maintenance: call recordings'],
    ];
    for (const [index, [type, title]] of expected.entries()) {
      await expect(rows.nth(index)).toContainText(type!);
      await expect(rows.nth(index)).toContainText(title!);
    }
    await expect(rows.nth(2)).toContainText('Unsigned');
    await expect(rows.nth(3)).toContainText('Accepted');
    await expect(rows.nth(5)).toContainText('Processing');
    await expect(rows.nth(6)).toContainText('Upcoming');
    await expectAccessible(page, 'notification panel');

    // The letter of authority: opening it marks it read.
    await panel(page)
      .getByRole('button', { name: /Sign your letter of authority/ })
      .click();
    const cloa = page.getByRole('dialog', { name: 'Sign your letter of authority' });
    await expect(cloa).toContainText('Letter of authority: Unsigned');
    await expect(cloa).toContainText('+441632960500 to +441632960509');
    await expect(cloa).toContainText('the transfer cannot go ahead until it is signed');
    await expectAccessible(page, 'letter of authority dialog');
    await expect(bell(page)).toHaveAccessibleName(/^Notifications, 7 unread, a letter of authority/);
    await cloa.getByRole('button', { name: 'Close' }).click();
    await expect(cloa).toBeHidden();
    const cloaRow = panel(page).getByRole('button', { name: /Sign your letter of authority/ });
    await expect(cloaRow).toBeFocused();
    await expect(cloaRow).toHaveAttribute('data-read', 'true');

    // A hardware order with its carrier's tracking link; Escape closes only the dialog.
    await panel(page)
      .getByRole('button', { name: /Hardware order HW-88213/ })
      .click();
    const order = page.getByRole('dialog', { name: 'Order details' });
    await expect(order).toContainText('2 × Yealink T54W desk phone');
    await expect(order.getByRole('link', { name: /Track your parcel with DPD/ })).toHaveAttribute(
      'href',
      'https://track.dpd.co.uk/search?reference=15501234567890&postcode=YO17HH',
    );
    await expectAccessible(page, 'order details dialog');
    await page.keyboard.press('Escape');
    await expect(order).toBeHidden();
    await expect(panel(page)).toBeVisible();

    // A service update: its HTML body, shown safely; reading it also reads its notification.
    await panel(page)
      .getByRole('button', { name: /Broadband outage in Leeds LS11/ })
      .click();
    const update = page.getByRole('dialog', { name: 'Broadband outage in Leeds LS11' });
    await expect(update.getByText('Investigating')).toBeVisible();
    await expect(update.getByRole('listitem')).toHaveText([
      'Cloud phone calls are not affected.',
      'There is no need to restart your router.',
    ]);
    await expect(update.getByRole('link', { name: /status page/ })).toHaveAttribute(
      'href',
      'https://status.example.com/incidents/ls11',
    );
    await expect(update).toContainText(/Updated \d\d [A-Z][a-z]{2} \d{4}/);
    await expectAccessible(page, 'service update dialog');
    await update.getByRole('button', { name: 'Close' }).click();
    // 8 less the letter of authority, the order, the update and the update's notification.
    await expect(bell(page)).toHaveAccessibleName(/^Notifications, 4 unread, a letter of authority/);
    await expect(panel(page).getByRole('button', { name: /Your broadband may be affected/ })).toHaveAttribute(
      'data-read',
      'true',
    );

    // Escape closes the panel and focus goes back to the bell; read items are gone next time.
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();
    await expect(bell(page)).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName(/^Notifications, 4 unread, a letter of authority/);
    await openPanel(page);
    await expect(panel(page).getByRole('list', { name: 'Recent updates' }).getByRole('button')).toHaveCount(4);
  });

  test('"Clear all" marks everything read: "No recent updates", and the unsigned letter of authority stays reachable', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    await signInCustomer(loginPage, homePage, await makeCustomer('notifications'));
    await expect(bell(page)).toHaveAccessibleName(/^Notifications, [1-9]\d* unread/);
    await openPanel(page);
    await panel(page).getByRole('button', { name: 'Clear all' }).click();
    await expect(panel(page).getByRole('status').filter({ hasText: 'No recent updates' })).toBeVisible();
    await expect(panel(page).getByRole('list', { name: 'Recent updates' })).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName(
      'Notifications, 0 unread, a letter of authority is waiting to be signed',
    );
    await expect(bell(page).locator('[data-tone]')).toHaveAttribute('data-tone', 'warning');
    await expectAccessible(page, 'notification panel after Clear all');

    await panel(page)
      .getByRole('button', { name: /Letter of authority not signed/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Sign your letter of authority' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(bell(page)).toHaveAccessibleName(
      'Notifications, 0 unread, a letter of authority is waiting to be signed',
    );
    await openPanel(page);
    await expect(panel(page).getByText('No recent updates')).toBeVisible();
  });
});

test.describe('notification centre on a small screen @phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the panel fits the width of the screen and closes with Escape', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    await signInCustomer(loginPage, homePage, await makeCustomer('notifications'));
    await openPanel(page);
    const box = await panel(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(box!.width).toBeGreaterThan(300);
    await expectAccessible(page, 'notification panel on a small screen');
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();
  });
});
