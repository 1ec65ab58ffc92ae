import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { accounts, apiBytes, expect, expectAccessible, productIdOf, signInAs, test, wavInfo } from './fixtures.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** From home, the side nav's "Phone setup" link, then a tab. */
async function openPhoneSetup(page: Page, tab: 'Voicemail' | 'Hold music'): Promise<string> {
  await page.getByRole('link', { name: 'Phone setup' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Phone setup' })).toBeVisible();
  await expect(page).toHaveURL(/\/phone-setup\/\d+\?tab=voicemail/);
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return productIdOf(page);
}

// The stored format (contract AUDIO_FORMAT): 8 kHz, 16-bit, mono.
const STORED = { sampleRate: 8000, channels: 1, bitsPerSample: 16 };

test.describe('phone setup audio', () => {
  test('voicemail greeting: record from the microphone, trim, save; then type one out; then back to the standard greeting', async ({ page, loginPage, homePage }) => {
    test.setTimeout(150_000);
    await signInAs(loginPage, homePage, accounts.phoneSetupAcme, accounts.phoneSetupAcme.firstName);
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
    await dialog.getByLabel('Words to say').fill('Thank you for calling Acme Plumbing. Please leave a message after the tone.');
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

  test('voicemail settings: ring longer, and voicemail to e-mail refuses a bad address and keeps it', async ({ page, loginPage, homePage }) => {
    await signInAs(loginPage, homePage, accounts.phoneSetupAcme, accounts.phoneSetupAcme.firstName);
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
    await expect(page.getByText('Voicemail messages will be sent to voicemail@acme-plumbing.example').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('voicemail@acme-plumbing.example');
    await page.getByRole('checkbox', { name: 'Send each voicemail message to an e-mail address' }).uncheck();
    await page.getByRole('button', { name: 'Save e-mail setting' }).click();
    await expect(page.getByText('Voicemail messages will no longer be sent by e-mail').first()).toBeVisible();
  });

  test('hold music: a text file is refused; a WAV and an MP3 are converted and saved; then the standard music again', async ({ page, loginPage, homePage }) => {
    test.setTimeout(120_000);
    await signInAs(loginPage, homePage, accounts.phoneSetupAcme, accounts.phoneSetupAcme.firstName);
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
    await page.getByRole('alertdialog', { name: 'Use the standard hold music?' }).getByRole('button', { name: 'Use the standard hold music' }).click();
    await expect(music).toContainText('Callers hear: the standard hold music');
  });
});
