import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

import type { SandboxCustomer } from '@portal/contract';

import {
  apiBytes,
  expect,
  expectAccessible,
  productIdOf,
  signInCustomer,
  test,
  wavInfo,
  type HomePage,
  type LoginPage,
} from './fixtures.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** From home, the side nav's "Phone setup" link, then a tab. */
async function openPhoneSetup(
  page: Page,
  tab: 'Voicemail' | 'Hold music' | 'Holiday schedule' | 'Temporary divert',
): Promise<string> {
  await page.getByRole('link', { name: 'Phone setup' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Phone setup' })).toBeVisible();
  // The spec's links open the holiday schedule tab.
  await expect(page).toHaveURL(/\/phone-setup\/\d+\?tab=holiday-schedule/);
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return productIdOf(page);
}

// The stored format (contract AUDIO_FORMAT): 8 kHz, 16-bit, mono.
const STORED = { sampleRate: 8000, channels: 1, bitsPerSample: 16 };

// The audio tests sign in as a customer of their own like Acme (the sandbox's customer factory).
test.describe('phone setup audio', () => {
  test('voicemail greeting: record from the microphone, trim, save; then type one out; then back to the standard greeting', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    test.setTimeout(150_000);
    await signInCustomer(loginPage, homePage, await makeCustomer('cloud-phone'));
    const productId = await openPhoneSetup(page, 'Voicemail');
    const greeting = page.getByRole('region', { name: 'Voicemail greeting' });
    await expect(greeting).toContainText('Callers hear: the standard greeting');
    await expectAccessible(page, 'phone setup, voicemail');

    // Record: the fake microphone plays 1 s of silence, 2 s of tone, 1 s of silence, over and over.
    await greeting.getByRole('button', { name: 'Change greeting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Voicemail greeting' });
    await expect(dialog.getByRole('tab', { name: 'Record' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByRole('button', { name: 'Start recording' }).click();
    await expect(dialog.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
    await expect(dialog.getByRole('timer', { name: 'Recording time' })).toContainText('0:02');
    await expectAccessible(page, 'audio dialog while recording');
    await dialog.getByRole('button', { name: 'Stop recording' }).click();
    await expect(dialog.getByRole('img', { name: /^Waveform of the audio/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Record again' })).toBeVisible();

    // Trim to the second from 0.5 s to 1.5 s.
    await dialog.getByLabel('Start (seconds)').fill('0.5');
    await dialog.getByLabel('Start (seconds)').press('Tab');
    await dialog.getByLabel('End (seconds)').fill('1.5');
    await dialog.getByLabel('End (seconds)').press('Tab');
    await expect(dialog).toContainText('Keeping 1.0 second of');
    await expectAccessible(page, 'audio dialog with a trimmed recording');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(greeting).toContainText('Callers hear: your own greeting');

    // What the server keeps is what was kept: one second, in the stored format.
    const recorded = wavInfo(await apiBytes(page, `/api/v3/voip/${productId}/phone-setup/voicemail/greeting/`));
    expect({ ...recorded, durationMs: undefined }).toEqual({ ...STORED, durationMs: undefined });
    expect(recorded.durationMs).toBeGreaterThan(980);
    expect(recorded.durationMs).toBeLessThan(1020);

    // After a reload it is still the customer's own greeting, and it plays.
    await page.reload();
    await expect(greeting).toContainText('Callers hear: your own greeting');
    await greeting.getByRole('button', { name: 'Play the voicemail greeting' }).click();
    await expect(greeting.getByRole('button', { name: 'Stop the voicemail greeting' })).toBeVisible();

    // Type one out instead: preview, listen, save.
    await greeting.getByRole('button', { name: 'Change greeting' }).click();
    await dialog.getByRole('tab', { name: 'Type out' }).click();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('Type the words the caller should hear.')).toBeVisible();
    await dialog
      .getByLabel('Words to say')
      .fill('Thank you for calling Acme Plumbing. Please leave a message after the tone.');
    await dialog.getByRole('radio', { name: 'Male', exact: true }).check();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByRole('img', { name: /^Waveform of the audio/ })).toBeVisible();
    await expect(dialog).toContainText('Text to speech, male voice');
    await expectAccessible(page, 'audio dialog with a text-to-speech take');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    const typed = wavInfo(await apiBytes(page, `/api/v3/voip/${productId}/phone-setup/voicemail/greeting/`));
    expect(typed.sampleRate).toBe(8000);
    expect(typed.durationMs).toBeGreaterThan(2000);

    // Back to the standard greeting, after a question.
    await greeting.getByRole('button', { name: 'Use the standard greeting' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Use the standard greeting?' });
    await expectAccessible(page, 'reset greeting question');
    await confirm.getByRole('button', { name: 'Use the standard greeting' }).click();
    await expect(confirm).toBeHidden();
    await expect(greeting).toContainText('Callers hear: the standard greeting');
    await expect(greeting.getByRole('button', { name: 'Use the standard greeting' })).toHaveCount(0);
  });

  test('voicemail settings: ring longer, and voicemail to e-mail refuses a bad address and keeps it', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    await signInCustomer(loginPage, homePage, await makeCustomer('cloud-phone'));
    await openPhoneSetup(page, 'Voicemail');
    const delay = page.getByRole('checkbox', { name: 'Ring for longer before voicemail answers' });
    // The tab's data is on screen before the box is read and clicked.
    await expect(page.getByRole('region', { name: 'Voicemail greeting' })).toContainText('Callers hear:');
    await expect(delay).toBeEnabled();
    await expect(delay).not.toBeChecked();
    // A click, then what the user sees: setChecked() reads the box back at once, and on a busy
    // machine the controlled box may take a moment to show the change.
    await delay.click();
    await expect(page.getByText('Calls now ring for 30 seconds').first()).toBeVisible();
    await expect(delay).toBeChecked();
    await page.reload();
    await expect(delay).toBeChecked();
    await delay.click();
    await expect(page.getByText('Calls now ring for 20 seconds').first()).toBeVisible();
    await expect(delay).not.toBeChecked();

    const toEmail = page.getByRole('checkbox', { name: 'Send each voicemail message to an e-mail address' });
    await toEmail.check();
    const address = page.getByRole('textbox', { name: 'E-mail address' });
    await address.fill('alex at acme');
    await page.getByRole('button', { name: 'Save e-mail setting' }).click();
    await expect(page.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
    await expect(address).toHaveValue('alex at acme');
    await expect(address).toBeFocused();
    await expectAccessible(page, 'voicemail to e-mail with an error');
    await address.fill('voicemail@acme-plumbing.example');
    await page.getByRole('button', { name: 'Save e-mail setting' }).click();
    await expect(
      page.getByText('Voicemail messages will be sent to voicemail@acme-plumbing.example').first(),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('voicemail@acme-plumbing.example');
    await page.getByRole('checkbox', { name: 'Send each voicemail message to an e-mail address' }).uncheck();
    await page.getByRole('button', { name: 'Save e-mail setting' }).click();
    await expect(page.getByText('Voicemail messages will no longer be sent by e-mail').first()).toBeVisible();
  });

  test('hold music: a text file is refused; a WAV and an MP3 are converted and saved; then the standard music again', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    test.setTimeout(120_000);
    await signInCustomer(loginPage, homePage, await makeCustomer('cloud-phone'));
    const productId = await openPhoneSetup(page, 'Hold music');
    await expect(page).toHaveURL(/tab=hold-music/);
    const music = page.getByRole('region', { name: 'Hold music' });
    await expect(music).toContainText('Callers hear: the standard hold music');
    await expectAccessible(page, 'phone setup, hold music');

    await music.getByRole('button', { name: 'Change hold music' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hold music' });
    await expect(dialog.getByRole('tab', { name: 'Upload' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tab', { name: 'Type out' })).toHaveCount(0);
    const file = dialog.getByLabel('Choose a file');

    await file.setInputFiles(fixture('not-audio.txt'));
    await expect(dialog.getByText('Choose an audio file, such as a WAV or MP3 recording.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expectAccessible(page, 'upload refusing a text file');

    // A 22.05 kHz stereo WAV: converted to the stored format in the browser.
    await file.setInputFiles(fixture('upload.wav'));
    await expect(dialog.getByRole('img', { name: /^Waveform of the audio/ })).toBeVisible();
    await expect(dialog).toContainText('Keeping 2.0 seconds of 2.0 seconds');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(music).toContainText('Callers hear: your own music');
    const wav = wavInfo(await apiBytes(page, `/api/v3/voip/${productId}/phone-setup/hold-music/download/`));
    expect(wav).toMatchObject(STORED);
    expect(Math.abs(wav.durationMs - 2000)).toBeLessThan(30);

    // An MP3 of 3 s.
    await music.getByRole('button', { name: 'Change hold music' }).click();
    await dialog.getByLabel('Choose a file').setInputFiles(fixture('upload.mp3'));
    await expect(dialog.getByRole('img', { name: /^Waveform of the audio/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    const mp3 = wavInfo(await apiBytes(page, `/api/v3/voip/${productId}/phone-setup/hold-music/download/`));
    expect(mp3).toMatchObject(STORED);
    expect(mp3.durationMs).toBeGreaterThan(2950);
    expect(mp3.durationMs).toBeLessThan(3150);

    await music.getByRole('button', { name: 'Use the standard hold music' }).click();
    await page
      .getByRole('alertdialog', { name: 'Use the standard hold music?' })
      .getByRole('button', { name: 'Use the standard hold music' })
      .click();
    await expect(music).toContainText('Callers hear: the standard hold music');
  });
});

// Holiday schedule, temporary divert and account add-ons: each test signs in as a customer of its own like
// Acme (the sandbox's customer factory, kind phone-setup), which starts with one holiday coming ("Team away
// days", 45 days on), no divert, Fraud guard and no international tariff.
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function signInAsNewCustomer(
  loginPage: LoginPage,
  homePage: HomePage,
  makeCustomer: (kind: 'phone-setup') => Promise<SandboxCustomer>,
): Promise<void> {
  await signInCustomer(loginPage, homePage, await makeCustomer('phone-setup'));
}

/** The side navigation's link (the drawer opened first on a phone). */
async function followNav(page: Page, name: string, isMobile: boolean): Promise<void> {
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await mainNav(page).getByRole('link', { name, exact: true }).click();
}

async function openSetupTab(
  page: Page,
  isMobile: boolean,
  tab: 'Holiday schedule' | 'Temporary divert',
): Promise<void> {
  await followNav(page, 'Phone setup', isMobile);
  await expect(page.getByRole('heading', { level: 1, name: 'Phone setup' })).toBeVisible();
  await expect(page).toHaveURL(/\/phone-setup\/\d+\?tab=holiday-schedule$/);
  await expect(page.getByRole('tab', { name: 'Holiday schedule' })).toHaveAttribute('aria-selected', 'true');
  if (tab !== 'Holiday schedule') {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  }
}

test.describe('holiday schedule, divert and add-ons', () => {
  test('holidays: add, edit, a clash and a reversed range refused, delete; the bank holidays of one nation in one click', async ({
    page,
    loginPage,
    homePage,
    isMobile,
    makeCustomer,
  }) => {
    test.setTimeout(120_000);
    await signInAsNewCustomer(loginPage, homePage, makeCustomer);
    await openSetupTab(page, isMobile, 'Holiday schedule');
    const list = page.getByRole('list', { name: 'Holidays' });
    await expect(list.getByText('Team away days')).toBeVisible();
    await expectAccessible(page, 'phone setup, holiday schedule');

    // Add 15-17 Feb 2027.
    await page.getByRole('button', { name: 'Add a holiday' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add a holiday' });
    await dialog.getByLabel('First day').fill('2027-02-15');
    await dialog.getByLabel('Last day').fill('2027-02-17');
    await dialog.getByLabel('Name (optional)').fill('Half term');
    await expectAccessible(page, 'add a holiday dialog');
    await dialog.getByRole('button', { name: 'Add holiday' }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByText('15 Feb 2027 to 17 Feb 2027 (3 days)')).toBeVisible();

    // Edit it to end on the 18th.
    await list.getByRole('button', { name: 'Edit Half term' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit holiday' });
    await expect(dialog.getByLabel('First day')).toHaveValue('2027-02-15');
    await dialog.getByLabel('Last day').fill('2027-02-18');
    await dialog.getByRole('button', { name: 'Save holiday' }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByText('15 Feb 2027 to 18 Feb 2027 (4 days)')).toBeVisible();

    // A range sharing a day with it is refused, naming the clash; a reversed one too.
    await page.getByRole('button', { name: 'Add a holiday' }).click();
    dialog = page.getByRole('dialog', { name: 'Add a holiday' });
    await dialog.getByLabel('First day').fill('2027-02-18');
    await dialog.getByLabel('Last day').fill('2027-02-20');
    await dialog.getByRole('button', { name: 'Add holiday' }).click();
    await expect(
      dialog.getByText('These dates overlap your holiday on 15 Feb 2027 to 18 Feb 2027').first(),
    ).toBeVisible();
    await dialog.getByLabel('First day').fill('2027-03-05');
    await dialog.getByLabel('Last day').fill('2027-03-01');
    await dialog.getByRole('button', { name: 'Add holiday' }).click();
    await expect(dialog.getByText('The end date must be on or after the start date').first()).toBeVisible();
    await expectAccessible(page, 'holiday dialog with errors');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Delete, after a confirmation.
    await list.getByRole('button', { name: 'Delete Half term' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this holiday?' });
    await confirm.getByRole('button', { name: 'Delete holiday' }).click();
    await expect(confirm).toBeHidden();
    await expect(list.getByText('Half term')).toHaveCount(0);
    await expect(list.getByText('Team away days')).toBeVisible();

    // England and Wales, then all its bank holidays in one click.
    await page.getByRole('radio', { name: 'England and Wales' }).check();
    const addAll = page.getByRole('button', { name: /^Add all \d+ England and Wales bank holidays$/ });
    await expect(addAll).toBeVisible();
    const bank = page.getByRole('list', { name: 'England and Wales bank holidays' });
    await expect(bank.getByText(/Christmas Day/)).toBeVisible();
    await addAll.click();
    await expect(page.getByText('All England and Wales bank holidays are in your schedule.')).toBeVisible();
    await expect(addAll).toHaveCount(0);
    // On a phone's screen (412 px) the page, with all added, does not scroll sideways.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 412, height: 915 });
    await expect(page.getByText('All England and Wales bank holidays are in your schedule.')).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await page.setViewportSize(size);
    await expect(list.getByText('Christmas Day', { exact: true })).toBeVisible();
    await expect(list.getByText('Boxing Day', { exact: true })).toBeVisible();
    await expectAccessible(page, 'holiday schedule with bank holidays');
  });

  test('a test call on a holiday takes the closed route', async ({
    page,
    loginPage,
    homePage,
    isMobile,
    makeCustomer,
  }) => {
    test.setTimeout(120_000);
    await signInAsNewCustomer(loginPage, homePage, makeCustomer);
    await openSetupTab(page, isMobile, 'Holiday schedule');
    // A retry finds the holiday an earlier try added (a second one would clash): gone first.
    // (The copy's own "Team away days" shows once the list has loaded.)
    await expect(page.getByRole('list', { name: 'Holidays' }).getByText('Team away days')).toBeVisible();
    const earlier = page
      .getByRole('list', { name: 'Holidays' })
      .getByRole('button', { name: 'Delete Test call holiday' });
    if (await earlier.isVisible()) {
      await earlier.click();
      await page
        .getByRole('alertdialog', { name: 'Delete this holiday?' })
        .getByRole('button', { name: 'Delete holiday' })
        .click();
      await expect(earlier).toHaveCount(0);
    }
    // Wednesday 10 March 2027: a working day, made a holiday.
    await page.getByRole('button', { name: 'Add a holiday' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a holiday' });
    await dialog.getByLabel('First day').fill('2027-03-10');
    await dialog.getByLabel('Name (optional)').fill('Test call holiday');
    await dialog.getByRole('button', { name: 'Add holiday' }).click();
    await expect(page.getByRole('list', { name: 'Holidays' }).getByText('10 Mar 2027', { exact: true })).toBeVisible();

    await followNav(page, 'Call flows', isMobile);
    await expect(page.getByRole('heading', { level: 1, name: 'Call flows' })).toBeVisible();
    await page
      .getByRole('list', { name: 'Custom call flows' })
      .getByRole('link', { name: 'Main office hours', exact: true })
      .click();
    const canvas = page.getByRole('region', { name: 'Call flow canvas' });
    await expect(canvas.getByRole('button', { name: /^Main number:/ })).toBeVisible();
    await canvas.getByRole('button', { name: 'Test call' }).click();
    const panel = canvas.getByRole('region', { name: 'Test call' });

    // The next day is an ordinary Thursday: open.
    await panel.getByLabel('Date').fill('2027-03-11');
    await panel.getByLabel('Time (UK)').fill('10:30');
    await panel.getByRole('button', { name: 'Run test call' }).click();
    await expect(panel.getByText('open, so the in-hours route is taken')).toBeVisible();

    await panel.getByLabel('Date').fill('2027-03-10');
    await panel.getByRole('button', { name: 'Run test call' }).click();
    await expect(panel.getByText('closed for a holiday, so the out-of-hours route is taken')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Play audio: Closed greeting', exact: true }),
    ).toHaveAccessibleDescription(/On the test call’s path/);
  });

  test('divert: a bad number refused; set, shown on home and the call flows page, then turned off', async ({
    page,
    loginPage,
    homePage,
    isMobile,
    makeCustomer,
  }) => {
    await signInAsNewCustomer(loginPage, homePage, makeCustomer);
    await expect(page.getByRole('region', { name: 'Calls are diverted' })).toHaveCount(0);
    await openSetupTab(page, isMobile, 'Temporary divert');
    const status = page.getByRole('status', { name: 'Divert status' });
    await expect(status).toContainText('Calls are not diverted');
    // The advanced call forward is off by default: no forwarding list.
    await expect(page.getByRole('list', { name: 'Call forwardings' })).toHaveCount(0);
    await expect(page.getByText('No call forwarding is set: calls ring as usual.')).toBeVisible();

    const number = page.getByLabel('Divert every call to');
    await number.fill('12345');
    await page.getByRole('button', { name: 'Divert calls' }).click();
    await expect(
      page.getByText('Enter a UK phone number to divert to, like 01632 960123 or 07700 900123').first(),
    ).toBeVisible();
    await expect(status).toContainText('Calls are not diverted');
    await expectAccessible(page, 'divert with an error');

    await number.fill('07700 900321');
    await page.getByRole('button', { name: 'Divert calls' }).click();
    await expect(status).toContainText('Every call is diverted to +447700900321');
    // The forwarding section below agrees: no call rings as usual while the divert is on.
    await expect(page.getByText('No call forwarding is set: calls ring as usual.')).toHaveCount(0);
    await expect(
      page.getByText('No call forwarding is set, and while the divert is on every call goes to +447700900321.'),
    ).toBeVisible();

    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Calls are diverted' });
    await expect(notice).toContainText('is diverted to +447700900321');
    await expectAccessible(page, 'home with a divert');
    await followNav(page, 'Call flows', isMobile);
    await expect(page.getByRole('region', { name: 'Calls are diverted' })).toContainText(
      'Every call is diverted to +447700900321',
    );

    await page.getByRole('link', { name: 'Turn off the divert' }).click();
    await expect(page).toHaveURL(/\?tab=temporary-divert$/);
    await page.getByRole('button', { name: 'Turn off the divert' }).click();
    await expect(status).toContainText('Calls are not diverted');
    await expect(page.getByText('No call forwarding is set: calls ring as usual.')).toBeVisible();
    await page.goto('/');
    await homePage.expectShown('Alex');
    await expect(page.getByRole('region', { name: 'Calls are diverted' })).toHaveCount(0);
  });

  test('account add-ons: labels, choosing an international tariff, the CRM upgrade, the advanced call flows dialog', async ({
    page,
    loginPage,
    homePage,
    isMobile,
    makeCustomer,
  }) => {
    await signInAsNewCustomer(loginPage, homePage, makeCustomer);
    await followNav(page, 'Account add-ons', isMobile);
    await expect(page.getByRole('heading', { level: 1, name: 'Account add-ons' })).toBeVisible();
    const addOns = page.getByRole('list', { name: 'Add-ons' });
    const fraud = addOns.getByRole('listitem').filter({ hasText: 'Fraud guard' });
    await expect(fraud.getByText('Fraud', { exact: true })).toBeVisible();
    await expect(fraud.getByText('On', { exact: true })).toBeVisible();
    await expect(fraud.getByText('£2.40 a month')).toBeVisible();
    await expect(
      addOns
        .getByRole('listitem')
        .filter({ hasText: 'Call recording for the whole site' })
        .getByText('Recording', { exact: true }),
    ).toBeVisible();
    await expectAccessible(page, 'account add-ons');

    // International calling: the three tariffs in the spec's order, none chosen yet.
    const tariffs = page.getByRole('list', { name: 'International tariffs' });
    await expect(tariffs.getByRole('listitem')).toHaveCount(3);
    await expect(tariffs.getByRole('listitem').nth(0)).toContainText('ULTD INTL Saver');
    await expect(tariffs.getByRole('listitem').nth(1)).toContainText('INTL Saver 500m');
    await expect(tariffs.getByRole('listitem').nth(2)).toContainText('INTL Saver 1000m');
    await expect(page.getByText('You have no international calling tariff')).toBeVisible();
    await tariffs.getByRole('button', { name: 'Choose INTL Saver 500m' }).click();
    await expect(page.getByText('Your tariff: INTL Saver 500m.')).toBeVisible();
    await expect(tariffs.getByRole('listitem').nth(1).getByText('Your tariff')).toBeVisible();

    // The CRM integration upgrade.
    const crm = addOns.getByRole('listitem').filter({ hasText: 'UC CRM Connect' });
    await crm.getByRole('button', { name: 'Upgrade to UC CRM Connect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to UC CRM Connect' });
    await expect(dialog).toContainText('£7.20 a month, including VAT');
    await dialog.getByRole('button', { name: 'Upgrade' }).click();
    await expect(dialog).toBeHidden();
    await expect(crm.getByText('Included in your plan')).toBeVisible();
    await expect(crm.getByRole('button')).toHaveCount(0);

    // The advanced call flows add-on is already on for Acme: its card says so.
    await expect(
      page
        .getByRole('region', { name: 'Advanced call flows' })
        .or(page.locator('section[aria-labelledby="advanced-call-flows-heading"]'))
        .getByText('On', { exact: true }),
    ).toBeVisible();
  });
});
