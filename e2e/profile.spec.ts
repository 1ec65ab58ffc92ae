import type { Page } from '@playwright/test';

import { expect, expectAccessible, latestMessage, linkIn, signInCustomer, test } from './fixtures.ts';

// Profile and preferences (spec 000: profile menu; PATCH /api/v3/me/ and /api/v3/me/password/).
// Each test signs in as a customer of its own like Fernleaf Studio's Drew Ashby (or, the @mobile test, like
// Acme's Alex), made by the sandbox's customer factory: the changes and refused passwords are its alone.

const detailsForm = (page: Page) => page.getByRole('form', { name: 'Your details' });
const passwordForm = (page: Page) => page.getByRole('form', { name: 'Change your password' });
const errorSummary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' });
const profileMenu = (page: Page) => page.getByRole('button', { name: 'Profile menu' });

async function openProfileFromMenu(page: Page): Promise<void> {
  await profileMenu(page).click();
  await page.getByRole('menuitem', { name: 'Profile and preferences' }).click();
  await expect(page).toHaveURL(/\/profile-preferences$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile and preferences' })).toBeVisible();
  await expect(detailsForm(page).getByLabel('Full name')).not.toHaveValue('');
  await expectAccessible(page, 'profile page');
}

test('change the name: a refused save keeps what was typed, and the top bar shows the new name at once and after a reload', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  await signInCustomer(loginPage, homePage, await makeCustomer('profile'));
  await expect(profileMenu(page)).toContainText('DA');
  await openProfileFromMenu(page);
  const form = detailsForm(page);
  await expect(form.getByLabel('Full name')).toHaveValue('Drew Ashby');

  // One word is not a full name (spec 000 section 5); nothing is saved and nothing typed is lost.
  await form.getByLabel('Full name').fill('Morgan');
  await form.getByLabel('Phone number (optional)').fill('01632 960001');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(errorSummary(page).getByRole('link', { name: 'Enter your first name and last name' })).toBeVisible();
  await expect(errorSummary(page)).toBeFocused();
  await expect(form.getByLabel('Full name')).toHaveValue('Morgan');
  await expect(form.getByLabel('Phone number (optional)')).toHaveValue('01632 960001');
  await expect(page).toHaveTitle(/^Error: Profile and preferences/);
  await expectAccessible(page, 'profile page with an error');

  await form.getByLabel('Full name').fill('Morgan Ashby-Fenn');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your details have been saved.')).toBeVisible();
  await expect(errorSummary(page)).toHaveCount(0);
  await expect(profileMenu(page)).toContainText('MA');
  await expect(form.getByLabel('Phone number (optional)')).toHaveValue('01632960001');
  await expectAccessible(page, 'profile page saved');

  await page.reload();
  await expect(detailsForm(page).getByLabel('Full name')).toHaveValue('Morgan Ashby-Fenn');
  await expect(profileMenu(page)).toContainText('MA');
  await page.getByRole('banner').getByRole('link', { name: 'Customer Portal home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Morgan' })).toBeVisible();
});

test('change the email address: it changes only once the link sent to the new address is opened', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const emailChange = await makeCustomer('profile');
  // An address no other user has: this customer's own, under another name.
  const newEmail = `new-${emailChange.email}`;
  await signInCustomer(loginPage, homePage, emailChange);
  await openProfileFromMenu(page);
  const form = detailsForm(page);

  await form.getByLabel('Email address').fill(newEmail);
  // A new address needs the current password.
  await form.getByLabel('Current password').fill(emailChange.password);
  await form.getByRole('button', { name: 'Save changes' }).click();
  const pending = form.getByText(
    `We have sent a link to ${newEmail}. Your email address will change when you open it.`,
  );
  await expect(pending).toBeVisible();
  // Until then the account keeps its address.
  await expect(form.getByLabel('Email address')).toHaveValue(emailChange.email);
  await expectAccessible(page, 'profile page with a pending email address');

  const message = await latestMessage(page.request, newEmail, 'email');
  expect(message.subject).toBe('Confirm your new email address');
  await page.goto(linkIn(message.body));
  await expect(page.getByRole('heading', { level: 1, name: 'Email address changed' })).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();
  // The key is taken out of the address bar.
  await expect(page).toHaveURL(/\/profile-preferences\/confirm-email$/);
  await expectAccessible(page, 'email change confirmed');

  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(detailsForm(page).getByLabel('Email address')).toHaveValue(newEmail);
  await expect(pending).toHaveCount(0);

  // Opening the link again is refused with a reason.
  await page.goto(linkIn(message.body));
  await expect(page.getByRole('heading', { level: 1, name: 'Your email address has not changed' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This link has already been used. Ask for a new one.');
  await expectAccessible(page, 'email change link used twice');
});

test('change the password, then sign out and sign in with the new one', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  const newPassword = 'lantern-meadow-93';
  const passwordChange = await makeCustomer('profile');
  await signInCustomer(loginPage, homePage, passwordChange);
  await openProfileFromMenu(page);
  const form = passwordForm(page);
  await expect(form.getByText('Must be 10 characters or more')).toBeVisible();

  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(errorSummary(page).getByRole('link', { name: 'Your current password is incorrect' })).toBeVisible();
  await expect(form.getByText('Your current password is incorrect')).toBeVisible();
  await expect(form.getByLabel('New password', { exact: true })).toHaveValue(newPassword);
  await expectAccessible(page, 'profile page, wrong current password');

  await form.getByLabel('Current password').fill(passwordChange.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');
  await expect(errorSummary(page)).toHaveCount(0);

  await homePage.logout();
  await loginPage.expectShown();
  await loginPage.signIn(passwordChange.email, passwordChange.password);
  await expect(loginPage.errorSummary()).toContainText('The email address or password is incorrect.');
  await loginPage.signIn(passwordChange.email, newPassword);
  await homePage.expectShown(passwordChange.first_name);
});

test('@mobile the profile page on a small screen: checks before saving and a wrong current password', async ({
  page,
  loginPage,
  homePage,
  makeCustomer,
}) => {
  // Saves nothing; its wrong current password counts towards its own customer's limit.
  await signInCustomer(loginPage, homePage, await makeCustomer('cloud-phone'));
  await openProfileFromMenu(page);

  const details = detailsForm(page);
  await details.getByLabel('Full name').fill('Alex');
  await details.getByLabel('Phone number (optional)').fill('12345');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(errorSummary(page).getByRole('link')).toHaveText([
    'Enter your first name and last name',
    'Enter a UK phone number starting 01, 02 or 07, like 01632 960001 or 07700 900982',
  ]);
  await expect(details.getByLabel('Phone number (optional)')).toHaveValue('12345');
  await expectAccessible(page, 'profile page on a small screen, with errors');

  const password = passwordForm(page);
  await password.getByLabel('Current password').fill('not-the-password');
  await password.getByLabel('New password', { exact: true }).fill('lantern-meadow-93');
  await password.getByLabel('Confirm new password').fill('lantern-meadow-93');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Your current password is incorrect')).toBeVisible();
  await expect(details.getByLabel('Full name')).toHaveValue('Alex');
});
