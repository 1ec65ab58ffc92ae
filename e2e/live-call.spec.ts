/**
 * Call this flow: a real call from the browser (WebRTC to the call runtime) of a saved flow, heard, answered with
 * keys, the path lit up on the canvas as it happens. Its own Playwright project (Chromium's loopback flags), run by
 * scripts/e2e-live-call.mjs in a loopback-only network namespace where it can.
 */
import type { Locator, Page } from '@playwright/test';

import { expect, latestMessage, signInCustomer, test } from './fixtures.ts';

// Each test calls from a customer of its own like Acme (the sandbox's customer factory): a call adds to the call
// history and leaves a message in the voicemail box.

/** Every RTCPeerConnection the page makes, so the test can read its inbound RTP statistics. */
async function keepPeers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const peers: RTCPeerConnection[] = [];
    Object.assign(window, { testPeers: peers });
    const Original = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        peers.push(this);
      }
    };
  });
}

async function inboundAudio(page: Page): Promise<{ packetsReceived: number; packetsLost: number }> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { testPeers: RTCPeerConnection[] }).testPeers;
    const peer = peers[peers.length - 1];
    let found = { packetsReceived: 0, packetsLost: -1 };
    (await peer!.getStats()).forEach(
      (s: { type: string; kind?: string; packetsReceived?: number; packetsLost?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio')
          found = { packetsReceived: s.packetsReceived ?? 0, packetsLost: s.packetsLost ?? 0 };
      },
    );
    return found;
  });
}

/** Opens Main office hours in the editor and its test-call panel. */
async function openTestCall(page: Page): Promise<{ canvas: Locator; panel: Locator }> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Call flows' }).first().click();
  await page
    .getByRole('list', { name: 'Custom call flows' })
    .getByRole('link', { name: 'Main office hours', exact: true })
    .click();
  const canvas = page.getByRole('region', { name: 'Call flow canvas' });
  await expect(canvas.getByRole('button', { name: /^Main number:/ })).toBeVisible();
  await canvas.getByRole('button', { name: 'Test call' }).click();
  const panel = canvas.getByRole('region', { name: 'Test call' });
  await expect(panel).toBeVisible();
  return { canvas, panel };
}

/** Phone setup's voicemail to e-mail, on, to `address`: a message left in a call then comes by e-mail too. */
async function voicemailToEmail(page: Page, address: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Phone setup' }).first().click();
  await page.getByRole('tab', { name: 'Voicemail' }).click();
  await page.getByRole('checkbox', { name: 'Send each voicemail message to an e-mail address' }).check();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(address);
  await page.getByRole('button', { name: 'Save e-mail setting' }).click();
  await expect(page.getByText(`Voicemail messages will be sent to ${address}`).first()).toBeVisible();
}

/** Calls the flow on Wednesday 12 March 2025 at 10:30 (in hours) and waits until the call is up. */
async function callInHours(panel: Locator): Promise<void> {
  await panel.getByRole('button', { name: 'Call this flow' }).click();
  await panel.getByRole('radio', { name: 'At a day and time (UK)' }).check();
  await panel.getByLabel('Call date').fill('2025-03-12');
  await panel.getByLabel('Call time (UK)').fill('10:30');
  await panel.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(panel.getByRole('status')).toContainText('Connected', { timeout: 20_000 });
}

/** The names of the steps lit up on the canvas. */
async function litSteps(canvas: Locator): Promise<string[]> {
  return canvas
    .locator('.cf-node.cf-on-path')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? n.textContent ?? '').sort());
}

test.describe('Call this flow', () => {
  test('a customer hears the flow, presses 2, leaves a message and plays it back; each step lights up', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    await keepPeers(page);
    const customer = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, customer);
    const inbox = `voicemail-${customer.email}`;
    await voicemailToEmail(page, inbox);
    const { canvas, panel } = await openTestCall(page);
    await callInHours(panel);
    await expect(panel.getByLabel('Call time', { exact: true })).toHaveText(/^00:00:0\d$/);

    // The welcome greeting, then the menu waits for a key: both lit as the runtime reports them.
    await expect(canvas.getByRole('button', { name: /^Play audio: Welcome greeting/ })).toHaveAccessibleDescription(
      /On the test call’s path/,
      { timeout: 20_000 },
    );
    await expect(canvas.getByRole('button', { name: /^Dial menu: Main menu/ })).toHaveAccessibleDescription(
      /On the test call’s path/,
      { timeout: 20_000 },
    );
    // The flow is heard: audio packets arrive, none lost.
    await expect.poll(async () => (await inboundAudio(page)).packetsReceived).toBeGreaterThan(50);
    expect((await inboundAudio(page)).packetsLost).toBe(0);

    await panel.getByRole('button', { name: 'Key 2' }).click();
    await expect(panel.getByText('Keys pressed: 2')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^Voicemail: Message box/ })).toHaveAccessibleDescription(
      /On the test call’s path/,
      { timeout: 20_000 },
    );
    await expect(panel.getByText('the caller presses 2.')).toBeVisible();
    await expect(panel.locator('.cf-outcome')).toContainText('The caller is put through to voicemail box');
    // The beep, then a few seconds of the microphone's message; # from the keyboard ends it.
    await page.waitForTimeout(4000);
    await panel.getByRole('button', { name: 'Hang up' }).focus();
    await page.keyboard.press('#');
    await expect(panel.getByRole('status')).toHaveText('Call ended', { timeout: 20_000 });

    const message = panel.locator('audio');
    await expect(message).toHaveAttribute('src', /^blob:/, { timeout: 20_000 });
    const seconds = await message.evaluate(async (audio: HTMLAudioElement) => {
      if (Number.isNaN(audio.duration) || audio.readyState < 1)
        await new Promise((resolve) => audio.addEventListener('loadedmetadata', resolve, { once: true }));
      return audio.duration;
    });
    expect(seconds).toBeGreaterThan(2);

    for (const step of [
      /^Main number:/,
      /^Play audio: Welcome greeting/,
      /^Business hours:/,
      /^In hours/,
      /^Dial menu: Main menu/,
      /^Dial menu key 2: Leave a message/,
      /^Voicemail: Message box/,
    ]) {
      await expect(canvas.getByRole('button', { name: step }).first()).toHaveAccessibleDescription(
        /On the test call’s path/,
      );
    }

    // The message comes by e-mail, its recording attached as MP3.
    const mail = await latestMessage(page.request, inbox, 'email');
    expect(mail.subject).toBe('Voicemail left in a test call of "Main office hours"');
    expect(mail.body).toContain('made as if on 12 Mar 2025 10:30');
    expect(mail.attachments).toHaveLength(1);
    const attached = mail.attachments[0]!;
    expect(attached).toMatchObject({
      content_type: 'audio/mpeg',
      filename: expect.stringMatching(/^voicemail_.*\.mp3$/),
    });
    const file = await page.request.get(attached.url);
    expect(file.status()).toBe(200);
    expect((await file.body()).length).toBe(attached.size_bytes);

    // Call history lists the call, marked as a test call, with its steps, its end and the message.
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('link', { name: 'Call history' }).first().click();
    const history = page.getByRole('list', { name: 'Test calls' });
    const call = history.getByRole('listitem').first();
    await expect(call).toContainText('Test call');
    await expect(call).toContainText('Main office hours');
    await expect(call).toContainText('Made as if on 12 Mar 2025 10:30');
    await expect(call).toContainText('Dial menu "Main menu"');
    await expect(call).toContainText('The caller is put through to voicemail box');
    await call.getByRole('button', { name: 'Play the message left' }).click();
    await expect(call.locator('audio')).toHaveAttribute('src', /^blob:/, { timeout: 20_000 });
  });

  test('the live highlight of a call matches the simulated path for the same instant and keys', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    await signInCustomer(loginPage, homePage, await makeCustomer('cloud-phone'));
    const { canvas, panel } = await openTestCall(page);
    await panel.getByLabel('Date').fill('2025-03-12');
    await panel.getByLabel('Time (UK)').fill('10:30');
    await panel.getByLabel('Keys pressed').fill('1');
    await panel.getByRole('button', { name: 'Run test call' }).click();
    await expect(panel.locator('.cf-outcome').first()).toContainText('Rings Alex Morgan (200) and Priya Shah (201)');
    const simulated = await litSteps(canvas);
    expect(simulated.length).toBeGreaterThan(4);

    await callInHours(panel);
    await expect(canvas.getByRole('button', { name: /^Dial menu: Main menu/ })).toHaveAccessibleDescription(
      /On the test call’s path/,
      { timeout: 20_000 },
    );
    await panel.getByRole('button', { name: 'Key 1' }).click();
    // The transfer is announced, then the runtime hangs up.
    await expect(panel.getByRole('status')).toHaveText('Call ended', { timeout: 60_000 });
    expect(await litSteps(canvas)).toEqual(simulated);
  });
});
