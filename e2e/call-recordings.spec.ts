import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

import { expect, expectAccessible, mp3Info, signInCustomer, test } from './fixtures.ts';

// Each test signs in as a customer of its own like Acme with 30 days of calls (the sandbox's customer factory,
// kind call-history): deleting recordings and setting the admin password change what another test would see.

/** From home, the side navigation's "Call history" (behind the menu on a phone). */
async function openCallHistory(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Call history' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Call history and recordings' })).toBeVisible();
  await expect(page).toHaveURL(/\/call-recordings\/\d+$/);
}

/** The number of calls the list says it found, once the list has loaded. */
async function callCount(page: Page): Promise<number> {
  await expect(page.getByTestId('recordings-results')).not.toHaveAttribute('aria-busy', 'true');
  const text = await page.getByText(/^\d+ calls? from /).textContent();
  return Number(/^(\d+)/.exec(text ?? '')?.[1]);
}

async function filter(page: Page, range: string | null, keyword: string): Promise<void> {
  if (range) await page.getByLabel('Date').selectOption({ label: range });
  await page.getByLabel('Keyword in transcripts').fill(keyword);
  // The list's answer for these filters: until it has come, the page still shows (not busy, for a moment) the
  // count of the filters before.
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' && new URL(response.url()).searchParams.get('keyword') === keyword,
  );
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=${keyword}`));
  await answered;
  await expect(page.getByTestId('recordings-results')).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('list', { name: 'Calls with recordings' })).toBeVisible();
}

/** The entries of a stored zip's central directory. */
function zipNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  return Array.from({ length: zip.readUInt16LE(end + 10) }, () => {
    const length = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + length);
    at += 46 + length;
    return name;
  });
}

test.describe('call history and recordings', () => {
  test('filter by 7 days and a keyword, play one, download one and a zip, read the transcript @mobile', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    test.setTimeout(180_000);
    await signInCustomer(loginPage, homePage, await makeCustomer('call-history'));
    await openCallHistory(page);
    await expect(page.getByText(/^\d+ calls? from /)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Listen to the recording of/ }).first()).toBeVisible();
    await expectAccessible(page, 'call history');
    const month = await callCount(page);

    await filter(page, 'Last 7 days', 'boiler');
    await expect(page).toHaveURL(/range=7d/);
    const week = await callCount(page);
    expect(week).toBeGreaterThanOrEqual(3);
    expect(week).toBeLessThan(month);

    // Play the first one on its waveform.
    await page
      .getByRole('button', { name: /^Listen to the recording of/ })
      .first()
      .click();
    const player = page.getByTestId('recording-player');
    await expect(player.getByRole('button', { name: /^(Play|Pause) the recording of/ })).toBeEnabled({
      timeout: 30_000,
    });
    if (await player.getByRole('button', { name: /^Play the recording/ }).isVisible())
      await player.getByRole('button', { name: /^Play the recording/ }).click();
    await expect(player.getByRole('button', { name: /^Pause the recording of/ })).toBeVisible();
    await expect(player.getByRole('status')).toHaveText('Playing');
    await expectAccessible(page, 'call history, playing');

    // Download one.
    const [one] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /^Download the recording of/ })
        .first()
        .click(),
    ]);
    expect(one.suggestedFilename()).toMatch(/^call_recording_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.mp3$/);
    const mp3 = mp3Info(readFileSync(await one.path()));
    expect(mp3.sampleRate).toBe(8000);
    expect(mp3.durationMs).toBeGreaterThan(3000);

    // Select three and download them as one zip.
    const boxes = page.getByRole('checkbox', { name: /^Select the recording of/ });
    for (let i = 0; i < 3; i++) await boxes.nth(i).check();
    const zipping = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Download selected (3)' }).click();
    // Said at once, before the first byte; then how much has come.
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /^(Preparing 3 recordings as one zip…|Downloading: \d+%|Downloaded recordings-)/ }),
    ).toBeVisible({ timeout: 1000 });
    const zip = await zipping;
    expect(zip.suggestedFilename()).toMatch(/^recordings-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.zip$/);
    const names = zipNames(readFileSync(await zip.path()));
    expect(names).toHaveLength(3);
    expect(names.every((name) => /^call_recording_.*\.mp3$/.test(name))).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: /^Downloaded recordings-/ })).toBeVisible();

    // Select all selects the page's; with all selected it clears them.
    await page.getByRole('button', { name: 'Select all' }).click();
    await expect(boxes.first()).toBeChecked();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(boxes.first()).not.toBeChecked();

    // The transcript, the keyword highlighted.
    await page
      .getByRole('button', { name: /^Transcript of the recording of/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Transcript of / });
    await expect(dialog.getByText(/^Started .* · Length /)).toBeVisible();
    await expect(dialog.locator('mark').first()).toHaveText(/^boiler$/i);
    await expectAccessible(page, 'transcript');
    const [transcript] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download transcript' }).click(),
    ]);
    expect(transcript.suggestedFilename()).toMatch(/^transcript-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.txt$/);
    expect(readFileSync(await transcript.path(), 'utf8')).toMatch(/boiler/i);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('delete two, find them under recently deleted, restore one @mobile', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    await signInCustomer(loginPage, homePage, await makeCustomer('call-history'));
    await openCallHistory(page);
    await filter(page, null, 'quote');
    const before = await callCount(page);
    expect(before).toBeGreaterThanOrEqual(2);
    const boxes = page.getByRole('checkbox', { name: /^Select the recording of/ });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();
    await expect(page.getByText('2 recordings moved to recently deleted')).toBeVisible();
    await expect(page.getByText(new RegExp(`^${before - 2} calls? from `))).toBeVisible();

    await page.getByRole('link', { name: 'Recently deleted' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Recently deleted recordings' })).toBeVisible();
    await expect(page.getByText(/^2 calls from /)).toBeVisible();
    await expect(page.getByText(/removed for good on /).first()).toBeVisible();
    await expectAccessible(page, 'recently deleted');
    await page
      .getByRole('checkbox', { name: /^Select the recording of/ })
      .first()
      .check();
    await page.getByRole('button', { name: 'Restore selected (1)' }).click();
    await expect(page.getByText('1 recording restored')).toBeVisible();
    await expect(page.getByText(/^1 call from /)).toBeVisible();

    await page.getByRole('link', { name: 'Back to call history' }).click();
    await expect(page.getByText(new RegExp(`^${before - 1} calls? from `))).toBeVisible();
  });

  test('set the admin password; listening asks for it @mobile', async ({ page, loginPage, homePage, makeCustomer }) => {
    await signInCustomer(loginPage, homePage, await makeCustomer('call-history'));
    await openCallHistory(page);
    await page.getByRole('button', { name: 'Set admin password' }).click();
    const set = page.getByRole('dialog', { name: 'Set an admin password' });
    await set.getByLabel('New admin password').fill('short');
    await set.getByRole('button', { name: 'Save password' }).click();
    await expect(set.getByText('The password must be at least 8 characters')).toBeVisible();
    await set.getByLabel('New admin password').fill('tap water 42');
    await set.getByRole('button', { name: 'Save password' }).click();
    await expect(set).toBeHidden();
    await expect(page.getByText('The call-recording admin password has been set')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change admin password' })).toBeVisible();

    await page
      .getByRole('button', { name: /^Listen to the recording of/ })
      .first()
      .click();
    const asked = page.getByRole('dialog', { name: 'Call-recording admin password' });
    await expect(asked).toBeVisible();
    await expectAccessible(page, 'admin password asked');
    await asked.getByLabel('Admin password').fill('not it at all');
    await asked.getByRole('button', { name: 'Continue' }).click();
    await expect(asked.getByText('The call-recording admin password is not correct')).toBeVisible();
    await asked.getByLabel('Admin password').fill('tap water 42');
    await asked.getByRole('button', { name: 'Continue' }).click();
    await expect(asked).toBeHidden();
    await expect(
      page.getByTestId('recording-player').getByRole('button', { name: /^(Play|Pause) the recording of/ }),
    ).toBeEnabled({ timeout: 30_000 });
  });

  test('the recording add-on wizard: recording, interaction, storage, review @mobile', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    // The delete test's copy: it never looks at the users' add-ons.
    await signInCustomer(loginPage, homePage, await makeCustomer('call-history'));
    await openCallHistory(page);
    await page.getByRole('button', { name: 'Add call recording' }).click();
    const wizard = page.getByRole('dialog', { name: 'Call recording: Recording' });
    await expect(wizard.getByText('Step 1 of 4')).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();
    await wizard.getByRole('checkbox', { name: /^Tom Walsh/ }).check();
    await expectAccessible(page, 'recording add-on wizard');
    await wizard.getByRole('button', { name: 'Next' }).click();

    const interaction = page.getByRole('dialog', { name: 'Call recording: Interaction' });
    await expect(interaction.getByRole('radio', { name: 'Call recording (on-demand)' })).toBeDisabled();
    await expect(interaction.getByText('Call us to upgrade', { exact: false })).toBeVisible();
    await expect(interaction.getByRole('radio', { name: 'Every call' })).toBeChecked();
    await interaction.getByRole('button', { name: 'Next' }).click();

    const storage = page.getByRole('dialog', { name: 'Call recording: Storage' });
    await storage.getByRole('radio', { name: 'Call recording 5yr storage' }).check();
    await storage.getByRole('button', { name: 'Next' }).click();

    const review = page.getByRole('dialog', { name: 'Call recording: Review' });
    await expect(review.getByText('Step 4 of 4')).toBeVisible();
    await expect(review.getByRole('list', { name: 'Users' })).toHaveText('Tom Walsh: added');
    await review.getByRole('button', { name: 'Add call recording' }).click();
    await expect(review).toBeHidden();
    await expect(page.getByText('Call recording 5yr storage added for 1 user')).toBeVisible();

    // Reopened, Tom has it now.
    await page.getByRole('button', { name: 'Add call recording' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Call recording: Recording' }).getByText('Call recording 5yr storage'),
    ).toBeVisible();
  });
});
