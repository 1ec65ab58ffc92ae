import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

import { accounts, expect, expectAccessible, productIdOf, signInAs, signInCustomer, test } from './fixtures.ts';

// Meadow Lane Vets (server/src/modules/product-details/demo-product-details.ts): one product of every
// kind. The demo login is only looked at here; renewing is done on a new customer like it (the
// sandbox's customer factory), so a renewed contract is never another test's.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date as the page shows it (DD MMM YYYY), `months` calendar months on (kept to the end of a shorter month). */
function monthsAfter(shown: string, months: number): string {
  const [day, month, year] = shown.split(' ');
  const start = new Date(Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day)));
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return `${String(target.getUTCDate()).padStart(2, '0')} ${MONTHS[target.getUTCMonth()]} ${target.getUTCFullYear()}`;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens the product switcher (behind the menu on a phone) and chooses the product whose link says `name`. */
async function switchTo(page: Page, name: RegExp) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  const toggle = nav(page).getByRole('button', { name: /Switch product/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await nav(page).getByRole('list', { name: 'Products' }).getByRole('link', { name }).click();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const contractHeadings = (page: Page) =>
  page.getByRole('list', { name: 'Contracts' }).getByRole('heading', { level: 3 });

test('each kind of product opens its details page from the product switcher @mobile', async ({
  page,
  loginPage,
  homePage,
}) => {
  await signInAs(loginPage, homePage, accounts.productDetails, accounts.productDetails.firstName);

  // The cloud phone: its tariff, the site at a glance with links, its children, contracts without the VOID one.
  await switchTo(page, /^Cloud phone.*Meadow Lane/);
  await expect(page).toHaveURL(/\/cloud-phone-details\/\d+$/);
  await expect(heading(page, 'Cloud phone details')).toBeVisible();
  const phoneId = new URL(page.url()).pathname.split('/')[2];
  await expect(region(page, 'Tariff')).toContainText('Cloud Phone Essentials');
  await expect(region(page, 'Tariff')).toContainText('£18.00 a month');
  await expect(region(page, 'Tariff')).toContainText('£9.00 a month for 3 months');
  await expect(region(page, 'Tariff')).toContainText('24 months');
  const site = region(page, 'Your phone system');
  await expect(site.getByRole('link', { name: '+441174960001' })).toHaveAttribute('href', `/phone-numbers/${phoneId}`);
  await expect(site.getByRole('link', { name: '2 numbers' })).toBeVisible();
  await expect(region(page, 'Included with this product')).toContainText('Additional user (Sam Patel)');
  await expect(contractHeadings(page)).toHaveCount(1);
  // Its contract ends in 20 days: renewal is offered (renewing is the next test's, on a copy).
  await expect(region(page, 'Renew your contract')).toBeVisible();
  await expectAccessible(page, 'cloud phone details with the renewal offer');
  await site.getByRole('link', { name: '2 users' }).click();
  await expect(page).toHaveURL(new RegExp(`/users-devices/${phoneId}`));
  await expect(heading(page, 'Users and devices')).toBeVisible();

  // The fibre: its contract ends in 200 days, so no renewal; the VOID contract is hidden.
  await switchTo(page, /^Fibre/);
  await expect(page).toHaveURL(/\/fibre-details\/\d+$/);
  await expect(heading(page, 'Fibre details')).toBeVisible();
  await expect(region(page, 'Tariff')).toContainText('Full Fibre 900');
  await expect(contractHeadings(page)).toHaveCount(1);
  await expect(region(page, 'Renew your contract')).toHaveCount(0);
  await expect(region(page, 'Your phone system')).toHaveCount(0);
  await expectAccessible(page, 'fibre details');

  // The older VoIP line: out of contract since two months, so no renewal.
  await switchTo(page, /^VoIP/);
  await expect(page).toHaveURL(/\/voip-details\/\d+$/);
  await expect(heading(page, 'VoIP details')).toBeVisible();
  await expect(region(page, 'Tariff')).toContainText('VoIP Line Classic');
  await expect(contractHeadings(page)).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Contracts' })).toContainText('Ended');
  await expect(region(page, 'Renew your contract')).toHaveCount(0);

  // The broadband: renewable (ends in 10 days), with its static IP.
  await switchTo(page, /^Broadband/);
  await expect(page).toHaveURL(/\/broadband-details\/\d+$/);
  await expect(heading(page, 'Broadband details')).toBeVisible();
  await expect(region(page, 'Included with this product')).toContainText('Static IP address');
  await expect(region(page, 'Renew your contract')).toBeVisible();

  // The phone line: its contract's end and length are not known, so no renewal.
  await switchTo(page, /^Phone line/);
  await expect(page).toHaveURL(/\/phoneline-details\/\d+$/);
  await expect(heading(page, 'Phone line details')).toBeVisible();
  await expect(region(page, 'Tariff')).toContainText('Business Line');
  await expect(page.getByRole('list', { name: 'Contracts' })).toContainText('End date-');
  await expect(region(page, 'Renew your contract')).toHaveCount(0);

  // The website, and its contract document.
  await switchTo(page, /^Website/);
  await expect(page).toHaveURL(/\/website-details\/\d+$/);
  await expect(heading(page, 'Website details')).toBeVisible();
  await expect(region(page, 'Tariff')).toContainText('£0.00 a month for 2 months');
  const contractId = (await contractHeadings(page).first().textContent())!.replace('Contract ', '');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download contract document' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`contract-${contractId}.txt`);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toContain(`Contract              ${contractId}`);
  expect(text).toContain('Website Starter');
  await expectAccessible(page, 'website details');
});

/** An API answer as JSON, asked with the signed-in page's token (as the SPA sends it). */
async function apiJson<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('auth._token.local'));
  const response = await page.request.get(path, { headers: { Authorization: `Token ${token}` } });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** A DD MMM YYYY date as YYYY-MM-DD. */
const isoOf = (shown: string) => {
  const [day, month, year] = shown.split(' ');
  return `${year}-${String(MONTHS.indexOf(month!) + 1).padStart(2, '0')}-${day}`;
};

test('renews a contract ending within a month for 24 months; the current tariff stays until it ends @mobile', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const account = await makeCustomer('every-product-kind');
  await signInCustomer(loginPage, homePage, account);
  await switchTo(page, /^Cloud phone.*Meadow Lane/);
  await expect(heading(page, 'Cloud phone details')).toBeVisible();

  const offer = region(page, 'Renew your contract');
  await expect(offer).toBeVisible();
  const currentEnd = /ends on (\d{2} \w{3} \d{4})/.exec((await offer.textContent()) ?? '')?.[1];
  expect(currentEnd).toBeDefined();
  const newEnd = monthsAfter(currentEnd!, 24);

  // Both tariffs side by side, VAT included: 24 × £18 = £432 (£518.40); the renewal's first month free, then 23 × £16 = £368 (£441.60).
  await offer.getByRole('radio', { name: '24 months' }).check();
  await expect(offer.getByRole('region', { name: 'Current tariff' })).toContainText('£518.40 inc. VAT');
  await expect(offer.getByRole('region', { name: 'Renewal tariff' })).toContainText('£441.60 inc. VAT');
  await expect(offer.getByRole('region', { name: 'Renewal tariff' })).toContainText('£19.20 inc. VAT');
  await expect(offer).toContainText(`to ${newEnd}`);
  await expectAccessible(page, 'the renewal offer');

  await offer.getByRole('button', { name: 'Confirm renewal for 24 months' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Your contract has been renewed' });
  await expect(done).toContainText(`24 months, from`);
  await expect(done).toContainText(`to ${newEnd}`);
  await expect(contractHeadings(page)).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Contracts' }).getByRole('listitem').first()).toContainText(newEnd);
  // Until the current contract ends its tariff stays: the renewal is shown as agreed, from the day after.
  const tariff = region(page, 'Tariff');
  await expect(tariff).toContainText('£18.00 a month');
  const agreed = tariff.getByText(/^Cloud Phone Essentials \(renewal\), £16\.00 a month/);
  await expect(agreed).toContainText('(£0.00 a month for 1 month), 24 months from');
  await expect(agreed).toContainText(`to ${newEnd}`);
  await expect(region(page, 'Renew your contract')).toHaveCount(0);
  await expectAccessible(page, 'cloud phone details with a renewal agreed');

  // The server agrees: after a reload the new contract is there, the tariff is still the current one, and renewal is no longer offered.
  await page.reload();
  await expect(heading(page, 'Cloud phone details')).toBeVisible();
  await expect(contractHeadings(page)).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Contracts' }).getByRole('listitem').first()).toContainText(newEnd);
  await expect(region(page, 'Tariff')).toContainText('£18.00 a month');
  await expect(region(page, 'Tariff')).toContainText('Renewal agreed');
  await expect(region(page, 'Renew your contract')).toHaveCount(0);
  const id = productIdOf(page);
  const renewal = await apiJson<Record<string, unknown>>(page, `/api/v3/products/${id}/renewal/`);
  expect(renewal).toMatchObject({
    current_tariff_name: 'Cloud Phone Essentials',
    current_tariff_price: '18.00',
    current_contract_end_date: isoOf(currentEnd!),
  });
  const details = await apiJson<{
    tariff_price: string;
    renewal_agreed: { start_date: string; end_date: string } | null;
  }>(page, `/api/v3/products/${id}/`);
  expect(details.tariff_price).toBe('18.00');
  expect(details.renewal_agreed).toMatchObject({ tariff_price: '16.00', end_date: isoOf(newEnd) });
});
