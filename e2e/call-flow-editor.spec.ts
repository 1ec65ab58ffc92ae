import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';

import { apiBytes, expect, expectAccessible, productIdOf, signInCustomer, test, wavInfo } from './fixtures.ts';

/** From home, the side nav's "Call flows" link; answers the cloud phone's product id. */
async function openCallFlows(page: Page): Promise<string> {
  // On a phone the side navigation is a drawer.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Call flows' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Call flows' })).toBeVisible();
  await expect(page).toHaveURL(/\/call-flows\/\d+\?tab=active-call-flow/);
  return new URL(page.url()).pathname.split('/')[2] as string;
}

/** The editor has loaded the flow and laid it out. */
async function expectEditorShown(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('textbox', { name: 'Call flow name' })).toHaveValue(name);
  const canvas = page.getByRole('region', { name: 'Call flow canvas' });
  await expect(canvas.getByRole('button', { name: /^Main number:/ })).toBeVisible();
}

/** The flow's name field; on a phone the bar shows the name as a button that opens it. */
async function nameField(page: Page): Promise<Locator> {
  const field = page.getByRole('textbox', { name: 'Call flow name' });
  const button = page.getByRole('button', { name: /^Call flow name: / });
  await expect(field.or(button)).toBeVisible();
  if (await button.isVisible()) await button.click();
  await expect(field).toBeVisible();
  return field;
}

/** Presses Save & Enable: in the bar, or on a phone in the bar's actions menu. */
async function pressSaveAndEnable(page: Page): Promise<void> {
  const actions = page.getByRole('button', { name: 'Call flow actions' });
  if (await actions.isVisible()) {
    await actions.click();
    await page.getByRole('menuitem', { name: 'Save & Enable' }).click();
  } else {
    await page.getByRole('button', { name: 'Save & Enable' }).click();
  }
}

const flowName = (prefix: string) => `${prefix} ${Date.now()}-${Math.floor(Math.random() * 1000)}`;

/** Starts a new flow from the list, names it and saves it; leaves the page in the editor of the saved flow. */
async function createSavedFlow(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: 'Create call flow' }).click();
  await expectEditorShown(page, /^Custom call flow/);
  await page.getByRole('textbox', { name: 'Call flow name' }).fill(name);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Call flow created').first()).toBeVisible();
  await expect(page).toHaveURL(/callflow_id=\d+/);
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
}

/** Deletes a flow from the flows page, so the spec's customer's list is left as the seed made it for the spec's other tests. */
async function deleteFromList(page: Page, name: string): Promise<void> {
  const list = page.getByRole('list', { name: 'Custom call flows' });
  await list.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  const dialog = page
    .getByRole('alertdialog', { name: `Delete ${name}?` })
    .or(page.getByRole('dialog', { name: `Delete ${name}?` }));
  await dialog.getByRole('button', { name: 'Delete call flow' }).click();
  await expect(list.getByRole('link', { name, exact: true })).toHaveCount(0);
}

/** Opens the step palette from a step's "Add a step after" button, once the canvas has finished arranging; answers the palette. */
async function openPalette(page: Page, after: RegExp, palette: RegExp) {
  const canvas = page.getByRole('region', { name: 'Call flow canvas' });
  await expect(canvas).toHaveAttribute('aria-busy', 'false');
  await canvas.getByRole('button', { name: after }).click();
  const dialog = page.getByRole('dialog', { name: palette });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Presses Tab (or Shift+Tab) until the focus is on `target`, as a keyboard user moves through the page; fails
 * after `max` presses. Reads the focus without waiting, so a missing target fails fast.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await target.evaluateAll((elements) => elements.some((element) => element === document.activeElement))) return;
    if (i < max) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} never took the focus within ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

test.describe('call flow editor', () => {
  test('unsaved changes: Cancel asks before leaving, and a reload offers the draft back', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    await openCallFlows(page);
    const original = 'Out of hours to mobile';
    await page
      .getByRole('list', { name: 'Custom call flows' })
      .getByRole('link', { name: original, exact: true })
      .click();
    await expectEditorShown(page, original);
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
    await expectAccessible(page, 'call flow editor');

    const typed = flowName('Evening cover');
    await page.getByRole('textbox', { name: 'Call flow name' }).fill(typed);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(discard).toContainText('If you leave now, they will be lost.');
    await expectAccessible(page, 'discard changes dialog');
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(discard).toBeHidden();
    await expect(page).toHaveURL(/\/call-flows\/custom\/\d+\?callflow_id=\d+/);
    await expect(page.getByRole('textbox', { name: 'Call flow name' })).toHaveValue(typed);

    // A reload with changes gets the browser's leave prompt; leaving anyway keeps the local draft.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expectEditorShown(page, original);
    const banner = page.getByRole('region', { name: 'Unsaved draft' });
    await expect(banner).toContainText('You have unsaved changes from');
    await expect(banner.getByRole('button', { name: 'Discard' })).toBeVisible();
    await expectAccessible(page, 'call flow editor offering a draft');
    await banner.getByRole('button', { name: 'Restore' }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Call flow name' })).toHaveValue(typed);
    await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
    // The restored flow is drawn again (it has the same steps as the one it replaced, so the same shape).
    const canvas = page.getByRole('region', { name: 'Call flow canvas' });
    await expect(canvas.getByRole('button', { name: /^Main number:/ })).toBeVisible();
    await expect(canvas).toHaveAttribute('aria-busy', 'false');
    await expectAccessible(page, 'call flow editor with the draft restored');
  });

  test('two tabs: saving over a newer version offers a copy, and the copy is in the list', async ({
    page,
    context,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    const productId = await openCallFlows(page);
    const name = flowName('Two tabs');
    await createSavedFlow(page, name);
    await expectAccessible(page, 'call flow editor after creating');

    const other = await context.newPage();
    await other.goto(page.url().replace(/^https?:\/\/[^/]+/, ''));
    await expectEditorShown(other, name);
    await expectAccessible(other, 'call flow editor in a second tab');

    // First tab: rename and save.
    const theirs = `${name} theirs`;
    await page.getByRole('textbox', { name: 'Call flow name' }).fill(theirs);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Call flow saved').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();

    // Second tab, still on the old version: a change and a save meet the conflict.
    const mine = `${name} mine`;
    await other.getByRole('textbox', { name: 'Call flow name' }).fill(mine);
    await other.getByRole('button', { name: 'Save changes' }).click();
    const conflict = other.getByRole('alertdialog', { name: 'Someone else saved this call flow' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText(theirs);
    await expect(conflict.getByRole('button', { name: 'Reload their version' })).toBeVisible();
    await expect(conflict.getByRole('button', { name: 'Overwrite with mine' })).toBeVisible();
    await expect(conflict).toContainText(`save yours as a new call flow named ${mine} (copy).`);
    await expectAccessible(other, 'conflict dialog');
    await conflict.getByRole('button', { name: 'Save mine as a copy' }).click();
    await expect(conflict).toBeHidden();
    await expect(other.getByText(`Your version has been saved as ${mine} (copy).`).first()).toBeVisible();
    await expect(other.getByRole('textbox', { name: 'Call flow name' })).toHaveValue(`${mine} (copy)`);
    await expectAccessible(other, 'call flow editor after saving a copy');

    // The list has both: theirs under its new name, and mine as a copy.
    await other.goto(`/call-flows/${productId}?tab=active-call-flow`);
    const list = other.getByRole('list', { name: 'Custom call flows' });
    await expect(list.getByRole('link', { name: `${mine} (copy)`, exact: true })).toBeVisible();
    await expect(list.getByRole('link', { name: theirs, exact: true })).toBeVisible();
    await expect(list.getByRole('link', { name: mine, exact: true })).toHaveCount(0);
    await expectAccessible(other, 'call flows page with the copy');
    await deleteFromList(other, `${mine} (copy)`);
    await deleteFromList(other, theirs);
    await other.close();
  });

  test('test call on Main office hours: a weekday key 1 rings the sales team, Saturday goes to voicemail', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    await openCallFlows(page);
    await page
      .getByRole('list', { name: 'Custom call flows' })
      .getByRole('link', { name: 'Main office hours', exact: true })
      .click();
    await expectEditorShown(page, 'Main office hours');
    const canvas = page.getByRole('region', { name: 'Call flow canvas' });
    await canvas.getByRole('button', { name: 'Test call' }).click();
    const panel = canvas.getByRole('region', { name: 'Test call' });
    await expect(panel).toBeVisible();
    await expectAccessible(page, 'test call panel');

    // Wednesday 12 March 2025, 10:30, key 1.
    await panel.getByLabel('Date').fill('2025-03-12');
    await panel.getByLabel('Time (UK)').fill('10:30');
    await panel.getByLabel('Keys pressed').fill('1');
    await panel.getByRole('button', { name: 'Run test call' }).click();
    await expect(panel.getByText('open, so the in-hours route is taken')).toBeVisible();
    await expect(panel.getByText('the caller presses 1.')).toBeVisible();
    const outcome = panel.locator('.cf-outcome');
    await expect(outcome).toContainText('Rings Alex Morgan (200) and Priya Shah (201)');
    await expect(canvas.getByRole('button', { name: 'Transfer: Sales team', exact: true })).toHaveAccessibleDescription(
      /On the test call’s path/,
    );
    await expectAccessible(page, 'test call in hours');

    // Saturday 15 March 2025, 10:30: out of hours.
    await panel.getByLabel('Date').fill('2025-03-15');
    await panel.getByLabel('Keys pressed').fill('');
    await panel.getByRole('button', { name: 'Run test call' }).click();
    await expect(panel.getByText('closed all day, so the out-of-hours route is taken')).toBeVisible();
    await expect(outcome).toContainText('The caller is put through to voicemail box');
    await expect(
      canvas.getByRole('button', { name: 'Play audio: Closed greeting', exact: true }),
    ).toHaveAccessibleDescription(/On the test call’s path/);
    await expectAccessible(page, 'test call out of hours');
  });
  test('arrangement: left to right (ELK), still so after a reload, and back to the tidy tree', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    await openCallFlows(page);
    await page
      .getByRole('list', { name: 'Custom call flows' })
      .getByRole('link', { name: 'Main office hours', exact: true })
      .click();
    await expectEditorShown(page, 'Main office hours');
    const canvas = page.getByRole('region', { name: 'Call flow canvas' });
    const arrange = canvas.getByRole('button', { name: 'Arrange left to right' });
    const main = canvas.getByRole('button', { name: /^Main number:/ });
    const sales = canvas.getByRole('button', { name: 'Transfer: Sales team', exact: true });
    /** Where the sales team sits against the main number, once the canvas has finished arranging. */
    const salesAgainstMain = async () => {
      await expect(canvas).toHaveAttribute('aria-busy', 'false');
      const [m, t] = [(await main.boundingBox())!, (await sales.boundingBox())!];
      return { rightOf: t.x > m.x + m.width, below: t.y > m.y + m.height };
    };
    await expect(arrange).toHaveAttribute('aria-pressed', 'false');
    expect(await salesAgainstMain()).toEqual({ rightOf: expect.any(Boolean), below: true });

    await arrange.click();
    await expect(arrange).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(salesAgainstMain).toEqual({ rightOf: true, below: expect.any(Boolean) });
    // Every step of a route is one column further right: the main number is leftmost of all.
    const mainLeft = (await main.boundingBox())!.x;
    for (const step of await canvas.locator('.react-flow__node').all())
      expect((await step.boundingBox())!.x).toBeGreaterThanOrEqual(mainLeft - 1);
    // The arrow keys follow the arrangement: right to the next step, left back; down from the main number goes nowhere.
    await main.focus();
    await page.keyboard.press('ArrowDown');
    await expect(main).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(canvas.getByRole('button', { name: 'Play audio: Welcome greeting', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(main).toBeFocused();

    await page.reload();
    await expectEditorShown(page, 'Main office hours');
    await expect(arrange).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(salesAgainstMain).toEqual({ rightOf: true, below: expect.any(Boolean) });

    await arrange.click();
    await expect(arrange).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(salesAgainstMain).toEqual({ rightOf: expect.any(Boolean), below: true });
  });
  test("the caller's journey of Main office hours reads per time window and key, prints, and downloads as a PDF", async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    await openCallFlows(page);
    await page
      .getByRole('list', { name: 'Custom call flows' })
      .getByRole('link', { name: "Caller's journey of Main office hours" })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Caller’s journey: Main office hours' })).toBeVisible();
    await expect(page).toHaveURL(/\/call-flows\/\d+\/journey\/\d+$/);
    const open = page.getByRole('region', { name: /^Mon-Fri/ });
    await expect(open.getByText(/^Press 1: .*rings Alex Morgan and Priya Shah/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'At other times and on holidays' })).toBeVisible();
    await expectAccessible(page, "caller's journey");
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^caller-journey-\d+\.pdf$/);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // On paper, only the journey: the buttons are left out.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
    await expect(open).toBeVisible();
  });

  test('checks: a transfer to someone with no phone or app, and an uncovered Tuesday afternoon fixed from its warning', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    await openCallFlows(page);
    await page.getByRole('link', { name: 'Create call flow' }).click();
    await expectEditorShown(page, /^Custom call flow/);
    const canvas = page.getByRole('region', { name: 'Call flow canvas' });
    // A new flow's transfer rings extension 200, Alex, who in this copy of Acme has no desk phone and no PIN for the apps.
    await expect(canvas.getByRole('button', { name: 'Checks: 1 warning' })).toBeVisible();

    // Tuesday closes at 12:00, the other weekdays at 17:00.
    await expect(canvas).toHaveAttribute('aria-busy', 'false');
    await canvas.getByRole('button', { name: 'Business hours: Business hours', exact: true }).click();
    await canvas.getByRole('button', { name: 'Edit Business hours: Business hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Business hours: Business hours' });
    await dialog.getByLabel('Opening hours').selectOption({ label: 'Custom hours and breaks' });
    await dialog.getByLabel('Tuesday closes').fill('12:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);

    await canvas.getByRole('button', { name: 'Checks: 2 warnings' }).click();
    const panel = canvas.getByRole('region', { name: 'Checks' });
    await expect(panel.getByText(/reach no one: Transfer rings Alex Morgan, who has no phone or app/)).toBeVisible();
    const gap = panel
      .getByRole('listitem')
      .filter({ hasText: 'Tuesday 12:00-17:00 is out of hours, though the other weekdays are open then' });
    await expect(gap).toBeVisible();
    // The panel is narrow; every fix button lies whole inside it, none cut off at its right edge.
    expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expectAccessible(page, 'checks panel with warnings');
    await gap.getByRole('button', { name: 'Show the step' }).click();
    await expect(canvas.getByRole('button', { name: 'Business hours: Business hours', exact: true })).toBeFocused();
    await gap.getByRole('button', { name: 'Open Tue like Mon' }).click();
    await expect(gap).toHaveCount(0);
    await expect(canvas.getByRole('button', { name: 'Checks: 1 warning' })).toBeVisible();
    // The fix is an edit like any other: undo brings the gap back.
    await canvas.getByRole('button', { name: 'Undo' }).click();
    await expect(gap).toBeVisible();
  });

  test('on a phone an existing flow opens fitted: every step on screen, none cut off at the side, and fits again after zooming in @phone', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    const productId = await openCallFlows(page);
    const { results } = JSON.parse((await apiBytes(page, `/api/v2/voip/${productId}/call-flows/`)).toString()) as {
      results: Array<{ id: number; name: string }>;
    };
    // The biggest of the seeded flows.
    const sizes = await Promise.all(
      results.map(async (flow) => {
        const stored = JSON.parse(
          (await apiBytes(page, `/api/v2/voip/${productId}/call-flows/${flow.id}/`)).toString(),
        ) as { data: unknown };
        const count = (node: { children?: unknown[] }): number =>
          1 + (node.children ?? []).reduce<number>((sum, child) => sum + count(child as { children?: unknown[] }), 0);
        return { name: flow.name, steps: count(stored.data as { children?: unknown[] }) };
      }),
    );
    const biggest = sizes.sort((a, b) => b.steps - a.steps)[0]!;
    await page
      .getByRole('list', { name: 'Custom call flows' })
      .getByRole('link', { name: biggest.name, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit call flow ${biggest.name}` })).toBeVisible();
    const canvas = page.getByRole('region', { name: 'Call flow canvas' });
    await expect(canvas.getByRole('button', { name: /^Main number:/ })).toBeVisible();
    await expect(canvas).toHaveAttribute('aria-busy', 'false');
    // Only steps on screen are drawn: every step of the flow is, and each lies whole within the diagram.
    const diagram = (await page.locator('.react-flow').boundingBox())!;
    const steps = page.locator('.react-flow__node');
    const everyStepWhole = async () => {
      const boxes = await steps.evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect),
      );
      return (
        boxes.length === biggest.steps &&
        boxes.every(
          (box) =>
            box.left >= diagram.x - 0.5 &&
            box.right <= diagram.x + diagram.width + 0.5 &&
            box.top >= diagram.y - 0.5 &&
            box.bottom <= diagram.y + diagram.height + 0.5,
        )
      );
    };
    await expect(steps).toHaveCount(biggest.steps);
    expect(await everyStepWhole()).toBe(true);
    // Zoomed in, some steps leave the screen; the zoom controls' fit button brings every one back, whole.
    for (let i = 0; i < 3; i++) await canvas.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(everyStepWhole).toBe(false);
    await canvas.getByRole('button', { name: 'Fit the whole call flow in view' }).click();
    await expect.poll(everyStepWhole).toBe(true);
  });

  test('drag a step onto another place to move it; a refused drag says why and changes nothing', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    await openCallFlows(page);
    await page.getByRole('link', { name: 'Create call flow' }).click();
    await expectEditorShown(page, /^Custom call flow/);
    const canvas = page.getByRole('region', { name: 'Call flow canvas' });
    const node = (label: string) => canvas.getByRole('button', { name: label, exact: true });
    const drag = async (from: string, to: string) => {
      await expect(canvas).toHaveAttribute('aria-busy', 'false');
      await node(from).dragTo(node(to));
    };

    // The voicemail onto the transfer, which ends a route: refused, the reason on screen, nothing moved.
    await drag('Voicemail: Voicemail', 'Transfer: Transfer');
    await expect(
      canvas.getByText(/^Voicemail: Voicemail cannot go after Transfer: Transfer: A transfer ends a route/).first(),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Undo' })).toBeDisabled();

    // Out of hours emptied, the transfer dragged onto it: moved there, in hours is now red; one undo takes it back.
    await node('Voicemail: Voicemail').click();
    await page.keyboard.press('Delete');
    await expect(node('Voicemail: Voicemail')).toHaveCount(0);
    await drag('Transfer: Transfer', 'Out of hours: Out of hours');
    await expect(canvas.getByText('Moved Transfer: Transfer after Out of hours: Out of hours.')).toBeAttached();
    await expect(node('In hours: In hours')).toHaveAccessibleDescription(/Needs attention/);
    await expect(node('Out of hours: Out of hours')).not.toHaveAccessibleDescription(/Needs attention/);
    await page.keyboard.press('ControlOrMeta+Z');
    await expect(node('In hours: In hours')).not.toHaveAccessibleDescription(/Needs attention/);
    await expect(node('Out of hours: Out of hours')).toHaveAccessibleDescription(/Needs attention/);
  });

  test('on a slow machine a step just added is brought into view and its + opens the palette at the first click', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    test.setTimeout(150_000);
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    await openCallFlows(page);
    await page.getByRole('link', { name: 'Create call flow' }).click();
    await expectEditorShown(page, /^Custom call flow/);
    const canvas = page.getByRole('region', { name: 'Call flow canvas' });
    await canvas.getByRole('button', { name: 'Transfer: Transfer', exact: true }).click();
    await canvas.getByRole('button', { name: 'Delete Transfer: Transfer' }).click();
    await (
      await openPalette(page, /^Add a step after In hours:/, /^Add a step after In hours/)
    )
      .getByRole('button', { name: 'Dial menu', exact: true })
      .click();
    await page
      .getByRole('dialog', { name: 'Dial menu: Dial menu' })
      .getByRole('button', { name: 'Save', exact: true })
      .click();
    await expect(canvas).toHaveAttribute('aria-busy', 'false');

    // An eight times slower CPU: the new key's layout lands well after it is drawn under its menu.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await canvas.getByRole('button', { name: 'Add a key to Dial menu: Dial menu' }).click();
    await (
      await openPalette(page, /^Add a step after Dial menu key 1:/, /^Add a step after Dial menu key/)
    )
      .getByRole('button', { name: 'Voicemail', exact: true })
      .click();
    await expect(page.getByRole('dialog', { name: 'Voicemail: Voicemail' })).toBeVisible();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('a dial menu greeting recorded in the editor: waveform, trim, saved on the step, played back after a reload', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    test.setTimeout(150_000);
    const acme = await makeCustomer('cloud-phone');
    await signInCustomer(loginPage, homePage, acme);
    const productId = await openCallFlows(page);
    await page.getByRole('link', { name: 'Create call flow' }).click();
    await expectEditorShown(page, /^Custom call flow/);
    const name = flowName('Recorded menu');
    await page.getByRole('textbox', { name: 'Call flow name' }).fill(name);
    const canvas = page.getByRole('region', { name: 'Call flow canvas' });
    const node = (label: string | RegExp) =>
      canvas.getByRole('button', { name: label, exact: typeof label === 'string' });
    const click = async (target: ReturnType<typeof node>) => {
      await expect(canvas).toHaveAttribute('aria-busy', 'false');
      await target.click();
    };

    // A dial menu where the in-hours transfer was.
    await click(node('Transfer: Transfer'));
    await click(canvas.getByRole('button', { name: 'Delete Transfer: Transfer' }));
    await (
      await openPalette(page, /^Add a step after In hours:/, /^Add a step after In hours/)
    )
      .getByRole('button', { name: 'Dial menu', exact: true })
      .click();
    const menuDialog = page.getByRole('dialog', { name: 'Dial menu: Dial menu' });

    // Record from the fake microphone (silence, tone, silence), then keep 0.5 s to 1.5 s.
    await menuDialog.getByRole('button', { name: 'New audio for Menu message (audio file)' }).click();
    const audioDialog = page.getByRole('dialog', { name: 'New menu message audio' });
    await audioDialog.getByRole('button', { name: 'Start recording' }).click();
    await expect(audioDialog.getByRole('timer', { name: 'Recording time' })).toContainText('0:02');
    await audioDialog.getByRole('button', { name: 'Stop recording' }).click();
    await expect(audioDialog.getByRole('img', { name: /^Waveform of the audio/ })).toBeVisible();
    await audioDialog.getByLabel('Start (seconds)').fill('0.5');
    await audioDialog.getByLabel('Start (seconds)').press('Tab');
    await audioDialog.getByLabel('End (seconds)').fill('1.5');
    await audioDialog.getByLabel('End (seconds)').press('Tab');
    await expect(audioDialog).toContainText('Keeping 1.0 second of');
    const audioName = flowName('Menu message');
    await audioDialog.getByLabel('Name').fill(audioName);
    await expectAccessible(page, 'audio dialog over a step dialog');
    await audioDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(audioDialog).toBeHidden();

    // The step dialog is still open and has the new file chosen.
    const select = menuDialog.getByLabel('Menu message (audio file)', { exact: true });
    await expect(select.locator('option:checked')).toHaveText(audioName);
    await menuDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(menuDialog).toBeHidden();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Call flow created').first()).toBeVisible();
    await expect(page).toHaveURL(/callflow_id=\d+/);

    // The server keeps exactly the trimmed second, in the stored format.
    const files = JSON.parse(
      (await apiBytes(page, `/api/v1/voip/${productId}/call-flows/current/audio-files/`)).toString(),
    ) as {
      results: Array<{ name: string; stored_filename: string; duration_ms: number; kind: string; sub_kind: string }>;
    };
    const stored = files.results.find((file) => file.name === audioName);
    expect(stored).toMatchObject({ kind: 'menu', sub_kind: 'recording' });
    expect(Math.abs((stored?.duration_ms ?? 0) - 1000)).toBeLessThan(20);
    const wav = wavInfo(
      await apiBytes(
        page,
        `/api/v1/voip/${productId}/call-flows/current/audio-files/download/${stored?.stored_filename}/`,
      ),
    );
    expect(wav).toMatchObject({ sampleRate: 8000, channels: 1, bitsPerSample: 16 });
    expect(Math.abs(wav.durationMs - 1000)).toBeLessThan(20);

    // After a reload the step still plays it.
    await page.reload();
    await expectEditorShown(page, name);
    await click(node('Dial menu: Dial menu'));
    await click(canvas.getByRole('button', { name: 'Edit Dial menu: Dial menu' }));
    await expect(
      menuDialog.getByLabel('Menu message (audio file)', { exact: true }).locator('option:checked'),
    ).toHaveText(audioName);
    await menuDialog.getByRole('button', { name: `Play ${audioName}` }).click();
    await expect(menuDialog.getByRole('button', { name: `Stop ${audioName}` })).toBeVisible();
    await menuDialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/call-flows/${productId}?tab=active-call-flow`);
    await deleteFromList(page, name);
  });

  test('buy-now customer: Save & Enable asks for the add-on first, then to enable', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const bakes = await makeCustomer('buy-now');
    await signInCustomer(loginPage, homePage, bakes);
    await openCallFlows(page);
    await page.getByRole('link', { name: 'Create call flow' }).click();
    await expectEditorShown(page, /^Custom call flow/);
    const name = flowName('Cafe line');
    await page.getByRole('textbox', { name: 'Call flow name' }).fill(name);
    await page.getByRole('button', { name: 'Save & Enable' }).click();

    const addOn = page.getByRole('dialog', { name: 'Add the Advanced call flows add-on' });
    await expect(addOn).toContainText('£5.00');
    await expect(addOn).toContainText('VAT (20%)');
    await expect(addOn).toContainText('£6.00');
    await expect(addOn).toContainText('£0 for 1 month');
    const save = addOn.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    await expectAccessible(page, 'add-on dialog');
    await addOn.getByRole('checkbox', { name: 'I accept the additional monthly charges' }).check();
    await expect(save).toBeEnabled();
    await save.click();

    const enable = page.getByRole('dialog', { name: `Enable ${name}?` });
    await expect(enable).toContainText('The add-on is ready.');
    await expect(addOn).toBeHidden();
    await expectAccessible(page, 'enable dialog after the add-on');
    await enable.getByRole('button', { name: 'Enable call flow' }).click();
    await expect(page.getByText('Call flow saved and enabled').first()).toBeVisible();
    await expect(page).toHaveURL(/callflow_id=\d+/);
    await expectAccessible(page, 'call flow editor after enabling');
  });

  test('Save & Enable of a new flow lists exactly what changes for callers against the active flow, matched by route @mobile', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    const acme = await makeCustomer('cloud-phone');
    // Many canvas edits, each laid out again: room for a busy shared machine.
    test.setTimeout(180_000);
    // Its own copy of Acme, whose active flow is the seeded Main office hours: every call plays the welcome greeting;
    // in hours the Main menu, key 1 to the Sales team (Alex Morgan and Priya Shah), key 2 to voicemail box 300; out of
    // hours the closed greeting, then voicemail box 300.
    await signInCustomer(loginPage, homePage, acme);
    const productId = await openCallFlows(page);
    await expect(page.getByRole('region', { name: 'Active call flow' })).toContainText(
      'Main office hours is your active call flow',
    );
    await page.getByRole('link', { name: 'Create call flow' }).click();
    const canvas = page.getByRole('region', { name: 'Call flow canvas' });
    await expect(canvas.getByRole('button', { name: /^Main number:/ })).toBeVisible();
    const name = flowName('Menu flow');
    const nameInput = await nameField(page);
    await expect(nameInput).toHaveValue(/^Custom call flow/);
    await nameInput.fill(name);
    // On a phone the name field closes again with Enter.
    if (test.info().project.name === 'mobile') await nameInput.press('Enter');

    const node = (label: string | RegExp) =>
      canvas.getByRole('button', { name: label, exact: typeof label === 'string' });
    const click = async (target: Locator) => {
      await expect(canvas).toHaveAttribute('aria-busy', 'false');
      await target.click();
    };

    // A dial menu before the in-hours transfer, named and playing as the active flow's: the transfer goes on key 1.
    await (
      await openPalette(page, /^Insert a step before Transfer: Transfer/, /^Insert a step/)
    )
      .getByRole('button', { name: 'Dial menu', exact: true })
      .click();
    const menuDialog = page.getByRole('dialog', { name: 'Dial menu: Dial menu' });
    await menuDialog.getByRole('textbox', { name: 'Name' }).fill('Main menu');
    await menuDialog.getByLabel('Menu message (audio file)', { exact: true }).selectOption({ label: 'Main menu' });
    await menuDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(menuDialog).toBeHidden();
    await expect(node(/^Dial menu key 1:/)).toBeVisible();

    // Key 2: Priya Shah's voicemail.
    await click(canvas.getByRole('button', { name: 'Add a key to Dial menu: Main menu' }));
    await expect(node(/^Dial menu key 2:/)).toBeVisible();
    await (
      await openPalette(page, /^Add a step after Dial menu key 2:/, /^Add a step after Dial menu key/)
    )
      .getByRole('button', { name: 'Voicemail', exact: true })
      .click();
    const voicemailDialog = page.getByRole('dialog', { name: 'Voicemail: Voicemail' });
    await voicemailDialog.getByLabel('Voicemail box').selectOption({ label: 'Priya Shah · ext 201' });
    await voicemailDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(voicemailDialog).toBeHidden();
    await expect(canvas.getByRole('button', { name: /to fix/ })).toHaveCount(0);

    // Save & Enable: the confirmation lists every change a caller meets, and nothing else (the menu is the same
    // menu, and no key is new or gone: both flows have keys 1 and 2). On a phone it is in the bar's actions menu.
    await pressSaveAndEnable(page);
    const confirm = page.getByRole('dialog', { name: `Save and enable ${name}?` });
    await expect(confirm).toContainText('It replaces Main office hours as your active call flow.');
    await expect(
      confirm
        .getByRole('list', { name: 'What changes for callers compared with Main office hours' })
        .getByRole('listitem'),
    ).toHaveText([
      'Every call no longer plays Welcome greeting',
      'Key 1 now goes to Transfer instead of Sales team',
      'Key 2 now goes to voicemail box 201 instead of voicemail box 300',
      'Out of hours no longer plays Closed greeting',
      'Transfer now rings Alex Morgan (was Alex Morgan and Priya Shah)',
    ]);
    await expectAccessible(page, 'save and enable with the changes against another flow');
    await confirm.getByRole('button', { name: 'Save and enable' }).click();
    await expect(page.getByText('Call flow saved and enabled').first()).toBeVisible();
    await expect(page).toHaveURL(/callflow_id=\d+/);

    // The server holds the new flow as the active one.
    await page.goto(`/call-flows/${productId}?tab=active-call-flow`);
    await expect(page.getByRole('region', { name: 'Active call flow' })).toContainText(
      `${name} is your active call flow`,
    );

    // Main office hours active again, the flow made here deleted: the account as the seed made it, for a repeated run.
    await page.getByRole('button', { name: 'Enable Main office hours' }).click();
    await expect(page.getByRole('region', { name: 'Active call flow' })).toContainText(
      'Main office hours is your active call flow',
    );
    await deleteFromList(page, name);
  });

  // These three change or read which flow is active: each on a customer of its own.
  test.describe('the active flow', () => {
    test('save a flow three times, compare the first and last versions, read the change list, restore the first', async ({
      page,
      loginPage,
      homePage,
      makeCustomer,
    }) => {
      test.setTimeout(120_000);
      const acme = await makeCustomer('cloud-phone');
      await signInCustomer(loginPage, homePage, acme);
      await openCallFlows(page);

      // Save 1: a new flow as it starts (in hours rings a transfer).
      await page.getByRole('link', { name: 'Create call flow' }).click();
      const name = flowName('Versions');
      await page.getByRole('textbox', { name: 'Call flow name' }).fill(name);
      const canvas = page.getByRole('region', { name: 'Call flow canvas' });
      const node = (label: string | RegExp) =>
        canvas.getByRole('button', { name: label, exact: typeof label === 'string' });
      const settled = () => expect(canvas).toHaveAttribute('aria-busy', 'false');
      await expect(node('Transfer: Transfer')).toBeVisible();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Call flow created').first()).toBeVisible();
      await expect(page).toHaveURL(/callflow_id=\d+/);

      // Save 2: the in-hours transfer taken away (an unfinished flow saves as a draft).
      await settled();
      await node('Transfer: Transfer').click();
      await canvas.getByRole('button', { name: 'Delete Transfer: Transfer' }).click();
      await expect(node('Transfer: Transfer')).toHaveCount(0);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Call flow saved').first()).toBeVisible();

      // Save 3: in hours now goes to a voicemail box.
      await settled();
      await canvas.getByRole('button', { name: /^Add a step after In hours:/ }).click();
      await page
        .getByRole('dialog', { name: /^Add a step after In hours/ })
        .getByRole('button', { name: 'Voicemail', exact: true })
        .click();
      const voicemailDialog = page.getByRole('dialog', { name: 'Voicemail: Voicemail' });
      await voicemailDialog.getByLabel('Voicemail box').selectOption({ label: 'Priya Shah · ext 201' });
      await voicemailDialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(voicemailDialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
      // A note for this save, typed before pressing it; it goes with the version.
      await page.getByRole('textbox', { name: 'Note for this version (optional)' }).fill('Voicemail in hours');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Note for this version (optional)' })).toHaveCount(0);

      // The versions panel lists the three saves, newest first, the last with its note.
      await canvas.getByRole('button', { name: 'Versions', exact: true }).click();
      const panel = page.getByRole('region', { name: 'Versions' });
      const list = panel.getByRole('list', { name: 'Saved versions' });
      await expect(list.getByRole('listitem')).toHaveCount(3);
      await expect(list.getByRole('listitem').first()).toContainText('Version 3');
      await expect(list.getByRole('listitem').first()).toContainText('by Alex');
      await expect(list.getByRole('listitem').first()).toContainText('“Voicemail in hours”');
      await expectAccessible(page, 'versions panel');

      // Compare the first and the last: the change list in words, the changed steps marked, the version read-only.
      await panel.getByRole('checkbox', { name: 'Compare version 1' }).check();
      await panel.getByRole('checkbox', { name: 'Compare version 3' }).check();
      await panel.getByRole('button', { name: 'Compare the chosen versions' }).click();
      const changes = panel.getByRole('list', { name: 'What changed for callers' });
      await expect(changes).toContainText('In hours now goes to voicemail box 201 instead of Transfer');
      const readOnly = page.getByRole('region', { name: 'Call flow canvas, version 3, read-only' });
      const added = readOnly.locator('.cf-diff-added');
      await expect(added).toHaveCount(1);
      await expect(added.getByRole('button', { name: /^Voicemail:/ })).toHaveAccessibleDescription(
        /Added in the newer version/,
      );
      await expect(
        readOnly.getByRole('button', { name: /^(Add a step after|Insert a step before|Add a key to)/ }),
      ).toHaveCount(0);
      await expect(readOnly.getByRole('button', { name: 'Undo' })).toHaveCount(0);
      await expectAccessible(page, 'two versions compared');

      // The older side shows the transfer that went away.
      await panel.getByRole('button', { name: 'Show version 1' }).click();
      const older = page.getByRole('region', { name: 'Call flow canvas, version 1, read-only' });
      await expect(older.getByRole('button', { name: 'Transfer: Transfer', exact: true })).toHaveAccessibleDescription(
        /Removed in the newer version/,
      );

      // Side by side: both versions on two read-only canvases, each with its marks.
      await panel.getByRole('button', { name: 'Side by side' }).click();
      const left = page.getByRole('region', { name: 'Call flow canvas, version 1, read-only' });
      const right = page.getByRole('region', { name: 'Call flow canvas, version 3, read-only' });
      await expect(left.getByRole('button', { name: 'Transfer: Transfer', exact: true })).toHaveAccessibleDescription(
        /Removed in the newer version/,
      );
      await expect(right.locator('.cf-diff-added').getByRole('button', { name: /^Voicemail:/ })).toBeVisible();
      await expect(panel.getByRole('list', { name: 'What changed for callers' })).toContainText(
        'In hours now goes to voicemail box 201 instead of Transfer',
      );

      // Restore the first, after the confirmation: it becomes version 4 and the editor holds it.
      await panel.getByRole('button', { name: 'Restore version 1', exact: true }).first().click();
      const confirm = page.getByRole('alertdialog', { name: 'Restore version 1?' });
      await expect(confirm).toBeVisible();
      await expectAccessible(page, 'restore confirmation');
      await confirm.getByLabel('Note for this version (optional)').fill('Back to the transfer');
      await confirm.getByRole('button', { name: 'Restore version 1' }).click();
      await expect(page.getByText('Version 1 restored').first()).toBeVisible();
      const editing = page.getByRole('region', { name: 'Call flow canvas' });
      await expect(editing.getByRole('button', { name: 'Transfer: Transfer', exact: true })).toBeVisible();
      await expect(editing.getByRole('button', { name: /^Voicemail:/ })).toHaveCount(1);
      const versions = page.getByRole('region', { name: 'Versions' }).getByRole('list', { name: 'Saved versions' });
      await expect(versions.getByRole('listitem')).toHaveCount(4);
      await expect(versions.getByRole('listitem').first()).toContainText('Restored from version 1');
      await expect(versions.getByRole('listitem').first()).toContainText('“Back to the transfer”');
      // Nothing unsaved: the editor holds the restored version as saved.
      await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();

      // Save & Enable tells, inside its confirmation, what would change for callers against the flow active now.
      await page.getByRole('button', { name: 'Save & Enable' }).click();
      const enable = page.getByRole('dialog', { name: `Save and enable ${name}?` });
      await expect(enable).toContainText('calls will follow this call flow from now on');
      await expect(
        enable
          .getByRole('list', { name: /^What changes for callers compared with / })
          .getByRole('listitem')
          .first(),
      ).toBeVisible();
      await expectAccessible(page, 'save and enable with the difference');
      await enable.getByRole('button', { name: 'Cancel' }).click();
      await expect(enable).toBeHidden();
      await page.getByRole('button', { name: 'Back', exact: true }).click();

      // The flow made here goes again.
      const flows = page.getByRole('list', { name: 'Custom call flows' });
      await flows.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
      const dialog = page
        .getByRole('alertdialog', { name: `Delete ${name}?` })
        .or(page.getByRole('dialog', { name: `Delete ${name}?` }));
      await dialog.getByRole('button', { name: 'Delete call flow' }).click();
      await expect(flows.getByRole('link', { name, exact: true })).toHaveCount(0);
    });

    test('build a flow from nothing: fix the red steps, undo and redo, save, then save and enable', async ({
      page,
      loginPage,
      homePage,
      makeCustomer,
    }) => {
      const acme = await makeCustomer('cloud-phone');
      // The longest scenario here (a dozen canvas edits, each laid out again): room for a busy shared machine.
      test.setTimeout(180_000);
      await signInCustomer(loginPage, homePage, acme);
      const productId = await openCallFlows(page);
      await page.getByRole('link', { name: 'Create call flow' }).click();
      await expectEditorShown(page, /^Custom call flow/);
      await expect(page).not.toHaveURL(/callflow_id/);
      await expectAccessible(page, 'new call flow');
      const name = flowName('Built here');
      await page.getByRole('textbox', { name: 'Call flow name' }).fill(name);

      const canvas = page.getByRole('region', { name: 'Call flow canvas' });
      const node = (label: string | RegExp) =>
        canvas.getByRole('button', { name: label, exact: typeof label === 'string' });
      // Steps move when a new layout lands: click only once the canvas has finished arranging them.
      const click = async (target: ReturnType<typeof node>) => {
        await expect(canvas).toHaveAttribute('aria-busy', 'false');
        await target.click();
      };
      const problems = canvas.getByRole('button', {
        name: /^\d+ to fix: (a step needs|steps need) attention, go to the next$/,
      });
      await expect(problems).toHaveCount(0);

      // Take away the in-hours transfer: the in-hours route now goes nowhere and is red.
      await click(node('Transfer: Transfer'));
      await click(canvas.getByRole('button', { name: 'Delete Transfer: Transfer' }));
      await expect(node('Transfer: Transfer')).toHaveCount(0);
      const inHours = node(/^In hours:/);
      await expect(inHours).toHaveAccessibleDescription(/Needs attention/);
      await expect(problems).toHaveText(/1 to fix/);
      await expectAccessible(page, 'new call flow with a red step');

      // Undo brings the transfer back; redo (Ctrl+Shift+Z) takes it away again.
      await click(canvas.getByRole('button', { name: 'Undo' }));
      await expect(node('Transfer: Transfer')).toBeVisible();
      await expect(inHours).not.toHaveAccessibleDescription(/Needs attention/);
      await expect(problems).toHaveCount(0);
      await page.keyboard.press('Control+Shift+Z');
      await expect(node('Transfer: Transfer')).toHaveCount(0);
      await expect(inHours).toHaveAccessibleDescription(/Needs attention/);

      // In hours: a dial menu playing "Main menu".
      const palette = await openPalette(page, /^Add a step after In hours:/, /^Add a step after In hours/);
      await expect(palette.getByRole('button', { name: 'Dial menu', exact: true })).toBeEnabled();
      await expectAccessible(page, 'step palette');
      await palette.getByRole('button', { name: 'Dial menu', exact: true }).click();
      const menuDialog = page.getByRole('dialog', { name: 'Dial menu: Dial menu' });
      await menuDialog.getByLabel('Menu message (audio file)', { exact: true }).selectOption({ label: 'Main menu' });
      await expectAccessible(page, 'dial menu dialog');
      await menuDialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(menuDialog).toBeHidden();
      await expect(node('Dial menu: Dial menu')).toBeVisible();

      // Key 1: transfer to extension 200.
      await click(canvas.getByRole('button', { name: 'Add a key to Dial menu: Dial menu' }));
      await expect(node(/^Dial menu key 1:/)).toBeVisible();
      await (
        await openPalette(page, /^Add a step after Dial menu key 1:/, /^Add a step after Dial menu key/)
      )
        .getByRole('button', { name: 'Transfer', exact: true })
        .click();
      const transferDialog = page.getByRole('dialog', { name: 'Transfer: Transfer' });
      await transferDialog.getByRole('checkbox', { name: 'Alex Morgan · ext 200' }).check();
      await expectAccessible(page, 'transfer dialog');
      await transferDialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(transferDialog).toBeHidden();
      await expect(node('Transfer: Transfer')).toHaveAccessibleDescription(/Alex Morgan \(200\)/);

      // Key 2: voicemail.
      await click(canvas.getByRole('button', { name: 'Add a key to Dial menu: Dial menu' }));
      await expect(node(/^Dial menu key 2:/)).toBeVisible();
      await (
        await openPalette(page, /^Add a step after Dial menu key 2:/, /^Add a step after Dial menu key/)
      )
        .getByRole('button', { name: 'Voicemail', exact: true })
        .click();
      const voicemailDialog = page.getByRole('dialog', { name: 'Voicemail: Voicemail' });
      await voicemailDialog.getByLabel('Voicemail box').selectOption({ label: 'Priya Shah · ext 201' });
      await voicemailDialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(voicemailDialog).toBeHidden();

      // Every step is fixed.
      await expect(problems).toHaveCount(0);
      await expectAccessible(page, 'finished call flow');

      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Call flow created').first()).toBeVisible();
      await expect(page).toHaveURL(/callflow_id=\d+/);
      await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();

      await page.getByRole('button', { name: 'Save & Enable' }).click();
      const confirm = page.getByRole('dialog', { name: `Save and enable ${name}?` });
      await expect(confirm).toContainText('calls will follow this call flow from now on');
      await expectAccessible(page, 'save and enable confirmation');
      await confirm.getByRole('button', { name: 'Save and enable' }).click();
      await expect(page.getByText('Call flow saved and enabled').first()).toBeVisible();

      // After a reload the stored flow is what was built, and the flows page shows it active.
      await page.reload();
      await expectEditorShown(page, name);
      await expect(node('Dial menu: Dial menu')).toBeVisible();
      await expect(node(/^Dial menu key 2:/)).toBeVisible();
      await page.goto(`/call-flows/${productId}?tab=active-call-flow`);
      await expect(page.getByRole('region', { name: 'Active call flow' })).toContainText(
        `${name} is your active call flow`,
      );
      await expect(
        page.getByRole('list', { name: 'Custom call flows' }).getByRole('listitem').filter({ hasText: name }),
      ).toContainText('Active');
      await expectAccessible(page, 'call flows page with the new active flow');

      // Leave the seeded active flow in place for the spec's other tests.
      await page.getByRole('button', { name: 'Enable Main office hours' }).click();
      await expect(page.getByRole('region', { name: 'Active call flow' })).toContainText(
        'Main office hours is your active call flow',
      );
      await deleteFromList(page, name);
    });

    test('keyboard alone: build a flow with a dial menu, move a step by cut and paste, undo from the editor bar, save and enable', async ({
      page,
      makeCustomer,
    }) => {
      // Many canvas edits, each laid out again: room for a busy shared machine. Never the mouse: only page.keyboard.
      test.setTimeout(240_000);
      const user = await makeCustomer('cloud-phone');
      await page.goto('/auth/login/');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await tabTo(page, page.getByLabel('Email address'));
      await page.keyboard.type(user.email);
      await tabTo(page, page.getByLabel('Password', { exact: true }));
      await page.keyboard.type(user.password);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.first_name}` })).toBeVisible({
        timeout: 30_000,
      });
      await tabTo(page, page.getByRole('link', { name: 'Call flows' }).first());
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Call flows' })).toBeVisible();
      const productId = productIdOf(page);
      await tabTo(page, page.getByRole('link', { name: 'Create call flow' }));
      await page.keyboard.press('Enter');
      await expectEditorShown(page, /^Custom call flow/);

      const name = flowName('Keyboard built');
      await tabTo(page, page.getByRole('textbox', { name: 'Call flow name' }));
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(name);

      const canvas = page.getByRole('region', { name: 'Call flow canvas' });
      const node = (label: string | RegExp) =>
        canvas.getByRole('button', { name: label, exact: typeof label === 'string' });
      const focused = (label: string | RegExp) => expect(node(label)).toBeFocused();
      const arrow = async (key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight', to: string | RegExp) => {
        await page.keyboard.press(key);
        await focused(to);
      };
      /** From the focused step: Tab to one of its buttons, Enter, pick a type in the palette with Tab and Enter. */
      const addFrom = async (button: string, type: string) => {
        await expect(canvas).toHaveAttribute('aria-busy', 'false');
        await tabTo(page, canvas.getByRole('button', { name: button }));
        await page.keyboard.press('Enter');
        const palette = page.getByRole('dialog', { name: /^(Add a step after|Insert a step)/ });
        await tabTo(page, palette.getByRole('button', { name: type, exact: true }));
        await page.keyboard.press('Enter');
        return page.getByRole('dialog', { name: `${type}: ${type}` });
      };
      const saveDialog = async (dialog: Locator) => {
        await tabTo(page, dialog.getByRole('button', { name: 'Save', exact: true }));
        await page.keyboard.press('Enter');
        await expect(dialog).toBeHidden();
      };

      // Into the canvas: the main number is its one tab stop; the arrows go down to the in-hours transfer.
      await expect(canvas).toHaveAttribute('aria-busy', 'false');
      await tabTo(page, node(/^Main number:/));
      await arrow('ArrowDown', 'Business hours: Business hours');
      await arrow('ArrowDown', 'In hours: In hours');
      await arrow('ArrowDown', 'Transfer: Transfer');
      await expect(canvas.getByText('Selected Transfer: Transfer. Complete.')).toBeAttached();

      // A dial menu before the transfer: the transfer goes on its key 1. The menu plays "Main menu".
      const menuDialog = await addFrom('Insert a step before Transfer: Transfer', 'Dial menu');
      await tabTo(page, menuDialog.getByLabel('Menu message (audio file)', { exact: true }));
      await page.keyboard.type('Main menu');
      await expect(
        menuDialog.getByLabel('Menu message (audio file)', { exact: true }).locator('option:checked'),
      ).toHaveText('Main menu');
      await saveDialog(menuDialog);
      await expect(node(/^Dial menu key 1:/)).toBeVisible();

      // Key 2, from the menu's "+ Key".
      await tabTo(page, node('Dial menu: Dial menu'), { back: true });
      await tabTo(page, canvas.getByRole('button', { name: 'Add a key to Dial menu: Dial menu' }));
      await page.keyboard.press('Enter');
      await focused(/^Dial menu key 2:/);
      await expect(canvas.getByText(/^Selected Dial menu key 2: Key\. Needs attention/)).toBeAttached();

      // Move the transfer from key 1 to key 2: Ctrl+X on it, Ctrl+V on key 2. One Ctrl+Z takes the move back; Ctrl+Y does it again.
      await arrow('ArrowLeft', /^Dial menu key 1:/);
      await arrow('ArrowDown', 'Transfer: Transfer');
      await page.keyboard.press('ControlOrMeta+X');
      await expect(canvas.getByText(/^Cut Transfer: Transfer to move/)).toBeAttached();
      await arrow('ArrowUp', /^Dial menu key 1:/);
      await arrow('ArrowRight', /^Dial menu key 2:/);
      await page.keyboard.press('ControlOrMeta+V');
      await expect(canvas.getByText('Moved Transfer: Transfer after Dial menu key 2: Key.')).toBeAttached();
      await expect(node('Transfer: Transfer')).toBeFocused();
      await expect(node(/^Dial menu key 1:/)).toHaveAccessibleDescription(/Needs attention/);
      await page.keyboard.press('ControlOrMeta+Z');
      await expect(node(/^Dial menu key 1:/)).not.toHaveAccessibleDescription(/Needs attention/);
      await expect(node(/^Dial menu key 2:/)).toHaveAccessibleDescription(/Needs attention/);
      await page.keyboard.press('Control+Y');
      await expect(node(/^Dial menu key 1:/)).toHaveAccessibleDescription(/Needs attention/);
      await expect(node(/^Dial menu key 2:/)).not.toHaveAccessibleDescription(/Needs attention/);

      // Key 1: a voicemail to Priya Shah's box.
      await expect(node('Transfer: Transfer')).toBeFocused();
      await arrow('ArrowUp', /^Dial menu key 2:/);
      await arrow('ArrowLeft', /^Dial menu key 1:/);
      const voicemailDialog = await addFrom('Add a step after Dial menu key 1: Key', 'Voicemail');
      await tabTo(page, voicemailDialog.getByLabel('Voicemail box'));
      await page.keyboard.type('Priya');
      await expect(voicemailDialog.getByLabel('Voicemail box').locator('option:checked')).toHaveText(
        'Priya Shah · ext 201',
      );
      await saveDialog(voicemailDialog);

      // Out of hours already goes to voicemail: nothing is left to fix. Ctrl+S saves.
      await expect(canvas.getByRole('button', { name: /to fix/ })).toHaveCount(0);
      await expect(node('Voicemail: Voicemail')).toHaveCount(2);
      await page.keyboard.press('ControlOrMeta+S');
      await expect(page.getByText('Call flow created').first()).toBeVisible();
      await expect(page).toHaveURL(/callflow_id=\d+/);

      // Save & Enable from the editor bar, confirmed in its dialog.
      const saveAndEnable = page.getByRole('button', { name: 'Save & Enable' });
      await tabTo(page, saveAndEnable, { back: true });
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: `Save and enable ${name}?` });
      await tabTo(page, confirm.getByRole('button', { name: 'Save and enable' }));
      await page.keyboard.press('Enter');
      await expect(page.getByText('Call flow saved and enabled').first()).toBeVisible();
      await expect(confirm).toBeHidden();

      // With the focus back on the editor bar, Ctrl+Z still undoes (the last voicemail's box) and Ctrl+Shift+Z redoes it.
      await tabTo(page, saveAndEnable);
      const keyOneVoicemail = node('Voicemail: Voicemail').first();
      await expect(keyOneVoicemail).toHaveAccessibleDescription(/Priya Shah/);
      await page.keyboard.press('ControlOrMeta+Z');
      await expect(keyOneVoicemail).not.toHaveAccessibleDescription(/Priya Shah/);
      await expect(page.getByText('Unsaved changes')).toBeVisible();
      await page.keyboard.press('ControlOrMeta+Shift+Z');
      await expect(keyOneVoicemail).toHaveAccessibleDescription(/Priya Shah/);
      await page.keyboard.press('ControlOrMeta+S');
      await expect(page.getByText('Unsaved changes')).toHaveCount(0);

      // Leave the seeded active flow in place for the spec's other tests, still by keyboard.
      await tabTo(page, page.getByRole('button', { name: 'Back', exact: true }), { back: true });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/call-flows/${productId}\\?tab=active-call-flow`));
      await expect(page.getByRole('region', { name: 'Active call flow' })).toContainText(
        `${name} is your active call flow`,
      );
      await tabTo(page, page.getByRole('button', { name: 'Enable Main office hours' }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('region', { name: 'Active call flow' })).toContainText(
        'Main office hours is your active call flow',
      );
      const list = page.getByRole('list', { name: 'Custom call flows' });
      await tabTo(page, list.getByRole('button', { name: `Delete ${name}`, exact: true }));
      await page.keyboard.press('Enter');
      const dialog = page
        .getByRole('alertdialog', { name: `Delete ${name}?` })
        .or(page.getByRole('dialog', { name: `Delete ${name}?` }));
      await tabTo(page, dialog.getByRole('button', { name: 'Delete call flow' }));
      await page.keyboard.press('Enter');
      await expect(list.getByRole('link', { name, exact: true })).toHaveCount(0);
    });
  });
});
