import type { Page } from '@playwright/test';

import { expect } from './fixtures.ts';

// What every sign-up journey ends with (spec 001 sections 3 and 7): a cloud phone with its pilot number, as the
// server holds it and as the phone numbers and details pages show it. Shared by signup.spec.ts and
// self-signup.spec.ts.

/**
 * A national number as every page shows it, by the one display rule (spec 001 section 9: +44 for its 0, nothing
 * else), as a pattern no longer number matches.
 */
export const shownNumber = (national: string) => {
  expect(national, 'a national number').toMatch(/^0\d{9,10}$/);
  return new RegExp(`\\+44${national.slice(1)}(?!\\d)`);
};

/** An API answer read with the signed-in page's token, as the SPA sends it. */
export async function apiJson<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('auth._token.local'));
  const response = await page.request.get(path, { headers: { Authorization: `Token ${token}` } });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** The signed-in customer's first cloud phone (GET /api/v3/navigation/). */
export async function firstCloudPhoneId(page: Page): Promise<number> {
  const navigation = await apiJson<{ products: Array<{ product_id: number; product_kind: string }> }>(
    page,
    '/api/v3/navigation/',
  );
  const phone = navigation.products.find((product) => product.product_kind === 'voip2');
  expect(phone, 'a cloud phone in the navigation').toBeDefined();
  return phone!.product_id;
}

/**
 * The phone's pilot number: on the server (GET /api/v1/voip/{id}/), first on the phone numbers page as its main
 * number, and on the details page; `expected` when the customer chose it. Answers it.
 */
export async function expectPilotNumber(page: Page, productId: number, expected?: string): Promise<string> {
  const site = await apiJson<{ pilot_number: { number: string } | null }>(page, `/api/v1/voip/${productId}/`);
  expect(site.pilot_number, 'the pilot number on the server').not.toBeNull();
  const pilot = site.pilot_number!.number;
  if (expected) expect(pilot).toBe(expected);

  await page.goto(`/phone-numbers/${productId}`);
  const first = page.getByTestId('number-row').first();
  await expect(first).toContainText(shownNumber(pilot));
  await expect(first).toContainText('Main number');
  await expect(page.getByText('This phone has no numbers yet')).toHaveCount(0);

  await page.goto(`/cloud-phone-details/${productId}`);
  await expect(page.getByText('Pilot number')).toBeVisible();
  await expect(page.getByRole('link', { name: shownNumber(pilot) })).toBeVisible();
  return pilot;
}
