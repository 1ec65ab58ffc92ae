import type { Page } from '@playwright/test';

import { expect, expectAccessible, signInCustomer, test } from './fixtures.ts';

// The quick-start wizard and its feedback panel (spec 000 sections 2 and 4). Each test signs in as a customer
// of its own from the sandbox's customer factory: the steps test as one like BrightDesk Studio (a trial, the
// video watched), the feedback tests as one like Juniper Florists, whose quick start asks for feedback
// (server/src/modules/trial/demo-quickstart.ts).

const activator = (page: Page) => page.getByRole('button', { name: /^(Quick start|Share feedback)/ });
const wizard = (page: Page) =>
  page.getByRole('region', { name: /^(Quick start|Quickstart complete!|Share feedback!|Feedback submitted!)$/ });
const step = (page: Page, header: string) =>
  page.getByRole('button', { name: new RegExp(`^${header} \\((completed|not completed)\\)$`) });

/** Waits for the trial status PATCH the last action sent, so a reload sees what it saved. */
const saved = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/v1/trial/status/') && r.request().method() === 'PATCH' && r.ok());

/** The analytics events pushed onto the tag manager's data layer (src/lib/analytics.ts). */
const trackedEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((entry) => entry.event),
  );

/** Expands a step (when it is not already) and answers the step's trigger. */
async function openStep(page: Page, header: string) {
  const trigger = step(page, header);
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  return trigger;
}

test('the trial customer works through the quick start: first incomplete step, links, progress kept, completion, Close', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  await signInCustomer(loginPage, homePage, await makeCustomer('trial'));
  await expect(page.getByRole('region', { name: 'Trial' })).toHaveText(
    'Enjoy your trial of Cloud phone – 2 days remain',
  );

  // Opens by itself, at the first step not done (the video is watched in the demo data).
  await expect(activator(page)).toHaveAccessibleName('Quick start, 1 of 6 done');
  await expect(activator(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(wizard(page)).toHaveAccessibleName('Quick start');
  await expect(step(page, 'Watch the getting started video')).toHaveAccessibleName(/\(completed\)$/);
  await expect(step(page, 'Download the apps')).toHaveAttribute('aria-expanded', 'true');
  await expect(step(page, 'Download the apps')).toHaveAccessibleName(/\(not completed\)$/);
  expect(await trackedEvents(page)).toContain('QS - opened');
  await expectAccessible(page, 'quick start open at the first incomplete step');

  // The step's button ticks it and goes to the product's download page.
  let save = saved(page);
  await wizard(page).getByRole('link', { name: 'Download apps' }).click();
  await expect(page).toHaveURL(/\/download-apps\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(step(page, 'Download the apps')).toHaveAccessibleName('Download the apps (completed)');
  await expect(activator(page)).toHaveAccessibleName('Quick start, 2 of 6 done');
  await save;
  expect(await trackedEvents(page)).toContain('QS - download apps');

  // A reload keeps the progress; after the first visit the wizard waits collapsed to its button, and opens at
  // the remembered step.
  await page.reload();
  await expect(activator(page)).toHaveAccessibleName('Quick start, 2 of 6 done');
  await expect(activator(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(wizard(page)).toBeHidden();
  await activator(page).click();
  await expect(step(page, 'Download the apps')).toHaveAttribute('aria-expanded', 'true');
  await expect(step(page, 'Download the apps')).toHaveAccessibleName(/\(completed\)$/);
  await expectAccessible(page, 'quick start after a reload');

  // A step without a link; it gives the trial's test-call number to ring.
  await openStep(page, 'Make your first call');
  await expect(wizard(page).getByText('Or ring our test line to hear a call go through: +443069990145')).toBeVisible();
  save = saved(page);
  await wizard(page).getByRole('button', { name: "I've made my first call" }).click();
  await expect(step(page, 'Make your first call')).toHaveAccessibleName(/\(completed\)$/);
  await save;

  await openStep(page, 'Set up your call flows');
  save = saved(page);
  await wizard(page).getByRole('link', { name: 'Set up call flows' }).click();
  await expect(page).toHaveURL(/\/call-flows\/\d+\?tab=active-call-flow$/);
  await save;
  await expect(activator(page)).toHaveAccessibleName('Quick start, 4 of 6 done');

  await openStep(page, 'Upgrade to keep your number');
  save = saved(page);
  await wizard(page).getByRole('link', { name: 'See upgrade options' }).click();
  await expect(page).toHaveURL(/\/upgrade\/\d+$/);
  await save;
  // Back to where the customer was, whatever frame the upgrade page has.
  await page.goBack();
  await expect(activator(page)).toHaveAccessibleName('Quick start, 5 of 6 done');

  // The help centre opens in a new tab; the last step done shows the completion view.
  await openStep(page, 'Helpful links');
  save = saved(page);
  const helpTab = page.waitForEvent('popup');
  await wizard(page).getByRole('link', { name: 'Visit the help centre (opens in a new tab)' }).click();
  await (await helpTab).close();
  await save;
  await expect(wizard(page)).toHaveAccessibleName('Quickstart complete!');
  await expect(wizard(page).getByText("Congratulations! You're ready to go.")).toBeVisible();
  await expect(activator(page)).toHaveAccessibleName('Quick start, 6 of 6 done');
  await expectAccessible(page, 'quick start complete');

  // Close turns the pop-up off for good.
  save = saved(page);
  await wizard(page).getByRole('button', { name: 'Close' }).click();
  await save;
  await expect(activator(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Trial' })).toBeVisible();
  await expect(page.getByRole('main')).not.toBeEmpty();
  await expect(activator(page)).toHaveCount(0);
  await expect(wizard(page)).toHaveCount(0);
});

test('the feedback panel shows instead of the steps when feedback is on, and thanks the customer', async ({
  page,
  loginPage,
  homePage,
  isMobile,
  makeCustomer,
}) => {
  await signInCustomer(loginPage, homePage, await makeCustomer('trial-feedback'));
  // More than 3 days left: the banner does not count them.
  await expect(page.getByRole('region', { name: 'Trial' })).toHaveText('Enjoy your trial of Cloud phone');

  await expect(wizard(page)).toHaveAccessibleName('Share feedback!');
  await expect(activator(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(wizard(page).getByRole('button', { name: /Download the apps/ })).toHaveCount(0);

  // Anchored bottom right on a computer, the whole width at the bottom on a phone.
  const viewport = page.viewportSize()!;
  const box = (await wizard(page).boundingBox())!;
  const bar = (await activator(page).boundingBox())!;
  expect(Math.round(bar.y + bar.height)).toBeGreaterThanOrEqual(viewport.height - 30);
  if (isMobile) {
    expect(Math.round(box.x)).toBe(0);
    expect(Math.round(box.width)).toBe(viewport.width);
  } else {
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    expect(box.width).toBeLessThan(viewport.width / 2);
  }

  // Nothing typed: the GOV.UK message, on the field.
  const field = wizard(page).getByRole('textbox', { name: 'How can we improve?' });
  await wizard(page).getByRole('button', { name: 'Submit' }).click();
  await expect(wizard(page).getByText('Enter your feedback')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expectAccessible(page, 'feedback with an error');

  await field.fill('A video on transferring calls would help.');
  await expect(wizard(page).getByText('41 of 2000 characters')).toBeVisible();
  const save = saved(page);
  await wizard(page).getByRole('button', { name: 'Submit' }).click();
  expect((await save).request().postDataJSON()).toEqual({
    customer_feedback: 'A video on transferring calls would help.',
  });
  await expect(wizard(page)).toHaveAccessibleName('Feedback submitted!');
  await expect(wizard(page).getByText('Thanks for your feedback!')).toBeVisible();
  await expectAccessible(page, 'feedback submitted');

  // Close collapses it; opened again, the form is empty for more feedback.
  await wizard(page).getByRole('button', { name: 'Close' }).click();
  await expect(activator(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(activator(page)).toBeFocused();
  await expect(wizard(page)).toBeHidden();
  await activator(page).click();
  await expect(wizard(page)).toHaveAccessibleName('Share feedback!');
  await expect(field).toHaveValue('');
});

test('on a phone the quick start never opens over the page by itself: its button waits at the foot @phone', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  await signInCustomer(loginPage, homePage, await makeCustomer('trial-feedback'));
  await expect(activator(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(wizard(page)).toBeHidden();
  // At the end of the page, room is kept for the button: it covers none of the page's content.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = (await activator(page).boundingBox())!;
  const contentEnd = await page.getByRole('main').evaluate((main) =>
    Math.max(
      ...Array.from(main.querySelectorAll('*'))
        .filter((element) => element.children.length === 0 && (element.textContent ?? '').trim() !== '')
        .map((element) => element.getBoundingClientRect().bottom),
    ),
  );
  expect(contentEnd).toBeLessThanOrEqual(bar.y + 0.5);
  await activator(page).click();
  await expect(wizard(page)).toHaveAccessibleName('Share feedback!');
});
