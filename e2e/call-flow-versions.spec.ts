import type { Page } from '@playwright/test';
import { accounts, expect, expectAccessible, signInAs, test } from './fixtures.ts';

/** From home, the side nav's "Call flows" link. */
async function openCallFlows(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Call flows' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Call flows' })).toBeVisible();
}

const flowName = (prefix: string) => `${prefix} ${Date.now()}-${Math.floor(Math.random() * 1000)}`;

test.describe('call flow versions', () => {
  test('save a flow three times, compare the first and last versions, read the change list, restore the first', async ({ page, loginPage, homePage }) => {
    test.setTimeout(120_000);
    await signInAs(loginPage, homePage, accounts.callFlowEditorAcme, accounts.callFlowEditorAcme.firstName);
    await openCallFlows(page);

    // Save 1: a new flow as it starts (in hours rings a transfer).
    await page.getByRole('link', { name: 'Create call flow' }).click();
    const name = flowName('Versions');
    await page.getByRole('textbox', { name: 'Call flow name' }).fill(name);
    const canvas = page.getByRole('region', { name: 'Call flow canvas' });
    const node = (label: string | RegExp) => canvas.getByRole('button', { name: label, exact: typeof label === 'string' });
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
    await page.getByRole('dialog', { name: /^Add a step after In hours/ }).getByRole('button', { name: 'Voicemail', exact: true }).click();
    const voicemailDialog = page.getByRole('dialog', { name: 'Voicemail: Voicemail' });
    await voicemailDialog.getByLabel('Voicemail box').selectOption({ label: 'Priya Shah · ext 201' });
    await voicemailDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(voicemailDialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();

    // The versions panel lists the three saves, newest first.
    await canvas.getByRole('button', { name: 'Versions', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Versions' });
    const list = panel.getByRole('list', { name: 'Saved versions' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').first()).toContainText('Version 3');
    await expect(list.getByRole('listitem').first()).toContainText('by Alex');
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
    await expect(added.getByRole('button', { name: /^Voicemail:/ })).toHaveAccessibleDescription(/Added in the newer version/);
    await expect(readOnly.getByRole('button', { name: /^(Add a step after|Insert a step before|Add a key to)/ })).toHaveCount(0);
    await expect(readOnly.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expectAccessible(page, 'two versions compared');

    // The older side shows the transfer that went away.
    await panel.getByRole('button', { name: 'Show version 1' }).click();
    const older = page.getByRole('region', { name: 'Call flow canvas, version 1, read-only' });
    await expect(older.getByRole('button', { name: 'Transfer: Transfer', exact: true })).toHaveAccessibleDescription(/Removed in the newer version/);

    // Restore the first, after the confirmation: it becomes version 4 and the editor holds it.
    await panel.getByRole('button', { name: 'Restore version 1', exact: true }).first().click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore version 1?' });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, 'restore confirmation');
    await confirm.getByRole('button', { name: 'Restore version 1' }).click();
    await expect(page.getByText('Version 1 restored').first()).toBeVisible();
    const editing = page.getByRole('region', { name: 'Call flow canvas' });
    await expect(editing.getByRole('button', { name: 'Transfer: Transfer', exact: true })).toBeVisible();
    await expect(editing.getByRole('button', { name: /^Voicemail:/ })).toHaveCount(1);
    const versions = page.getByRole('region', { name: 'Versions' }).getByRole('list', { name: 'Saved versions' });
    await expect(versions.getByRole('listitem')).toHaveCount(4);
    await expect(versions.getByRole('listitem').first()).toContainText('Restored from version 1');
    // Nothing unsaved: the editor holds the restored version as saved.
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();

    // Save & Enable tells, inside its confirmation, what would change for callers against the flow active now.
    await page.getByRole('button', { name: 'Save & Enable' }).click();
    const enable = page.getByRole('dialog', { name: `Save and enable ${name}?` });
    await expect(enable).toContainText('calls will follow this call flow from now on');
    await expect(enable.getByRole('list', { name: /^What changes for callers compared with / }).getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page, 'save and enable with the difference');
    await enable.getByRole('button', { name: 'Cancel' }).click();
    await expect(enable).toBeHidden();
    await page.getByRole('button', { name: 'Back', exact: true }).click();

    // The flow made here goes again.
    const flows = page.getByRole('list', { name: 'Custom call flows' });
    await flows.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete ${name}?` }).or(page.getByRole('dialog', { name: `Delete ${name}?` }));
    await dialog.getByRole('button', { name: 'Delete call flow' }).click();
    await expect(flows.getByRole('link', { name, exact: true })).toHaveCount(0);
  });
});
