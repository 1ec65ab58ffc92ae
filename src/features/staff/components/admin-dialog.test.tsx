import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { staffMessages } from '@portal/contract';

import { toaster } from '../../../components/toaster.tsx';
import { system } from '../../../config/theme.ts';
import { resetCsrf } from '../../../lib/http.ts';
import { clearToken, setToken } from '../../../lib/token-storage.ts';
import { clearCookies, installFakeFetch } from '../../../test/fake-fetch.ts';
import { pageReload, SWITCH_USER_RELOAD_DELAY_MS } from '../switch-session.ts';
import { AdminDialog } from './admin-dialog.tsx';

function renderDialog() {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/phone-setup/1', element: <AdminDialog onClose={onClose} /> },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntries: ['/phone-setup/1'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </QueryClientProvider>,
  );
  const form = (name: string) => screen.getByRole('form', { name });
  return {
    onClose,
    router,
    switchForm: () => form('Switch User'),
    resendForm: () => form('Resend verification email'),
  };
}

const field = (form: HTMLElement) => within(form).getByRole('textbox') as HTMLInputElement;
const type = (form: HTMLElement, value: string) => fireEvent.change(field(form), { target: { value } });

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  resetCsrf();
  document.cookie = 'csrftoken=test-csrf';
  setToken('staff-token');
});

afterEach(() => {
  cleanup();
  act(() => toaster.dismiss());
  clearToken();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the admin dialog', () => {
  it('is titled "Manage customers\' accounts", with Switch User, Resend verification email and Close', () => {
    installFakeFetch({});
    const { switchForm, resendForm } = renderDialog();
    expect(screen.getByRole('heading', { name: "Manage customers' accounts" })).toBeInTheDocument();
    expect(within(switchForm()).getByLabelText('Switch User')).toBeInTheDocument();
    expect(within(switchForm()).getByRole('button', { name: 'Switch' })).toBeInTheDocument();
    expect(within(resendForm()).getByLabelText('Resend verification email')).toBeInTheDocument();
    expect(within(resendForm()).getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('shows no message until a field is touched, then the required and invalid messages', () => {
    installFakeFetch({});
    const { switchForm, resendForm } = renderDialog();
    expect(screen.queryByText('Email is a required field')).not.toBeInTheDocument();

    fireEvent.blur(field(switchForm()));
    expect(within(switchForm()).getByText('Email is a required field')).toBeInTheDocument();
    expect(field(switchForm())).toHaveAttribute('aria-invalid', 'true');
    // The other field is not touched yet.
    expect(within(resendForm()).queryByText('Email is a required field')).not.toBeInTheDocument();

    type(switchForm(), 'taylor@');
    expect(within(switchForm()).getByText('Email is invalid')).toBeInTheDocument();
    type(switchForm(), 'taylor@willow-accountancy.example');
    expect(within(switchForm()).queryByText('Email is invalid')).not.toBeInTheDocument();

    type(resendForm(), 'nope');
    expect(within(resendForm()).queryByText('Email is invalid')).not.toBeInTheDocument(); // typing alone does not touch it
    fireEvent.blur(field(resendForm()));
    expect(within(resendForm()).getByText('Email is invalid')).toBeInTheDocument();
  });

  it('validates on submit (Enter) without calling the server', () => {
    const { calls } = installFakeFetch({});
    const { switchForm } = renderDialog();
    fireEvent.submit(switchForm());
    expect(within(switchForm()).getByText('Email is a required field')).toBeInTheDocument();
    expect(field(switchForm())).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('switches: POST /accounts/, closes, goes home and reloads after 500 ms', async () => {
    const { calls } = installFakeFetch({
      'POST /accounts/': {
        json: {
          detail: staffMessages.switched('Taylor Quinn'),
          viewing: { email: 'taylor@willow-accountancy.example', name: 'Taylor Quinn' },
        },
      },
    });
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    const timeouts = vi.spyOn(window, 'setTimeout');
    const { switchForm, onClose, router } = renderDialog();
    type(switchForm(), '  taylor@willow-accountancy.example ');
    fireEvent.submit(switchForm());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'POST', body: { email: 'taylor@willow-accountancy.example' } });
    expect(calls[0]!.headers['x-csrftoken']).toBe('test-csrf');
    expect(calls[0]!.headers.authorization).toBe('Token staff-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(timeouts.mock.calls.some(([, delay]) => delay === SWITCH_USER_RELOAD_DELAY_MS)).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalled(), { timeout: 2000 });
    expect(reload).toHaveBeenCalledOnce();
  });

  it("shows the switch answer's error field in a dismissible alert, and stays open", async () => {
    const message = staffMessages.unknownUser('nobody@willow.example');
    installFakeFetch({ 'POST /accounts/': { status: 404, json: { detail: 'not this one', error: message } } });
    const { switchForm, onClose } = renderDialog();
    type(switchForm(), 'nobody@willow.example');
    fireEvent.submit(switchForm());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("resends: the 'Success' toast, then closes", async () => {
    const { calls } = installFakeFetch({
      'POST /auth/resend-verification-email/': { json: { detail: staffMessages.verificationResent } },
    });
    const { resendForm, onClose } = renderDialog();
    type(resendForm(), 'pat@willow-accountancy.example');
    fireEvent.click(within(resendForm()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'POST', body: { email: 'pat@willow-accountancy.example' } });
    expect(toaster.getToasts()).toMatchObject([
      { type: 'success', title: 'Success', description: 'Verification email has been resent successfully' },
    ]);
  });

  it("shows the resend answer's detail field in the alert", async () => {
    installFakeFetch({
      'POST /auth/resend-verification-email/': {
        status: 429,
        json: { detail: staffMessages.tooManyResends, error: 'not shown' },
      },
    });
    const { resendForm, onClose } = renderDialog();
    type(resendForm(), 'pat@willow-accountancy.example');
    fireEvent.submit(resendForm());
    expect(await screen.findByRole('alert')).toHaveTextContent(staffMessages.tooManyResends);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with Close', () => {
    installFakeFetch({});
    const { onClose } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
