import type { Page } from '@playwright/test';

import type { SandboxCustomer } from '@portal/contract';

import { expect, expectAccessible, signInCustomer, test } from './fixtures.ts';

// Staff acting on customers' accounts (spec 000: profile menu, admin dialog, switch user,
// login-as). Each test makes its own member of staff and its own customer like Willow Accountancy's
// Taylor Quinn (the sandbox's customer factory), so the audit log it reads about that customer is its own.
const VIEWED_NAME = 'Taylor Quinn';

/** A new member of staff (Sam) and a new customer like Willow Accountancy's Taylor, for this test alone. */
async function staffAndCustomer(makeCustomer: (kind: 'staff' | 'staff-viewed') => Promise<SandboxCustomer>) {
  return { staff: await makeCustomer('staff'), viewed: await makeCustomer('staff-viewed') };
}

interface AuditEntry {
  action: string;
  staff: { email: string };
  customer: { email: string };
  method: string;
  path: string;
  status: number;
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('auth._token.local'));

/** The staff audit log about the viewed customer, read with the page's own session. */
async function auditLog(page: Page, viewed: SandboxCustomer): Promise<AuditEntry[]> {
  const response = await page.request.get(`/api/v3/staff/audit-log/?customer=${encodeURIComponent(viewed.email)}`, {
    headers: { Authorization: `Token ${await tokenOf(page)}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: AuditEntry[] }).results;
}

const viewing = (page: Page) => page.getByRole('banner').getByText(/^Viewing:/);

/**
 * The reload onto home that follows a switch or a return (500 ms after it): the request for the
 * home document, which only that reload makes (the way home before it is client-side). Start it
 * before the action that causes the reload, and await it before the next click, which the
 * reload would otherwise swallow. Not `waitForEvent('load')`: set up after `page.goto()`
 * it can miss a reload that lands while the busy test process is still handling the goto's own
 * load, and when that first load is late it is the reload that ends the goto, so the wait
 * never ends (the flake of the /loginas test).
 */
function reloadOntoHome(page: Page) {
  return page.waitForRequest(
    (request) =>
      request.isNavigationRequest() && request.frame() === page.mainFrame() && new URL(request.url()).pathname === '/',
  );
}

test('staff switch to a customer from the admin dialog, see "Viewing", are audited, and return', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const { staff, viewed } = await staffAndCustomer(makeCustomer);
  const unverified = (await makeCustomer('unverified')).email;
  await signInCustomer(loginPage, homePage, staff);
  await expect(viewing(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Profile and preferences',
    'Admin',
    'Show getting started',
    'Logout',
  ]);
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  const dialog = page.getByRole('dialog', { name: "Manage customers' accounts" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'admin dialog');

  // Messages show once a field is touched (left, or submitted).
  const switchForm = dialog.getByRole('form', { name: 'Switch User' });
  const resendForm = dialog.getByRole('form', { name: 'Resend verification email' });
  const switchField = switchForm.getByLabel('Switch User');
  const resendField = resendForm.getByLabel('Resend verification email');
  await expect(dialog.getByText('Email is a required field')).toHaveCount(0);
  await switchField.focus();
  await resendField.focus();
  await expect(switchForm.getByText('Email is a required field')).toBeVisible();
  await expect(resendForm.getByText('Email is a required field')).toHaveCount(0);
  await switchField.fill('taylor@');
  await expect(switchForm.getByText('Email is invalid')).toBeVisible();
  await resendForm.getByRole('button', { name: 'Send' }).click();
  await expect(resendForm.getByText('Email is a required field')).toBeVisible();
  await expectAccessible(page, 'admin dialog with field errors');

  // The server's error, in a dismissible alert.
  await switchField.fill('nobody@willow-accountancy.example');
  await switchField.press('Enter');
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText(/No user has the email address nobody@willow-accountancy\.example\./);
  await expectAccessible(page, 'admin dialog with the server error');
  await alert.getByRole('button', { name: 'Dismiss error' }).click();
  await expect(alert).toBeHidden();

  // Resend verification: the success toast, and the dialog closes.
  await resendField.fill(unverified);
  await resendForm.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Verification email has been resent successfully')).toBeVisible();

  // Switch: home, reloaded, as the customer, with the way back in the top bar.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await switchField.fill(viewed.email);
  const reloaded = reloadOntoHome(page);
  await switchField.press('Enter');
  await expect(dialog).toBeHidden();
  await reloaded;
  await expect(page).toHaveURL(/\/$/);
  await homePage.expectShown(viewed.first_name);
  await expect(viewing(page)).toHaveText(`Viewing: ${VIEWED_NAME}`);

  // Newest first; the home page's reads since the switch are entries too.
  const switched = (await auditLog(page, viewed)).find((entry) => entry.action === 'switch');
  expect(switched).toMatchObject({
    action: 'switch',
    staff: { email: staff.email },
    customer: { email: viewed.email },
    method: 'POST',
    path: '/accounts/',
    status: 200,
  });

  // Return to the staff account.
  const back = reloadOntoHome(page);
  await page.getByRole('banner').getByRole('button', { name: 'Return to my account' }).click();
  await back;
  await homePage.expectShown('Sam');
  await expect(viewing(page)).toHaveCount(0);
  const entries = await auditLog(page, viewed);
  expect(entries[0]).toMatchObject({
    action: 'return',
    staff: { email: staff.email },
    customer: { email: viewed.email },
  });
});

test('staff opening /loginas?email= switch to that customer', async ({ page, loginPage, homePage, makeCustomer }) => {
  const { staff, viewed } = await staffAndCustomer(makeCustomer);
  await signInCustomer(loginPage, homePage, staff);
  const reloaded = reloadOntoHome(page);
  await page.goto(`/loginas?email=${encodeURIComponent(viewed.email)}`);
  await reloaded;
  await expect(page).toHaveURL(/\/$/);
  await homePage.expectShown(viewed.first_name);
  await expect(viewing(page)).toHaveText(`Viewing: ${VIEWED_NAME}`);
  const entries = (await auditLog(page, viewed)).map(
    (entry) => `${entry.action} ${entry.staff.email} -> ${entry.customer.email}`,
  );
  expect(entries).toContain(`switch ${staff.email} -> ${viewed.email}`);

  const back = reloadOntoHome(page);
  await page.getByRole('banner').getByRole('button', { name: 'Return to my account' }).click();
  await back;
  await homePage.expectShown('Sam');
  await expect(viewing(page)).toHaveCount(0);
});

test('anyone else opening /loginas?email= is signed out, their token revoked', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const viewed = await makeCustomer('staff-viewed');
  const other = await makeCustomer('staff-viewed');
  await signInCustomer(loginPage, homePage, viewed);
  const token = await tokenOf(page);
  await page.goto(`/loginas?email=${encodeURIComponent(other.email)}`);
  await loginPage.expectShown();
  await expect(page).toHaveURL(/\/auth\/login\/$/);
  expect(await tokenOf(page)).toBeNull();
  const me = await page.request.get('/api/v3/me/', { headers: { Authorization: `Token ${token}` } });
  expect(me.status()).toBe(401);
});

test('staff read the audit log: what they looked at while viewing a customer, filtered by the customer', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const { staff, viewed } = await staffAndCustomer(makeCustomer);
  await signInCustomer(loginPage, homePage, staff);
  const reloaded = reloadOntoHome(page);
  await page.goto(`/loginas?email=${encodeURIComponent(viewed.email)}`);
  await reloaded;
  await homePage.expectShown(viewed.first_name);
  const back = reloadOntoHome(page);
  await page.getByRole('banner').getByRole('button', { name: 'Return to my account' }).click();
  await back;
  await homePage.expectShown('Sam');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  const dialog = page.getByRole('dialog', { name: "Manage customers' accounts" });
  // The e-mail field has the focus; leaving it for the link must not cost the click (its message waits for the release).
  await dialog.getByRole('link', { name: 'Staff audit log' }).click();
  await expect(page).toHaveURL(/\/staff\/audit-log$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff audit log' })).toBeVisible();

  await page.getByLabel('Customer’s email').fill(viewed.email);
  await page.getByLabel('Customer’s email').press('Enter');
  await expect(page).toHaveURL(new RegExp(`customer=${encodeURIComponent(viewed.email).replace(/\./g, '\\.')}`));
  // What was done to what, with the raw call as its detail.
  await expect(page.getByText('Viewed profile', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('GET /api/v3/me/', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`${staff.email} viewing ${viewed.email}`).first()).toBeVisible();
  await expectAccessible(page, 'staff audit log');
});

test('a customer opening the audit log gets the refusal, not "Page not found"', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  await signInCustomer(loginPage, homePage, await makeCustomer('staff-viewed'));
  await page.goto('/staff/audit-log');
  await expect(page.getByRole('alert')).toHaveText(
    'Only staff with the role "Allow to manage other users\' accounts" may read the staff audit log.',
  );
  await expect(page.getByText('Page not found')).toHaveCount(0);
});

test('staff viewing a customer open "Show getting started" for the selected cloud phone', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const { staff, viewed } = await staffAndCustomer(makeCustomer);
  await signInCustomer(loginPage, homePage, staff);
  const reloaded = reloadOntoHome(page);
  await page.goto(`/loginas?email=${encodeURIComponent(viewed.email)}`);
  await reloaded;
  await homePage.expectShown(viewed.first_name);

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Show getting started' }).click();
  await expect(page).toHaveURL(/\/getting-started\/welcome\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose users' })).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByText('Page not found')).toHaveCount(0);
  await expectAccessible(page, 'getting started shown by staff');
});

test('"Show getting started" for staff with no cloud phone switches to the customer, then opens their getting started', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const { staff, viewed } = await staffAndCustomer(makeCustomer);
  await signInCustomer(loginPage, homePage, staff);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Show getting started' }).click();
  // No dead end: the staff member has no cloud phone of their own, so the customer comes first.
  const dialog = page.getByRole('dialog', { name: 'Show getting started for a customer' });
  await expect(dialog).toBeVisible();
  await expect(page).not.toHaveURL(/getting-started/);
  await expectAccessible(page, 'show getting started: choose the customer');
  await dialog.getByRole('textbox', { name: "Customer's email address" }).fill(viewed.email);
  await dialog.getByRole('button', { name: 'Show getting started' }).click();
  await expect(page).toHaveURL(/\/getting-started\/welcome\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose users' })).toBeVisible();
  await expect(page.getByText('No cloud phone to set up')).toHaveCount(0);
});
