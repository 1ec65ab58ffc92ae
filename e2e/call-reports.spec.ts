import { readFileSync } from 'node:fs';

import { accounts, expect, expectAccessible, signInAs, test } from './fixtures.ts';

/** A card's or a table cell's count as a number (1,234 -> 1234). */
const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test.describe('call reports', () => {
  test('four cards with their change, a chart as its table, the call activity exported as CSV and read back @mobile', async ({
    page,
    loginPage,
    homePage,
  }) => {
    test.setTimeout(180_000);
    // Read-only: the demo Acme's 90 days of calls.
    await signInAs(loginPage, homePage, accounts.customer, 'Alex');
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('link', { name: 'Call reports' }).first().click();
    await expect(page).toHaveURL(/\/call-reports\/\d+\?tab=call-trends$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Call reports' })).toBeVisible();

    // The four summary cards, each with its change against the 30 days before.
    const cards = page.getByTestId('summary-card');
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(0)).toContainText('Outbound calls');
    await expect(cards.nth(1)).toContainText('Answered calls');
    await expect(cards.nth(2)).toContainText('Missed calls');
    await expect(cards.nth(3)).toContainText('Call duration');
    for (let i = 0; i < 4; i++)
      await expect(cards.nth(i)).toContainText(/(Up \d+%|Down \d+%|No change) on the previous 30 days/);
    await page.getByRole('button', { name: 'About call duration' }).focus();
    await expect(page.getByRole('tooltip', { name: 'Sum of total duration of all calls in the period' })).toBeVisible();
    const cardCount = async (i: number) => count(await cards.nth(i).locator('p').nth(1).textContent());
    const [outbound, answered, missed] = [await cardCount(0), await cardCount(1), await cardCount(2)];
    expect(answered).toBeGreaterThan(0);

    // The charts are drawn (Chart.js loaded for this page); number of calls switched to its table.
    const numberOfCalls = page.getByRole('region', { name: 'Number of calls' });
    await expect(
      numberOfCalls.getByRole('img', { name: /^Bar chart of missed, answered and outbound calls per day/ }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Density' }).getByRole('img')).toBeVisible();
    await numberOfCalls.getByRole('button', { name: 'Show number of calls as a table' }).click();
    const table = numberOfCalls.getByRole('table', { name: 'Calls per day' });
    await expect(table.getByRole('row')).toHaveCount(31);
    const totals = await table.locator('tbody tr td:last-child').allTextContents();
    expect(totals.reduce((sum, text) => sum + count(text), 0)).toBe(outbound + answered + missed);
    await expect(numberOfCalls.getByRole('button', { name: 'Show number of calls as a chart' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectAccessible(page, 'call reports, a chart as its table');

    // The call activity, exported as CSV and read back.
    const activity = page.getByRole('region', { name: 'Call activity' });
    await expect(activity.getByText(/^[\d,]+ calls? from /)).toBeVisible();
    // The table is named by its caption.
    await expect(
      activity.getByRole('table', { name: /^Call activity from \d{2} \w{3} \d{4} to \d{2} \w{3} \d{4}, page 1 of / }),
    ).toBeVisible();
    const calls = count(
      /^[\d,]+/.exec((await activity.getByText(/^[\d,]+ calls? from /).textContent()) ?? '')?.[0] ?? '',
    );
    expect(calls).toBe(outbound + answered + missed);
    const firstRow = activity.getByRole('table').locator('tbody tr').first();
    const [firstType, firstCaller] = await Promise.all([
      firstRow.locator('td').nth(1).textContent(),
      firstRow.locator('td').nth(2).textContent(),
    ]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      activity.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Cloud_call_activity_\d{2}-\d{2}-\d{4}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Time,Call type,Caller,Called,Duration (seconds),User,Extension');
    expect(lines).toHaveLength(calls + 1);
    const [, , type, caller] = lines[1]!.split(',');
    expect(type).toBe(firstType);
    // The page shows a national number as +44...; the file keeps the call log's form.
    expect(firstCaller).toContain(caller!.replace(/^0/, ''));
    expect(lines.filter((line) => line.split(',')[2] === 'Missed')).toHaveLength(missed);
  });
});
