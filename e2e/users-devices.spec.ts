import type { Page } from '@playwright/test';

import type { SandboxCustomer } from '@portal/contract';

import { expect, expectAccessible, latestMessage, test, type HomePage, type LoginPage } from './fixtures.ts';

// Users and devices as a new customer would use it: users, PINs, add-ons, devices. Each test signs in as
// a customer of its own like Acme on supplier 2, with Dana Fox locked out and two desk phones (the sandbox's
// customer factory, kind locked-user): unlocking her, adding users and devices are for good.

async function openUsersPage(page: Page, loginPage: LoginPage, homePage: HomePage, customer: SandboxCustomer) {
  await signIn(page, loginPage, homePage, customer);
  await page.goto('/users-devices');
  await expect(page).toHaveURL(/\/users-devices\/\d+\?tab=users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users and devices' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Users' }).getByTestId('seat').first()).toBeVisible();
}

/** Signs in as this test's customer; home may take a while on a busy machine (the start-up loads every status). */
async function signIn(page: Page, loginPage: LoginPage, homePage: HomePage, customer: SandboxCustomer) {
  await loginPage.goto();
  await loginPage.signIn(customer.email, customer.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Alex' })).toBeVisible({ timeout: 30_000 });
  await homePage.expectShown('Alex');
}

const seat = (page: Page, name: string) =>
  page.getByTestId('seat').filter({ has: page.getByRole('heading', { name }) });

test('the locked user: the status card leads to the banner, each refused PIN is said, a good one unlocks her and both go', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  test.setTimeout(120_000);
  await signIn(page, loginPage, homePage, await makeCustomer('locked-user'));
  const card = page.getByText('Dana Fox is locked out');
  await expect(card).toBeVisible();
  await page.getByRole('link', { name: 'Go to users and devices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users and devices' })).toBeVisible();
  const banner = page.getByTestId('locked-user-banner');
  await expect(banner).toContainText('Dana Fox is locked out');
  await expect(seat(page, 'Dana Fox')).toContainText('Locked');
  await expectAccessible(page, 'users and devices: users');

  await banner.getByRole('button', { name: 'Reset PIN and unlock' }).click();
  const dialog = page.getByRole('dialog', { name: "Reset Dana Fox's PIN" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'reset PIN dialog');
  const tryPin = async (pin: string, confirmation: string, message: string) => {
    await dialog.getByLabel('New PIN', { exact: true }).fill(pin);
    await dialog.getByLabel('Confirm new PIN', { exact: true }).fill(confirmation);
    await dialog.getByRole('button', { name: 'Reset PIN' }).click();
    // Once, at its field (which takes the focus): no summary or alert says it again.
    await expect(dialog.getByText(message)).toHaveCount(1);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(
      dialog.getByLabel(message === 'The PINs do not match' ? 'Confirm new PIN' : 'New PIN', { exact: true }),
    ).toBeFocused();
  };
  await tryPin('123456', '123456', 'Sequential numbers i.e 123456 are not allowed');
  await tryPin('555555', '555555', 'Repetitive numbers i.e 555555 are not allowed');
  await tryPin('12345', '12345', 'PIN must be 6 digits');
  await tryPin('48091a', '48091a', 'PIN must contain numbers only');
  await tryPin('480913', '480931', 'The PINs do not match');
  await dialog.getByLabel('New PIN', { exact: true }).fill('480913');
  await dialog.getByLabel('Confirm new PIN', { exact: true }).fill('480913');
  await dialog.getByRole('button', { name: 'Reset PIN' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Dana Fox's PIN has been reset and they are unlocked")).toBeVisible();
  await expect(banner).toBeHidden();
  await expect(seat(page, 'Dana Fox')).not.toContainText('Locked');

  // Home: the locked-user status card has gone (after a reload too: the server no longer lists her).
  await page.goto('/');
  await homePage.expectShown('Alex');
  await expect(page.getByText('Dana Fox is locked out')).toHaveCount(0);
});

test('add a user with the price shown, send the invite, change an add-on upward and open the user’s own page @mobile', async ({
  page,
  loginPage,
  homePage,
  request,
  makeCustomer,
}) => {
  test.setTimeout(180_000);
  await openUsersPage(page, loginPage, homePage, await makeCustomer('locked-user'));
  const run = `${test.info().project.name}-${test.info().repeatEachIndex}-${Date.now()}`;
  const email = `jo.banks.${run}@acme-plumbing.example`;

  // Add a user: the seat's price and VAT before confirming; the form's rules first.
  await page.getByRole('button', { name: 'Add a user' }).click();
  const add = page.getByRole('dialog', { name: 'Add a user' });
  await expect(add.getByTestId('seat-price')).toContainText('£14.40 a month');
  await expect(add.getByTestId('seat-price')).toContainText('£12.00 a month plus VAT of £2.40');
  await expectAccessible(page, 'add user dialog');
  await add.getByRole('button', { name: 'Add user for £14.40 a month' }).click();
  await expect(add.getByRole('link', { name: 'First name is a required field' })).toBeVisible();
  await add.getByLabel('First name').fill('Jo');
  await add.getByLabel('Last name').fill('Banks');
  await add.getByLabel('E-mail address').fill(email);
  await add.getByRole('button', { name: 'Add user for £14.40 a month' }).click();
  await expect(add).toBeHidden();
  const jo = seat(page, 'Jo Banks');
  await expect(jo).toBeVisible();
  await expect(jo).toContainText('Cloud phone user');

  // The invite goes through the mail adapter: it is in the outbox.
  await jo.getByRole('button', { name: 'Send invite to Jo Banks' }).click();
  await expect(page.getByText(`The invite has been sent to ${email}`)).toBeVisible();
  const mail = await latestMessage(request, email, 'email');
  expect(mail.subject).toBe('You have been invited to your cloud phone');
  expect(mail.body).toContain('Hello Jo,');

  // Add-ons: Alex's current video add-on is a 'Call us to upgrade' one, so it shows '(Included)'.
  await seat(page, 'Alex Morgan').getByRole('button', { name: 'Add-ons of Alex Morgan' }).click();
  const alexAddOns = page.getByRole('dialog', { name: 'Add-ons for Alex Morgan' });
  await expect(alexAddOns.getByRole('radio', { name: 'Pro video 1-14 (Included)' })).toBeChecked();
  await expect(alexAddOns.getByRole('radio', { name: 'Pro video 1-14 (Included)' })).toBeDisabled();
  await expect(alexAddOns.getByRole('radio', { name: 'Call recording 3yr storage' })).toBeChecked();
  await expect(alexAddOns.getByRole('radio', { name: /^Call recording \(on-demand\)/ })).toBeDisabled();
  await expectAccessible(page, 'add-ons dialog');
  await alexAddOns.getByRole('button', { name: 'Cancel' }).click();

  // Tom has none: he takes call recording with 3 years' storage; then the on-demand one stays disabled (lower and 'Call us').
  const tom = seat(page, 'Tom Walsh');
  await tom.getByRole('button', { name: 'Add-ons of Tom Walsh' }).click();
  const tomAddOns = page.getByRole('dialog', { name: 'Add-ons for Tom Walsh' });
  await expect(tomAddOns.getByRole('radio', { name: /^Call recording \(on-demand\)/ })).toBeDisabled();
  await expect(tomAddOns.getByText('Call us to upgrade').first()).toBeVisible();
  await tomAddOns.getByRole('radio', { name: 'Call recording 3yr storage' }).check();
  await tomAddOns.getByRole('button', { name: 'Save add-ons' }).click();
  await expect(tomAddOns).toBeHidden();
  await expect(tom).toContainText('Call recording 3yr storage');
  await tom.getByRole('button', { name: 'Add-ons of Tom Walsh' }).click();
  await expect(tomAddOns.getByRole('radio', { name: 'Call recording 3yr storage' })).toBeChecked();
  await expect(tomAddOns.getByRole('radio', { name: 'Call recording 5yr storage' })).toBeEnabled();
  await tomAddOns.getByRole('button', { name: 'Cancel' }).click();

  // Tom's own page, from the list.
  await tom.getByRole('link', { name: 'Tom Walsh' }).click();
  await expect(page).toHaveURL(/\/user\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tom Walsh' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Call recording 3yr storage');
  await expectAccessible(page, "a user's own page");
  await page.getByRole('button', { name: 'Edit Tom Walsh' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Tom Walsh' });
  await edit.getByLabel('First name').fill('Thomas');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thomas Walsh' })).toBeVisible();
});

/** A MAC address no other run uses (a locally administered one, 02:...), typed lower case with dashes as a user might. */
function uniqueMac(): { typed: string; shown: string } {
  const n = (Date.now() * 16 + (test.info().project.name === 'mobile' ? 8 : 0) + test.info().repeatEachIndex) % 2 ** 40;
  const hex = `02${n.toString(16).padStart(10, '0')}`;
  const pairs = hex.match(/../g)!;
  return { typed: pairs.join('-'), shown: pairs.join(':').toUpperCase() };
}

const device = (page: Page, name: string) =>
  page.getByTestId('device').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('devices: assign a port and free one, add a device by MAC address (a bad one first), copy its provisioning string, give a user a desk phone from their page and remove the device', async ({
  page,
  loginPage,
  homePage,
  context,
  makeCustomer,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openUsersPage(page, loginPage, homePage, await makeCustomer('locked-user'));
  await page.getByRole('tab', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/\/users-devices\/\d+\?tab=devices$/);
  const deskPhone = device(page, 'Yealink T46U');
  await expect(deskPhone).toContainText('00:15:65:A0:');
  await expect(deskPhone).toContainText('4 ports: 2 in use, 2 free');
  await expect(deskPhone.getByTestId('port').nth(0)).toContainText('Port 1: Alex Morgan (extension 200)');
  await expect(deskPhone.getByTestId('port').nth(2)).toContainText('Port 3: Free');
  await expectAccessible(page, 'users and devices: devices');

  // Port 3 to Dana Fox (no other test renames her): a user is asked for first.
  await deskPhone.getByRole('button', { name: 'Assign port 3 of the Yealink T46U' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign port 3 of the Yealink T46U' });
  await assign.getByRole('button', { name: 'Assign port' }).click();
  await expect(assign.getByRole('link', { name: 'Choose a user for the port' })).toBeVisible();
  await expectAccessible(page, 'assign port dialog');
  await assign.getByLabel('User').selectOption({ label: 'Dana Fox (extension 203)' });
  await assign.getByRole('button', { name: 'Assign port' }).click();
  await expect(assign).toBeHidden();
  await expect(deskPhone.getByTestId('port').nth(2)).toContainText('Port 3: Dana Fox (extension 203)');
  await expect(deskPhone).toContainText('4 ports: 3 in use, 1 free');

  // Free Priya's port.
  await deskPhone.getByRole('button', { name: 'Free port 2 of the Yealink T46U (Priya Shah)' }).click();
  await expect(deskPhone.getByTestId('port').nth(1)).toContainText('Port 2: Free');
  await expect(deskPhone).toContainText('4 ports: 2 in use, 2 free');

  // Bring your own: a bad MAC address is refused with the rule; a good one in any form is kept in one form.
  const mac = uniqueMac();
  await page.getByRole('button', { name: 'Add a device' }).click();
  const add = page.getByRole('dialog', { name: 'Add a device' });
  await add.getByLabel('Device').selectOption({ label: 'Grandstream HT802 (2 ports)' });
  await add.getByLabel('MAC address').fill('00:1A:2B:3C:4D');
  await add.getByRole('button', { name: 'Add device' }).click();
  await expect(
    add.getByRole('link', { name: 'Enter a MAC address of 12 hex digits (0-9 and A-F), such as 00:1A:2B:3C:4D:5E' }),
  ).toBeVisible();
  await expectAccessible(page, 'add device dialog with an error');
  await add.getByLabel('MAC address').fill(mac.typed);
  await add.getByRole('button', { name: 'Add device' }).click();
  await expect(add).toBeHidden();

  // Its provisioning string, copied with the shared copy button.
  const provisioning = page.getByRole('dialog', { name: 'Provisioning string for the Grandstream HT802' });
  await expect(provisioning).toContainText(`MAC address ${mac.shown}`);
  const copy = provisioning.getByRole('button', { name: /^Copy provisioning string: / });
  await expect(copy).toHaveText(new RegExp(`/${mac.shown.replace(/:/g, '').toLowerCase()}\\.cfg\\?key=[\\w-]+$`));
  const shown = await copy.innerText();
  await expectAccessible(page, 'provisioning string dialog');
  await copy.click();
  const tooltip = page.locator(`[id="${await copy.getAttribute('aria-describedby')}"]`);
  await expect(tooltip).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  await provisioning.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(provisioning).toBeHidden();
  const added = device(page, 'Grandstream HT802');
  await expect(added).toContainText(mac.shown);
  await expect(added).toContainText('2 ports: 0 in use, 2 free');

  // Dana's own page shows her desk phone.
  await page.getByRole('tab', { name: 'Users' }).click();
  await seat(page, 'Dana Fox').getByRole('link', { name: 'Dana Fox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dana Fox' })).toBeVisible();
  const danasDevices = page.getByRole('region', { name: 'Devices' });
  await expect(danasDevices).toContainText('Yealink T46U, port 3 (MAC address 00:15:65:A0:');
  // From her page she is given the small desk phone too: its first free port (port 2; Tom is on 1).
  await danasDevices.getByRole('button', { name: 'Give a desk phone' }).click();
  const give = page.getByRole('dialog', { name: 'Give Dana Fox a desk phone' });
  await expect(give.getByLabel('Device').getByRole('option', { name: /^Yealink T46U/ })).toHaveCount(0);
  await give.getByLabel('Device').selectOption({
    label: await give
      .getByLabel('Device')
      .getByRole('option', { name: /^Yealink T31P .* \(1 free\)$/ })
      .innerText(),
  });
  await expectAccessible(page, 'give a desk phone dialog');
  await give.getByRole('button', { name: 'Give a port' }).click();
  await expect(give).toBeHidden();
  await expect(danasDevices).toContainText('Yealink T31P, port 2 (MAC address 00:15:65:A0:');
  await page.getByRole('link', { name: 'Manage devices' }).click();
  await expect(page).toHaveURL(/\/users-devices\/\d+\?tab=devices$/);

  // Remove the device just added, after confirming.
  await page.getByRole('button', { name: `Remove the Grandstream HT802 ${mac.shown}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove the Grandstream HT802?' });
  await expect(confirm).toContainText(mac.shown);
  await confirm.getByRole('button', { name: 'Remove device' }).click();
  await expect(confirm).toBeHidden();
  await expect(added).toHaveCount(0);
  await expect(deskPhone).toBeVisible();
});

test('a user just added is offered in a transfer step’s picker in the call-flow editor', async ({
  page,
  loginPage,
  homePage,
  isMobile,
  makeCustomer,
}) => {
  test.setTimeout(150_000);
  await openUsersPage(page, loginPage, homePage, await makeCustomer('locked-user'));
  const run = `${test.info().repeatEachIndex}-${Date.now()}`;
  await page.getByRole('button', { name: 'Add a user' }).click();
  const add = page.getByRole('dialog', { name: 'Add a user' });
  await add.getByLabel('First name').fill('Sam');
  await add.getByLabel('Last name').fill('Reed');
  await add.getByLabel('E-mail address').fill(`sam.reed.${run}@acme-plumbing.example`);
  await add.getByRole('button', { name: /^Add user for/ }).click();
  await expect(add).toBeHidden();
  const sam = seat(page, 'Sam Reed');
  await expect(sam).toBeVisible();
  const extension = (await sam.getByText(/^\d+$/).first().innerText()).trim();

  // Through the side navigation (on a phone, in its menu), as a user goes: a new flow, its transfer step replaced by a new one.
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Call flows' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Call flows' })).toBeVisible();
  await page.getByRole('link', { name: 'Create call flow' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Edit call flow Custom call flow/ })).toBeVisible();
  const canvas = page.getByRole('region', { name: 'Call flow canvas' });
  await expect(canvas).toHaveAttribute('aria-busy', 'false');
  await canvas.getByRole('button', { name: 'Transfer: Transfer', exact: true }).click();
  await canvas.getByRole('button', { name: 'Delete Transfer: Transfer' }).click();
  await expect(canvas).toHaveAttribute('aria-busy', 'false');
  await canvas.getByRole('button', { name: /^Add a step after In hours:/ }).click();
  const palette = page.getByRole('dialog', { name: /^Add a step after In hours/ });
  await palette.getByRole('button', { name: 'Transfer', exact: true }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer: Transfer' });
  await expect(transfer.getByRole('checkbox', { name: `Sam Reed · ext ${extension}` })).toBeVisible();
  await expect(transfer.getByRole('checkbox', { name: 'Alex Morgan · ext 200' })).toBeVisible();
});
