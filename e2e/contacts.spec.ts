import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

import { expect, expectAccessible, signInCustomer, test } from './fixtures.ts';

/** From home, the side navigation's "Company contacts" (behind the menu on a phone). */
async function openContacts(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Company contacts' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Company contacts' })).toBeVisible();
  await expect(page).toHaveURL(/\/company-contacts\/\d+$/);
}

async function searchFor(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search contacts').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

/** A name and a mobile number no other run of these tests uses. */
function unique() {
  const n = Math.floor(Math.random() * 1_000_000);
  return {
    tag: `Zq${n.toString(36)}`,
    number: `07700 ${String(900000 + (n % 1000)).slice(-6)}`,
    national: `07700${String(900000 + (n % 1000)).slice(-6)}`,
  };
}

// Each test signs in as a customer of its own like Acme with 30 contacts (two pages), made by the sandbox's
// customer factory, so what one adds, deletes or re-imports no other sees.
test.describe('company contacts', () => {
  test('add (a bad number first), copy the number, edit, delete @mobile', async ({
    page,
    loginPage,
    homePage,
    context,
    makeCustomer,
  }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { tag, number, national } = unique();
    await signInCustomer(loginPage, homePage, await makeCustomer('contacts'));
    await openContacts(page);
    await expect(page.getByText(/^\d+ contacts$/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Contact pages' })).toContainText('Page 1 of');
    await expectAccessible(page, 'company contacts');

    await page.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a contact' });
    await dialog.getByLabel('First name').fill('Tess');
    await dialog.getByLabel('Last name').fill(tag);
    await dialog.getByLabel('Phone number').fill('0800 123');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await expect(dialog.getByText('Enter a UK phone number starting 01, 02 or 07')).toBeVisible();
    await expectAccessible(page, 'add contact with an error');
    await dialog.getByLabel('Phone number').fill(number);
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Contact added')).toBeVisible();

    await searchFor(page, tag);
    await expect(page.getByText(/^1 of \d+ contacts match/)).toBeVisible();
    const shown = `+44${national.slice(1)}`;
    const copy = page.getByRole('button', { name: `Copy Tess ${tag}'s number: ${shown}` });
    await expect(copy).toHaveText(shown);
    await copy.click();
    const tooltip = page.locator(`[id="${await copy.getAttribute('aria-describedby')}"]`);
    await expect(tooltip).toHaveText('Copied!');
    await expect(tooltip).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    // 'Copied!' for 6000 ms, then 'Copy' again (at 6250 ms; the exact timing is copy-feedback.test.ts's).
    await expect(tooltip).toHaveText('Copy', { timeout: 10_000 });

    await page.getByRole('button', { name: `Edit Tess ${tag}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit contact' });
    await expect(edit.getByLabel('Phone number')).toHaveValue(national);
    await edit.getByLabel('Company (optional)').fill('Leeds Pipe & Valve Wholesale Co');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    // Over 15 characters: truncated, the whole text in a tooltip on hover.
    const company = page.getByText('Leeds Pipe & Va…');
    await expect(company).toBeVisible();
    await company.hover();
    await expect(page.getByRole('tooltip', { name: 'Leeds Pipe & Valve Wholesale Co' })).toBeVisible();

    await page.getByRole('button', { name: `Delete Tess ${tag}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete Tess ${tag}?` });
    await expect(confirm).toContainText(shown);
    await confirm.getByRole('button', { name: 'Delete contact' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`No contacts match “${tag}”.`)).toBeVisible();
  });

  test('import: the template, a file that is not the template, then a CSV with bad rows', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    test.setTimeout(180_000);
    const { tag } = unique();
    await signInCustomer(loginPage, homePage, await makeCustomer('contacts'));
    await openContacts(page);
    await page.getByRole('button', { name: 'Import from CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts from CSV' });

    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: /Download the template/ }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('import-contact.csv');
    expect(readFileSync(await template.path(), 'utf8')).toBe('firstname,lastname,number,email,enterprise\r\n');

    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,phone\nAnn,01632960001\n'),
    });
    await expect(dialog.getByRole('alert')).toContainText('The file has no firstname or lastname column');

    const csv = [
      'firstname,lastname,number,email,enterprise',
      `Good,${tag}-one,01632 960 123,good@example.com,Quill`,
      `Good,${tag}-two,+44 20 7946 0123,,`,
      `,,01632960124,,`,
      `Bad,${tag}-number,0800 123 456,,`,
      `Bad,${tag}-email,07700900124,not-an-email,`,
    ].join('\r\n');
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog).toContainText(
      'contacts.csv: 5 rows, 2 ready to import, 3 with problems (they will not be imported).',
    );
    const problems = dialog.getByRole('region', { name: 'Rows with problems' });
    await expect(problems).toContainText('Enter a first name or a last name');
    await expect(problems).toContainText('Enter a UK phone number starting 01, 02 or 07');
    await expect(problems).toContainText('Enter an email address in the correct format');
    await expectAccessible(page, 'import preview');

    await dialog.getByRole('button', { name: 'Import 2 contacts' }).click();
    await expect(dialog.getByRole('status')).toHaveText('2 contacts imported, 3 not imported.');
    await expect(dialog.getByRole('list', { name: 'Imported contacts' })).toContainText(
      `Good ${tag}-one · +441632960123`,
    );
    await expect(dialog.getByRole('region', { name: 'Not imported' })).toContainText(
      'Enter an email address in the correct format',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    await searchFor(page, tag);
    await expect(page.getByText(/^2 of \d+ contacts match/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Copy Good .*-two's number: \+442079460123/ })).toBeVisible();
  });

  test('a formula-looking name is exported as text and re-imported unchanged', async ({
    page,
    loginPage,
    homePage,
    makeCustomer,
  }) => {
    test.setTimeout(180_000);
    const { tag, number } = unique();
    const formula = '=HYPERLINK("http://evil.example","x")';
    await signInCustomer(loginPage, homePage, await makeCustomer('contacts'));
    await openContacts(page);
    await page.getByRole('button', { name: 'Add contact' }).click();
    const add = page.getByRole('dialog', { name: 'Add a contact' });
    await add.getByLabel('First name').fill(formula);
    await add.getByLabel('Last name').fill(tag);
    await add.getByLabel('Phone number').fill(number);
    await add.getByRole('button', { name: 'Add contact' }).click();
    await expect(add).toBeHidden();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('company-contacts.csv');
    const exported = readFileSync(await download.path(), 'utf8');
    const line = exported.split('\r\n').find((row) => row.includes(tag));
    // The cell starts with ' so a spreadsheet shows it as text.
    expect(line?.startsWith(`"'=HYPERLINK(""http://evil.example"",""x"")",${tag},`)).toBe(true);

    await searchFor(page, tag);
    await page.getByRole('button', { name: `Delete ${formula} ${tag}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete contact' }).click();
    await expect(page.getByText(`No contacts match “${tag}”.`)).toBeVisible();

    await page.getByRole('button', { name: 'Import from CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts from CSV' });
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'company-contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(exported) });
    await dialog.getByRole('button', { name: /^Import \d+ contacts?$/ }).click();
    // Everything else in the file is already in the phonebook: refused as duplicates.
    await expect(dialog.getByRole('status')).toContainText(/contacts? imported/);
    await expect(dialog.getByRole('list', { name: 'Imported contacts' })).toContainText(`${formula} ${tag}`);
    await expect(dialog.getByRole('region', { name: 'Not imported' })).toContainText(
      'Already in the phonebook (same name and number)',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: `Edit ${formula} ${tag}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit contact' }).getByLabel('First name')).toHaveValue(formula);
  });
});
