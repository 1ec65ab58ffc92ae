import { expect, expectAccessible, signInCustomer, test } from './fixtures.ts';

test.describe('call flows', () => {
  test('the customer finds the active flow, renames a flow, is refused enabling an unfinished one, and the simple flow refuses to enable without a greeting', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    await page.getByRole('link', { name: 'Call flows' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Call flows' })).toBeVisible();
    await expect(page).toHaveURL(/\/call-flows\/\d+\?tab=active-call-flow/);
    // The spec's own copy of Acme: its three seeded flows, Main office hours active.
    const active = page.getByRole('region', { name: 'Active call flow' });
    await expect(active).toContainText('Main office hours is your active call flow');
    const list = page.getByRole('list', { name: 'Custom call flows' });
    // Each flow's name opens it in the editor (beside it, its caller's journey).
    await expect(list.getByRole('link').filter({ hasNotText: 'Caller’s journey' })).toHaveText([
      'Main office hours',
      'Out of hours to mobile',
      'Sales line (draft)',
    ]);
    await expect(list.getByRole('link', { name: "Caller's journey of Main office hours" })).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: 'Sales line (draft)' })).toContainText('Incomplete');
    await expectAccessible(page, 'call flows page');

    // Rename: the spec's name rules, then a good name.
    await page.getByRole('button', { name: 'Rename Out of hours to mobile' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Out of hours to mobile' });
    await rename.getByLabel('Call flow name').fill('Main office hours');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(rename).toContainText('This callflow name has already been used. Please try a different name.');
    await rename.getByLabel('Call flow name').fill('');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(rename).toContainText('Please set a callflow name');
    await rename.getByLabel('Call flow name').fill('Evenings');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(list.getByRole('link', { name: 'Evenings', exact: true })).toBeVisible();

    // Enabling the unfinished flow is refused with the spec's message.
    await page.getByRole('button', { name: 'Enable Sales line (draft)' }).click();
    await expect(
      page.getByText('Call flow is not valid, please complete all steps and try again').first(),
    ).toBeVisible();
    await expect(active).not.toContainText('Sales line (draft)');

    // The simple call flow: welcome greeting on without audio cannot be enabled.
    await page.getByLabel('Play a welcome greeting').check();
    await page.getByLabel('Welcome greeting audio', { exact: true }).selectOption({ label: 'Choose an audio file' });
    await page.getByRole('switch', { name: 'Enable the simple call flow' }).click();
    await expect(
      page.getByText('Please set a welcome greeting audio before enabling your simple call flow').first(),
    ).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Enable the simple call flow' })).not.toBeChecked();
    await expectAccessible(page, 'call flows page with errors');
  });

  test('a failed load says so', async ({ page, loginPage, homePage, makeCustomer }) => {
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    await page.getByRole('link', { name: 'Call flows' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Call flows' })).toBeVisible();
    const productId = new URL(page.url()).pathname.split('/')[2];
    await page.goto(`/call-flows/custom/${productId}?callflow_id=999999`);
    await expect(page.getByText('Unable to load call flow').first()).toBeVisible();
    await expectAccessible(page, 'call flow editor, failed load');
  });
});
