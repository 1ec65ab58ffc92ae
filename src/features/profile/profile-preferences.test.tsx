import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  accountMessages,
  fullNameMessages,
  MANAGE_OTHER_USERS,
  passwordMessages,
  phoneMessages,
  type Me,
} from '@portal/contract';

import { setToken } from '../../lib/token-storage.ts';
import { installFakeFetch, sampleMe, sampleNavigation, type RecordedCall } from '../../test/fake-fetch.ts';
import { cleanupApp, renderApp as renderAppWith, resetAppState } from '../../test/render-app.tsx';
import { meQueryOptions } from '../auth/index.ts';

const me: Me = { ...sampleMe, user_profile: { ...sampleMe.user_profile, phone: '01632960001', pending_email: null } };
const renderApp = (path: string) => renderAppWith(path, { retry: false });

/** The signed-in app with GET /me and navigation answered, plus the given routes. */
function signedIn(routes: Parameters<typeof installFakeFetch>[0], user: Me = me) {
  setToken('good');
  return installFakeFetch({
    'GET /api/v3/me/': { json: user },
    'GET /api/v3/navigation/': { json: sampleNavigation },
    ...routes,
  });
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const detailsForm = () => screen.getByRole('form', { name: 'Your details' });
const passwordForm = () => screen.getByRole('form', { name: 'Change your password' });
const patches = (calls: RecordedCall[], url: string) =>
  calls.filter((call) => call.method === 'PATCH' && call.url === url);

beforeEach(() => resetAppState());
afterEach(() => {
  cleanupApp();
  vi.restoreAllMocks();
});

describe('/profile-preferences: your details', () => {
  it('shows the saved details, and saving sends the split name and phone and updates the top bar at once', async () => {
    const saved: Me = {
      ...me,
      user_profile: { ...me.user_profile, first_name: 'Augusta', last_name: 'King', phone: '07700900982' },
      name: 'Augusta King',
      initials: 'AK',
    };
    const { calls } = signedIn({ 'PATCH /api/v3/me/': { json: saved } });
    const { queryClient } = renderApp('/profile-preferences');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile and preferences' })).toBeInTheDocument();
    expect(input('Full name')).toHaveValue('Ada Lovelace');
    expect(input('Email address')).toHaveValue('ada@example.co.uk');
    expect(input('Phone number (optional)')).toHaveValue('01632960001');
    await waitFor(() =>
      expect(within(screen.getByRole('button', { name: /profile menu$/i })).getByText('AL')).toBeInTheDocument(),
    );

    type('Full name', '  Augusta  King ');
    type('Phone number (optional)', '07700 900982');
    fireEvent.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(accountMessages.profileSaved)).toBeInTheDocument();
    // The e-mail address is not sent when it did not change: sending it starts a change.
    expect(patches(calls, '/api/v3/me/').map((call) => call.body)).toEqual([
      { first_name: 'Augusta', last_name: 'King', phone: '07700900982' },
    ]);
    expect(queryClient.getQueryData(meQueryOptions().queryKey)).toEqual(saved);
    expect(within(screen.getByRole('button', { name: /profile menu$/i })).getByText('AK')).toBeInTheDocument();
    expect(input('Phone number (optional)')).toHaveValue('07700900982');
  });

  it('checks the fields before sending, with the summary and the inline messages, and keeps what was typed', async () => {
    const { calls } = signedIn({});
    renderApp('/profile-preferences');
    await screen.findByLabelText('Full name');

    type('Full name', 'Ada');
    type('Phone number (optional)', '12345');
    fireEvent.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([fullNameMessages.twoWords, phoneMessages.invalid]);
    expect(within(summary).getByRole('link', { name: fullNameMessages.twoWords })).toHaveAttribute(
      'href',
      '#profile-full-name',
    );
    await waitFor(() => expect(summary).toHaveFocus());
    expect(input('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Full name')).toHaveValue('Ada');
    expect(input('Phone number (optional)')).toHaveValue('12345');
    // The title is set in an effect, after the page has rendered.
    await waitFor(() => expect(document.title).toMatch(/^Error: Profile and preferences/));
    expect(patches(calls, '/api/v3/me/')).toEqual([]);
  });

  it("puts the server's field errors on the fields (first and last name on Full name) and keeps the typed values", async () => {
    signedIn({
      'PATCH /api/v3/me/': {
        status: 400,
        json: { email: [accountMessages.emailTaken], last_name: ['Name must be 100 characters or fewer'] },
      },
    });
    renderApp('/profile-preferences');
    await screen.findByLabelText('Full name');
    type('Email address', 'taken@example.co.uk');
    type('Full name', 'Ada Byron');
    fireEvent.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: accountMessages.emailTaken })).toHaveAttribute(
      'href',
      '#profile-email',
    );
    expect(within(summary).getByRole('link', { name: 'Name must be 100 characters or fewer' })).toHaveAttribute(
      'href',
      '#profile-full-name',
    );
    expect(input('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Email address')).toHaveValue('taken@example.co.uk');
    expect(input('Full name')).toHaveValue('Ada Byron');
  });

  it('sends a new e-mail address and then shows it as pending, the field back on the current one', async () => {
    const pending: Me = { ...me, user_profile: { ...me.user_profile, pending_email: 'ada@new.example' } };
    const { calls } = signedIn({ 'PATCH /api/v3/me/': { json: pending } });
    renderApp('/profile-preferences');
    await screen.findByLabelText('Email address');
    expect(screen.queryByText(/We have sent a link/)).not.toBeInTheDocument();

    expect(within(detailsForm()).queryByLabelText('Current password')).not.toBeInTheDocument();
    type('Email address', ' ada@new.example ');
    // A new address asks for the current password.
    fireEvent.change(within(detailsForm()).getByLabelText('Current password'), {
      target: { value: 'my-current-password' },
    });
    fireEvent.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));

    const sentence = accountMessages.emailChangeSent('ada@new.example');
    await waitFor(() => expect(within(detailsForm()).getByText(sentence)).toBeInTheDocument());
    expect(patches(calls, '/api/v3/me/')[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '01632960001',
      email: 'ada@new.example',
      current_password: 'my-current-password',
    });
    expect(input('Email address')).toHaveValue('ada@example.co.uk');
    // Back on the account's own address, the password field goes, emptied.
    expect(within(detailsForm()).queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('cannot be sent twice while saving', async () => {
    let answer: (value: Response) => void = () => {};
    setToken('good');
    const { fetchMock } = installFakeFetch({
      'GET /api/v3/me/': { json: me },
      'GET /api/v3/navigation/': { json: sampleNavigation },
    });
    const realFetch = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((request, init) =>
      init?.method === 'PATCH' ? new Promise<Response>((resolve) => (answer = resolve)) : realFetch(request, init),
    );
    renderApp('/profile-preferences');
    await screen.findByLabelText('Full name');
    const button = within(detailsForm()).getByRole('button', { name: 'Save changes' });
    fireEvent.click(button);
    await waitFor(() => expect(within(detailsForm()).getByRole('button')).toBeDisabled());
    fireEvent.submit(detailsForm());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(1);
    answer(new Response(JSON.stringify(me), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await waitFor(() => expect(within(detailsForm()).getByRole('button', { name: 'Save changes' })).toBeEnabled());
  });
});

describe('/profile-preferences: change your password', () => {
  const fill = (current: string, next: string, again = next) => {
    type('Current password', current);
    type('New password', next);
    type('Confirm new password', again);
    fireEvent.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));
  };

  it('shows a wrong current password on its field and keeps what was typed', async () => {
    signedIn({
      'PATCH /api/v3/me/password/': { status: 400, json: { old_password: [passwordMessages.currentWrong] } },
    });
    renderApp('/profile-preferences');
    await screen.findByLabelText('Current password');
    fill('not-it', 'lantern-meadow-93');

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: passwordMessages.currentWrong })).toHaveAttribute(
      'href',
      '#profile-current-password',
    );
    expect(input('Current password')).toHaveValue('not-it');
    expect(input('New password')).toHaveValue('lantern-meadow-93');
  });

  it('checks the new password with the contract before sending, the rule in the hint', async () => {
    const { calls } = signedIn({});
    renderApp('/profile-preferences');
    await screen.findByLabelText('New password');
    expect(screen.getByText(/Must be 10 characters or more/)).toBeInTheDocument();
    fill('', 'short', 'other');
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([passwordMessages.currentRequired, passwordMessages.tooShort, passwordMessages.mismatch]);
    expect(patches(calls, '/api/v3/me/password/')).toEqual([]);
  });

  it('changes the password, says so, and empties the fields', async () => {
    const { calls } = signedIn({ 'PATCH /api/v3/me/password/': { json: { detail: accountMessages.passwordChanged } } });
    renderApp('/profile-preferences');
    await screen.findByLabelText('Current password');
    fill('kettle-orchard-71', 'lantern-meadow-93');
    expect(await screen.findByText(accountMessages.passwordChanged)).toBeInTheDocument();
    expect(patches(calls, '/api/v3/me/password/')[0]?.body).toEqual({
      old_password: 'kettle-orchard-71',
      new_password1: 'lantern-meadow-93',
      new_password2: 'lantern-meadow-93',
    });
    // The message (a toast) and the emptied form come from the same answer, not always in the same render.
    await waitFor(() => expect(input('Current password')).toHaveValue(''));
    expect(input('New password')).toHaveValue('');
  });

  it('shows a refusal without fields (too many attempts) in the summary', async () => {
    signedIn({
      'PATCH /api/v3/me/password/': { status: 429, json: { detail: accountMessages.tooManyPasswordAttempts } },
    });
    renderApp('/profile-preferences');
    await screen.findByLabelText('Current password');
    fill('kettle-orchard-71', 'lantern-meadow-93');
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByText(accountMessages.tooManyPasswordAttempts)).toBeInTheDocument();
  });
});

describe('/profile-preferences for staff viewing a customer', () => {
  it('offers no password change and keeps the e-mail address read-only', async () => {
    signedIn(
      {},
      {
        ...me,
        logged_in_as: { email: 'support@portal.example', name: 'Sam Rivers', permissions: [MANAGE_OTHER_USERS] },
      },
    );
    renderApp('/profile-preferences');
    await screen.findByLabelText('Email address');
    expect(input('Email address').readOnly).toBe(true);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getAllByText(accountMessages.notWhileViewing).length).toBeGreaterThan(0);
    expect(input('Full name').readOnly).toBe(false);
  });
});

describe('/profile-preferences/confirm-email', () => {
  it('sends the key from the fragment once, takes it out of the address, and shows the new address', async () => {
    const { calls } = installFakeFetch({
      'POST /api/v3/me/email/confirm/': { json: { detail: accountMessages.emailChanged, email: 'ada@new.example' } },
    });
    const { router } = renderApp('/profile-preferences/confirm-email#key=abc_DEF-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Email address changed' })).toBeInTheDocument();
    expect(screen.getByText('ada@new.example')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    expect(
      calls
        .filter((call) => call.method === 'POST' && call.url === '/api/v3/me/email/confirm/')
        .map((call) => call.body),
    ).toEqual([{ key: 'abc_DEF-123' }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login/');
  });

  it("shows the server's reason when the link cannot be used", async () => {
    installFakeFetch({
      'POST /api/v3/me/email/confirm/': { status: 400, json: { detail: accountMessages.linkExpired } },
    });
    renderApp('/profile-preferences/confirm-email#key=expired-key');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your email address has not changed' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByText(accountMessages.linkExpired)).toBeInTheDocument();
  });

  it('says the link is not valid when it has no key, without calling the server', async () => {
    const { calls } = installFakeFetch({});
    renderApp('/profile-preferences/confirm-email');
    expect(await screen.findByText(accountMessages.linkInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/v3/me/email/confirm/')).toBe(false);
  });
});
