import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { getToken } from '../../lib/token-storage.ts';
import { installFakeFetch, sampleMe } from '../../test/fake-fetch.ts';
import { cleanupApp, renderApp, resetAppState } from '../../test/render-app.tsx';

beforeEach(resetAppState);

afterEach(cleanupApp);

describe('login page', () => {
  it('has a heading, labelled fields with autocomplete, and a Sign in button', async () => {
    installFakeFetch({});
    renderApp('/auth/login/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email address') as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect([email.type, email.autocomplete]).toEqual(['email', 'email']);
    expect([password.type, password.autocomplete]).toEqual(['password', 'current-password']);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in | Customer Portal'));
  });

  it('shows client-side errors beside the fields and in a focused summary linking to them', async () => {
    const { calls } = installFakeFetch({});
    renderApp('/auth/login/');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    const emailLink = within(summary).getByRole('link', { name: 'Enter your email address' });
    const passwordLink = within(summary).getByRole('link', { name: 'Enter your password' });
    expect(emailLink).toHaveAttribute('href', '#email');
    expect(passwordLink).toHaveAttribute('href', '#password');
    await waitFor(() => expect(summary).toHaveFocus());

    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Error: Enter your email address');
    await waitFor(() => expect(document.title).toBe('Error: Sign in | Customer Portal'));
    expect(calls).toHaveLength(0);

    fireEvent.click(passwordLink);
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('checks the email format with the contract rule', async () => {
    installFakeFetch({});
    renderApp('/auth/login/');
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: /Enter an email address in the correct format/ }),
    ).toBeInTheDocument();
    expect(within(summary).queryByText('Enter your password')).not.toBeInTheDocument();
  });

  it('shows a refusal from the server in the summary', async () => {
    installFakeFetch({
      'POST /auth/login/': { status: 400, json: { detail: 'The email address or password is incorrect.' } },
    });
    renderApp('/auth/login/');
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'ada@example.co.uk' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('The email address or password is incorrect.')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('rewords a server failure', async () => {
    installFakeFetch({ 'POST /auth/login/': { status: 503, text: 'Service Unavailable' } });
    renderApp('/auth/login/');
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'ada@example.co.uk' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByText(/^Please try again\. If the issue persists, contact customerservice@/),
    ).toBeInTheDocument();
  });

  it('signs in, sends the trimmed credentials with the CSRF header, and goes to next', async () => {
    const { calls } = installFakeFetch({
      'POST /auth/login/': { json: { key: 'new-token' } },
      'GET /api/v3/me/': { json: sampleMe },
    });
    const { where } = renderApp('/auth/login/?next=%2Fmy-orders%3Ftab%3Dopen');
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: '  ada@example.co.uk ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(where()).toBe('/my-orders?tab=open'));
    const login = calls.find((call) => call.url.endsWith('/auth/login/'));
    expect(login?.body).toEqual({ email: 'ada@example.co.uk', password: 'right' });
    expect(login?.headers['x-csrftoken']).toBe('test-csrf');
    expect(getToken()).toBe('new-token');
  });

  it('shows the button busy while signing in', async () => {
    let answer: (() => void) | undefined;
    installFakeFetch({ 'GET /api/v3/me/': { json: sampleMe } });
    const pending = new Promise<void>((resolve) => (answer = resolve));
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/auth/login/')) {
        await pending;
        return new Response(JSON.stringify({ key: 'k' }), { status: 200 });
      }
      return fakeFetch(input, init);
    });
    renderApp('/auth/login/');
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'ada@example.co.uk' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const busy = await screen.findByRole('button', { name: /Signing in/ });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toBeDisabled();
    await act(async () => answer?.());
  });
});
