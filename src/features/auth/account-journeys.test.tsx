import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { accountMessages, MAGIC_LINK_TTL_MINUTES, passwordMessages, staffMessages } from '@portal/contract';

import { getToken, setToken } from '../../lib/token-storage.ts';
import { installFakeFetch, sampleMe, sampleNavigation, type RecordedCall } from '../../test/fake-fetch.ts';
import { cleanupApp, renderApp, resetAppState } from '../../test/render-app.tsx';
import { MAGIC_LINK_NEXT_KEY } from './index.ts';

beforeEach(resetAppState);
afterEach(cleanupApp);

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const callsTo = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.url.endsWith(path));
const home = { 'GET /api/v3/me/': { json: sampleMe }, 'GET /api/v3/navigation/': { json: sampleNavigation } };

describe('the login page', () => {
  it('links to the forgotten password, magic link (keeping next) and registration pages', async () => {
    installFakeFetch({});
    renderApp('/auth/login/?next=%2Fbilling');
    const others = await screen.findByRole('region', { name: 'Other ways to sign in' });
    expect(within(others).getByRole('link', { name: 'Forgotten your password?' })).toHaveAttribute(
      'href',
      '/auth/password_reset',
    );
    expect(within(others).getByRole('link', { name: 'Email me a sign-in link instead' })).toHaveAttribute(
      'href',
      '/auth/login/magic-link?next=%2Fbilling',
    );
    expect(within(others).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/register');
  });
});

describe('magic link', () => {
  it('asks for a link, keeps next for it, and shows where it went and for how long', async () => {
    const { calls } = installFakeFetch({
      'POST /auth/magic-link/': { json: { detail: accountMessages.magicLinkSent } },
    });
    const { where } = renderApp('/auth/login/magic-link?next=%2Fbilling');
    await screen.findByRole('heading', { level: 1, name: 'Email me a sign-in link' });
    await waitFor(() => expect(document.title).toBe('Email me a sign-in link | Customer Portal'));
    type('Email address', ' Ada@Example.co.uk ');
    fireEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));

    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(where()).toBe('/auth/login/magic-link/success');
    expect(callsTo(calls, '/auth/magic-link/')[0]?.body).toEqual({ email: 'Ada@Example.co.uk' });
    expect(localStorage.getItem(MAGIC_LINK_NEXT_KEY)).toBe('/billing');
    expect(screen.getByText('Ada@Example.co.uk')).toBeInTheDocument();
    expect(screen.getByText(`The link works once, for ${MAGIC_LINK_TTL_MINUTES} minutes.`)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Check your email | Customer Portal'));

    fireEvent.click(screen.getByRole('button', { name: 'Send another link' }));
    expect(await screen.findByText('We have sent another link to Ada@Example.co.uk.')).toBeInTheDocument();
    expect(callsTo(calls, '/auth/magic-link/')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/login/');
  });

  it('explains a bad address before sending, and keeps a refused one', async () => {
    const { calls } = installFakeFetch({
      'POST /auth/magic-link/': { status: 429, json: { detail: accountMessages.tooManyRequests } },
    });
    renderApp('/auth/login/magic-link');
    await screen.findByLabelText('Email address');
    type('Email address', 'ada-at-example');
    fireEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', {
        name: 'Enter an email address in the correct format, like name@example.com',
      }),
    ).toHaveAttribute('href', '#email');
    await waitFor(() => expect(summary).toHaveFocus());
    await waitFor(() => expect(document.title).toBe('Error: Email me a sign-in link | Customer Portal'));
    expect(calls).toHaveLength(0);

    type('Email address', 'ada@example.co.uk');
    fireEvent.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(
      await within(await screen.findByRole('alert')).findByText(accountMessages.tooManyRequests),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.co.uk');
  });

  it('signs in once with the key from the fragment, removes it from the address, and goes to the remembered path', async () => {
    localStorage.setItem(MAGIC_LINK_NEXT_KEY, '/download-apps/12');
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { calls } = installFakeFetch({ ...home, 'POST /auth/magic-link/login/': { json: { key: 'magic-token' } } });
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/auth/magic-link/login/')) await answered;
      return fakeFetch(input, init);
    });
    const { where } = renderApp('/auth/login/signin#key=the-key', { strict: true });

    expect(await screen.findByText('Signing you in…')).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/auth/login/signin'));
    await act(async () => answer?.());
    await waitFor(() => expect(where()).toBe('/download-apps/12'));
    const exchanges = callsTo(calls, '/auth/magic-link/login/');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({ key: 'the-key' });
    expect(getToken()).toBe('magic-token');
    expect(localStorage.getItem(MAGIC_LINK_NEXT_KEY)).toBeNull();
  });

  it('shows why a link is refused, with a way to ask for a new one', async () => {
    installFakeFetch({ 'POST /auth/magic-link/login/': { status: 400, json: { detail: accountMessages.linkUsed } } });
    renderApp('/auth/login/signin#key=spent-key');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByText(accountMessages.linkUsed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Email me a new sign-in link' })).toHaveAttribute(
      'href',
      '/auth/login/magic-link',
    );
    expect(getToken()).toBeNull();
  });

  it('says a link without a key is not valid, without asking the server', async () => {
    const { calls } = installFakeFetch({});
    renderApp('/auth/login/signin');
    expect(await screen.findByText(accountMessages.linkInvalid)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('registration', () => {
  const fill = () => {
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email address', 'ada@example.co.uk');
    type('Create a password', 'password123');
    type('Confirm password', 'password123');
  };

  it('shows the password rule as a hint and checks every field with the contract', async () => {
    const { calls } = installFakeFetch({});
    renderApp('/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    const password = screen.getByLabelText('Create a password') as HTMLInputElement;
    expect(password).toHaveAccessibleDescription(/Must be 10 characters or more/);
    expect(password.autocomplete).toBe('new-password');
    type('Create a password', 'short');
    type('Confirm password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Enter your first name',
      'Enter your last name',
      'Enter your email address',
      passwordMessages.tooShort,
      passwordMessages.mismatch,
    ]);
    expect(calls).toHaveLength(0);
  });

  it('puts the server refusal beside its field and keeps everything typed', async () => {
    installFakeFetch({ 'POST /registration/': { status: 400, json: { password1: [passwordMessages.common] } } });
    renderApp('/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: passwordMessages.common })).toHaveAttribute('href', '#password');
    expect(screen.getByLabelText('Create a password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Confirm password')).toHaveValue('password123');
  });

  it('creates the account and says to check the email, with a way to send the link again', async () => {
    const { calls } = installFakeFetch({
      'POST /registration/': { status: 201, json: { detail: accountMessages.registered } },
      'POST /auth/resend-verification-email/': { json: { detail: staffMessages.verificationResent } },
    });
    const { where } = renderApp('/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(where()).toBe('/auth/register/success');
    expect(callsTo(calls, '/registration/')[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.co.uk',
      password1: 'password123',
      password2: 'password123',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send another link' }));
    await screen.findByText('We have sent another link to ada@example.co.uk.');
    expect(callsTo(calls, '/auth/resend-verification-email/')[0]?.body).toEqual({ email: 'ada@example.co.uk' });
  });

  it('confirms the address with one request under StrictMode, then offers to sign in', async () => {
    const { calls } = installFakeFetch({
      'POST /registration/verify-email/': { json: { detail: accountMessages.verified } },
    });
    renderApp('/auth/register/verify/verify-key-1', { strict: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Email address confirmed' })).toBeInTheDocument();
    expect(screen.getByText(accountMessages.verified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login/');
    expect(callsTo(calls, '/registration/verify-email/')).toHaveLength(1);
    expect(callsTo(calls, '/registration/verify-email/')[0]?.body).toEqual({ key: 'verify-key-1' });
  });

  it('shows a refused verification link and sends a new one', async () => {
    const { calls } = installFakeFetch({
      'POST /registration/verify-email/': { status: 400, json: { detail: accountMessages.linkExpired } },
      'POST /auth/resend-verification-email/': { json: { detail: staffMessages.verificationResent } },
    });
    renderApp('/auth/register/verify/verify-key-2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not confirm your email address' }),
    ).toBeInTheDocument();
    expect(screen.getByText(accountMessages.linkExpired)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Error: Confirm your email address | Customer Portal'));
    type('Email address', 'ada@example.co.uk');
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(staffMessages.verificationResent)).toBeInTheDocument();
    expect(callsTo(calls, '/auth/resend-verification-email/')[0]?.body).toEqual({ email: 'ada@example.co.uk' });
  });
});

describe('password reset', () => {
  it('asks for a reset link and says to check the email', async () => {
    const { calls } = installFakeFetch({
      'POST /auth/password/reset/': { json: { detail: accountMessages.resetSent } },
    });
    const { where } = renderApp('/auth/password_reset');
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    type('Email address', 'ada@example.co.uk');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(where()).toBe('/auth/password_reset/success');
    expect(callsTo(calls, '/auth/password/reset/')[0]?.body).toEqual({ email: 'ada@example.co.uk' });
    expect(screen.getByText('The link works once, for 30 minutes.')).toBeInTheDocument();
  });

  it('a signed-in person asking for a reset goes home (guest-only)', async () => {
    setToken('good');
    installFakeFetch(home);
    const { where } = renderApp('/auth/password_reset');
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('sets the new password with the link uid and token, then offers to sign in', async () => {
    const { calls } = installFakeFetch({
      'POST /auth/password/reset/confirm/': { json: { detail: accountMessages.passwordReset } },
    });
    const { where } = renderApp('/auth/password_reset/MTI/reset-token');
    await screen.findByRole('heading', { level: 1, name: 'Create a new password' });
    type('New password', 'new password 1');
    type('Confirm new password', 'new password 2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: passwordMessages.mismatch })).toHaveAttribute(
      'href',
      '#confirm-new-password',
    );
    expect(calls).toHaveLength(0);

    type('Confirm new password', 'new password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('heading', { level: 1, name: 'Password changed' });
    expect(where()).toBe('/auth/password_reset/MTI/reset-token/success');
    expect(callsTo(calls, '/auth/password/reset/confirm/')[0]?.body).toEqual({
      uid: 'MTI',
      token: 'reset-token',
      new_password1: 'new password 1',
      new_password2: 'new password 1',
    });
    expect(screen.getByText(accountMessages.passwordReset)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login/');
  });

  it('shows an expired reset link in the summary, keeps the passwords and offers a new link', async () => {
    installFakeFetch({
      'POST /auth/password/reset/confirm/': { status: 400, json: { detail: accountMessages.linkExpired } },
    });
    renderApp('/auth/password_reset/MTI/old-token');
    await screen.findByRole('heading', { level: 1, name: 'Create a new password' });
    type('New password', 'new password 1');
    type('Confirm new password', 'new password 1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await within(await screen.findByRole('alert')).findByText(accountMessages.linkExpired)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('new password 1');
    expect(screen.getByRole('link', { name: 'Ask for a new password reset link' })).toHaveAttribute(
      'href',
      '/auth/password_reset',
    );
  });
});
