import { expect, expectAccessible, test } from './fixtures.ts';

// Lumen Design's ended opt-in trial (spec 000 section 4: an expired opt-in trial goes to the
// upgrade page with trigger 'trial-expired'), upgraded from /upgrade/{id} through the
// provisioning job to a working portal. Each run signs in as a new customer like Lumen Design
// (the sandbox's customer factory): upgrading ends the trial for good. The e2e server
// provisions in 6 s (PORTAL_PROVISIONING_DELAY_MS, scripts/e2e-server.mjs).

test('an ended trial upgrades: address, plan, summary, provisioning with progress (through a reload), then the portal', async ({
  page,
  loginPage,
  makeCustomer,
}) => {
  test.setTimeout(120_000);
  const user = await makeCustomer('ended-trial');

  // Signing in lands on home, whose start-up sends the ended trial to its upgrade page.
  await loginPage.goto();
  await loginPage.signIn(user.email, user.password);
  await expect(page).toHaveURL(/\/upgrade\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your free trial has ended' })).toBeVisible();
  const steps = page.getByRole('list', { name: 'Upgrade steps' });
  await expect(steps.locator('[aria-current="step"]')).toHaveText('1. Address');

  // Address: the phone's address is offered; the customer changes it with the postcode lookup.
  await expect(page.getByRole('heading', { level: 2, name: 'Confirm your installation address' })).toBeVisible();
  await expect(page.getByTestId('upgrade-current-address')).toHaveText(
    'Suite 3, 40 North Road, Brighton, East Sussex, BN1 1YE',
  );
  await expectAccessible(page, 'upgrade: address step');
  await page.getByRole('button', { name: 'Change the address' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Postcode is a required field')).toBeVisible();
  await page.getByLabel('Postcode').fill('ls11 5pz');
  const select = page.getByLabel('Select business address');
  await expect(select).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Select your business address')).toBeVisible();
  await select.selectOption({ label: 'Unit 5, Canal Wharf, Water Lane, Leeds, LS11 5PZ' });
  await page.getByRole('button', { name: 'Continue' }).click();

  // Plan: one must be chosen; the keyboard can choose it.
  await expect(page.getByRole('heading', { level: 2, name: 'Choose your plan' })).toBeFocused();
  await expect(steps.locator('[aria-current="step"]')).toHaveText('2. Plan');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/^Error: Choose a plan$/)).toBeVisible();
  await page.getByRole('radio', { name: /^Professional/ }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /^Professional/ })).toBeChecked();
  await expectAccessible(page, 'upgrade: plan step');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Summary: what was chosen, with VAT.
  await expect(page.getByRole('heading', { level: 2, name: 'Check your upgrade' })).toBeVisible();
  const summary = page.locator('dl');
  await expect(summary).toContainText('Unit 5, Canal Wharf, Water Lane, Leeds, West Yorkshire, LS11 5PZ');
  await expect(summary).toContainText('Professional');
  await expect(summary).toContainText('£18.00');
  await expect(summary).toContainText('£3.60');
  await expect(summary).toContainText('£21.60');
  await expectAccessible(page, 'upgrade: summary step');
  await page.getByRole('button', { name: 'Upgrade now' }).click();

  // Confirmation: the provisioning, polled, with visible progress.
  await expect(page.getByRole('heading', { level: 2, name: 'Setting up your phone' })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Setting up your phone' });
  await expect(progress).toBeVisible();
  await expect(steps.locator('[aria-current="step"]')).toHaveText('4. Confirmation');
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expectAccessible(page, 'upgrade: provisioning');

  // A reload mid-provisioning comes back to the progress (or, on a slow machine, to the finished upgrade).
  await page.reload();
  await expect(page.getByRole('heading', { name: /^(Setting up your phone|Your phone is upgraded)$/ })).toBeVisible();

  await expect(page.getByRole('heading', { level: 1, name: 'Your phone is upgraded' })).toBeVisible({
    timeout: 30_000,
  });
  // The trigger's words are no longer true, and the last step is done too.
  await expect(page.getByRole('heading', { name: 'Your free trial has ended' })).toHaveCount(0);
  await expect(steps.getByRole('listitem')).toHaveText([
    '1. Address (done)',
    '2. Plan (done)',
    '3. Summary (done)',
    '4. Confirmation (done)',
  ]);
  await expect(steps.locator('[aria-current="step"]')).toHaveCount(0);
  await expectAccessible(page, 'upgrade: done');
  await page.getByRole('button', { name: 'Go to your portal' }).click();

  // A working portal: home, and it stays there (no redirect back to the upgrade page).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Trial' })).toHaveCount(0);
  // The upgrade page is gone from the navigation (is_show_upgrade_page is false now).
  await expect(page.getByRole('link', { name: 'Upgrade', exact: true })).toHaveCount(0);
  await expectAccessible(page, 'home after the upgrade');
});
