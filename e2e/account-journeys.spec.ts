import type { Page } from '@playwright/test';

import { accountMessages, errorMessages, MAGIC_LINK_TTL_MINUTES } from '@portal/contract';

import { expect, expectAccessible, latestMessage, linkIn, test } from './fixtures.ts';

/**
 * The e-mail sign-in journeys (spec 000 sections 2, 4 and 7), as a new person goes through them: every e-mail is
 * read from the sandbox outbox, and every link opened as it would be from an inbox. Each test
 * makes its own person (unique address), as the tests share one database and run in parallel.
 */

interface NewPerson {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

function newPerson(firstName: string): NewPerson {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName,
    lastName: 'Marsh',
    email: `e2e-${unique}@example.test`,
    password: `Tangerine harbour ${unique.slice(-6)}`,
  };
}

/** The csrftoken for the test's own calls to the server (the page's cookie jar gets the cookie). */
async function csrfToken(page: Page): Promise<string> {
  const answer = await page.request.get('/auth/csrf/');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { csrftoken: string }).csrftoken;
}

/**
 * A person who has just registered (not yet verified), made through the API: the tests that
 * need someone to exist but are about another journey. Registration itself is tested through
 * the pages below.
 */
async function registered(page: Page, firstName: string): Promise<NewPerson> {
  const person = newPerson(firstName);
  const answer = await page.request.post('/registration/', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: {
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      password1: person.password,
      password2: person.password,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return person;
}

/**
 * Makes the links of an e-mail expire now, through the sandbox outbox (the server's clock
 * cannot be moved from here; the server's own tests cover expiry by time).
 */
async function expireLinksOf(page: Page, message: { id: number }): Promise<void> {
  const answer = await page.request.post(`/sandbox/outbox/${message.id}/expire-links/`, {
    headers: { 'X-CSRFToken': await csrfToken(page) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  expect(((await answer.json()) as { expired: number }).expired).toBeGreaterThan(0);
}

/** Opens the link of the newest e-mail to `email`, as a click in the inbox would. */
async function openLinkInLatestEmail(page: Page, email: string): Promise<void> {
  await page.goto(linkIn((await latestMessage(page.request, email)).body));
}

async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const errorSummary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });
const welcome = (page: Page, firstName: string) =>
  page.getByRole('heading', { level: 1, name: `Welcome, ${firstName}` });

test.describe('registration and e-mail verification', () => {
  test('a new person registers, opens the link from the email, and signs in', async ({ page, loginPage }) => {
    const person = newPerson('Robin');
    await loginPage.goto();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await expect(page).toHaveTitle('Create an account | Customer Portal');
    await expectAccessible(page, 'register page');

    // Too short a password, explained before anything is sent; what was typed stays.
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email address').fill(person.email);
    await page.getByLabel('Create a password').fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(errorSummary(page)).toContainText('Password must be 10 characters or more');
    await expect(page).toHaveTitle('Error: Create an account | Customer Portal');
    await expect(page.getByLabel('Email address')).toHaveValue(person.email);
    await expectAccessible(page, 'register page with errors');

    await page.getByLabel('Create a password').fill(person.password);
    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/register\/success$/);
    await expect(page.getByText(person.email)).toBeVisible();
    await expectAccessible(page, 'register success page');

    // Not confirmed yet: the password alone does not let them in.
    await page.goto('/auth/login/');
    await signInWithPassword(page, person.email, person.password);
    await expect(loginPage.errorSummary()).toContainText(accountMessages.emailNotVerified);

    await openLinkInLatestEmail(page, person.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeVisible();
    await expect(page.getByText(accountMessages.verified)).toBeVisible();
    await expectAccessible(page, 'email confirmed page');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await loginPage.expectShown();
    await signInWithPassword(page, person.email, person.password);
    await expect(welcome(page, person.firstName)).toBeVisible();
  });

  test('an expired verification link is refused, and a new one can be sent from there', async ({ page }) => {
    const person = await registered(page, 'Sasha');
    const first = await latestMessage(page.request, person.email);
    await expireLinksOf(page, first);
    await page.goto(linkIn(first.body));
    await expect(
      page.getByRole('heading', { level: 1, name: 'We could not confirm your email address' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(accountMessages.linkExpired);
    await expectAccessible(page, 'verification link expired');

    await page.getByLabel('Email address').fill(person.email);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByText('a new verification email is on its way')).toBeVisible();
    await expect.poll(async () => (await latestMessage(page.request, person.email)).id).not.toBe(first.id);

    await openLinkInLatestEmail(page, person.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeVisible();
  });
});

test.describe('magic link', () => {
  test('a person asks for a sign-in link, opens it and lands where they were going; the link works once', async ({
    page,
    loginPage,
    homePage,
  }) => {
    const person = await registered(page, 'Morgan');
    await page.goto('/?from=magic-link');
    await loginPage.expectShown();
    await page.getByRole('link', { name: 'Email me a sign-in link instead' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Email me a sign-in link' })).toBeVisible();
    await expectAccessible(page, 'magic link page');

    await page.getByLabel('Email address').fill(person.email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(person.email)).toBeVisible();
    await expect(page.getByText(`The link works once, for ${MAGIC_LINK_TTL_MINUTES} minutes.`)).toBeVisible();
    await expectAccessible(page, 'magic link sent page');

    const link = linkIn((await latestMessage(page.request, person.email)).body);
    expect(link).toContain('/auth/login/signin#key=');
    await page.goto(link);
    await expect(welcome(page, person.firstName)).toBeVisible();
    const landed = new URL(page.url());
    expect(landed.pathname + landed.search + landed.hash).toBe('/?from=magic-link');
    await expectAccessible(page, 'home after a magic link');

    // The same link again, after signing out: refused, with a way to ask for another.
    await homePage.logout();
    await loginPage.expectShown();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(accountMessages.linkUsed);
    expect(new URL(page.url()).hash).toBe(''); // the key left the address bar
    await expectAccessible(page, 'magic link used');
    await page.getByRole('link', { name: 'Email me a new sign-in link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Email me a sign-in link' })).toBeVisible();
  });

  test('an expired sign-in link is refused with its message; a new one signs in', async ({ page }) => {
    const person = await registered(page, 'Quinn');
    await page.goto('/auth/login/magic-link');
    await page.getByLabel('Email address').fill(person.email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

    const first = await latestMessage(page.request, person.email);
    expect(first.subject).toBe('Your sign-in link');
    await expireLinksOf(page, first);
    await page.goto(linkIn(first.body));
    await expect(page.getByRole('alert')).toContainText(accountMessages.linkExpired);
    await expectAccessible(page, 'magic link expired');

    await page.getByRole('link', { name: 'Email me a new sign-in link' }).click();
    await page.getByLabel('Email address').fill(person.email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect.poll(async () => (await latestMessage(page.request, person.email)).id).not.toBe(first.id);
    await openLinkInLatestEmail(page, person.email);
    await expect(welcome(page, person.firstName)).toBeVisible();
  });
});

test.describe('forgotten password', () => {
  test('a person resets a forgotten password and signs in with the new one; the old one and the used link are refused', async ({
    page,
    loginPage,
  }) => {
    const person = await registered(page, 'Avery');
    const newPassword = `Marmalade lighthouse ${Date.now() % 100000}`;
    await loginPage.goto();
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expectAccessible(page, 'password reset page');

    await page.getByLabel('Email address').fill(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/password_reset\/success$/);
    await expectAccessible(page, 'password reset sent page');

    const link = linkIn((await latestMessage(page.request, person.email)).body);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Create a new password' })).toBeVisible();
    await expectAccessible(page, 'new password page');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(errorSummary(page)).toContainText('Passwords do not match');
    await expectAccessible(page, 'new password page with errors');

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();
    await expect(page.getByText(accountMessages.passwordReset)).toBeVisible();
    await expectAccessible(page, 'password changed page');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await loginPage.expectShown();
    await signInWithPassword(page, person.email, person.password);
    await expect(loginPage.errorSummary()).toContainText(errorMessages.badCredentials);
    await signInWithPassword(page, person.email, newPassword);
    await expect(welcome(page, person.firstName)).toBeVisible();

    // The link has done its work: used again, the server says so and nothing changes.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(`${newPassword} again`);
    await page.getByLabel('Confirm new password').fill(`${newPassword} again`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(errorSummary(page)).toContainText(accountMessages.linkUsed);
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue(`${newPassword} again`);
  });
});
