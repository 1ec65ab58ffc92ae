import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { readCookie } from '../../lib/cookies.ts';
import { setToken } from '../../lib/token-storage.ts';
import { installFakeFetch, sampleMe, sampleNavigation, type RecordedCall } from '../../test/fake-fetch.ts';
import { cleanupApp, renderApp, resetAppState } from '../../test/render-app.tsx';

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
  delete window.dataLayer;
});
afterEach(() => {
  cleanupApp();
  vi.restoreAllMocks();
});

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.co.uk' };
const reply = 'Thanks, Ada. An adviser answers here.';
const message = (id: number, author: 'customer' | 'agent', text: string) => ({
  id,
  author,
  text,
  sent_at: '2025-03-03T09:05:00.000Z',
});

function signedIn(routes: Parameters<typeof installFakeFetch>[0] = {}) {
  setToken('good');
  return installFakeFetch({
    'GET /api/v3/me/': { json: sampleMe },
    'GET /api/v3/navigation/': { json: sampleNavigation },
    'PUT /api/v3/chat/user/': (call: RecordedCall) => ({ json: call.body }),
    'GET /api/v3/chat/': {
      json: { user: ada, messages: [message(1, 'customer', 'Earlier question'), message(2, 'agent', reply)] },
    },
    'POST /api/v3/chat/messages/': (call: RecordedCall) => ({
      status: 201,
      json: { messages: [message(3, 'customer', (call.body as { text: string }).text), message(4, 'agent', reply)] },
    }),
    'POST /auth/logout/': { json: { detail: 'Signed out.' } },
    ...routes,
  });
}

const openChat = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  // Chosen at once: the widget may still be loading, and the chat opens when it has.
  fireEvent.click(await within(nav).findByRole('button', { name: 'Chat support' }));
  return screen.findByRole('dialog', { name: 'Chat support' }, { timeout: 3000 });
};

describe('chat support', () => {
  it('creates or updates the chat user from the profile, shows the conversation, and sends a message that the agent answers', async () => {
    const { calls } = signedIn();
    renderApp('/');
    const panel = await openChat();
    const log = await within(panel).findByRole('log', { name: 'Messages' });
    const items = within(log)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^You, \d\d:\d\dEarlier question$/);
    expect(items[1]).toMatch(new RegExp(`^Support, \\d\\d:\\d\\d${reply.replace(/\./g, '\\.')}$`));
    const put = calls.find((call) => call.method === 'PUT' && call.url.endsWith('/api/v3/chat/user/'));
    expect(put?.body).toEqual(ada);
    // Analytics knows who the user is (by id), once the navigation data has arrived.
    expect(window.dataLayer).toContainEqual({ event: 'identify', user_id: 7 });

    const text = within(panel).getByRole('textbox', { name: 'Your message' });
    fireEvent.change(text, { target: { value: '  My phone rings once  ' } });
    fireEvent.keyDown(text, { key: 'Enter' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(4));
    expect(
      calls
        .filter((call) => call.method === 'POST' && call.url.endsWith('/api/v3/chat/messages/'))
        .map((call) => call.body),
    ).toEqual([{ text: 'My phone rings once' }]);
    expect(within(log).getAllByRole('listitem').at(-1)?.textContent).toContain(reply);
    expect(text).toHaveValue('');
  });

  it('says what is wrong with an empty message and sends nothing', async () => {
    const { calls } = signedIn();
    renderApp('/');
    const panel = await openChat();
    await within(panel).findByRole('log');
    fireEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Write a message');
    expect(within(panel).getByRole('textbox', { name: 'Your message' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/api/v3/chat/messages/'))).toBe(false);
  });

  it('shows an error with Try again when the chat cannot be reached', async () => {
    let failures = 2;
    signedIn({
      'GET /api/v3/chat/': () =>
        failures-- > 0 ? { status: 503, json: { detail: 'Chat is down.' } } : { json: { user: ada, messages: [] } },
    });
    renderApp('/');
    const panel = await openChat();
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Chat support could not be reached');
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText(/Hello Ada, how can we help\?/)).toBeInTheDocument();
  });

  it('keeps Tab inside the panel, closes with the close button and with Escape, and reopens after a reload while open', async () => {
    const { calls } = signedIn();
    const first = renderApp('/');
    let panel = await openChat();
    await within(panel).findByRole('log');
    const close = within(panel).getByRole('button', { name: 'Close chat' });
    const send = within(panel).getByRole('button', { name: 'Send' });
    expect(within(panel).getByRole('textbox', { name: 'Your message' })).toHaveFocus();
    send.focus();
    fireEvent.keyDown(send, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(send).toHaveFocus();
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chat support' })).not.toBeInTheDocument());
    panel = await openChat();
    fireEvent.keyDown(within(panel).getByRole('textbox', { name: 'Your message' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chat support' })).not.toBeInTheDocument());
    await openChat();
    first.router.dispose();
    cleanupApp();

    // A reload: the chat shows again, with the conversation from the server.
    const reloaded = signedIn();
    renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Chat support' })).toBeInTheDocument();
    expect(await screen.findByText('Earlier question')).toBeInTheDocument();
    expect(reloaded.calls.filter((call) => call.url.endsWith('/api/v3/chat/user/')).map((call) => call.body)).toEqual([
      ada,
    ]);
    expect(calls.length).toBeGreaterThan(0);
  });

  it('logout removes the quick-tour cookie and closes and clears the chat', async () => {
    const { calls } = signedIn();
    renderApp('/');
    await openChat();
    expect(await screen.findByText('Earlier question')).toBeInTheDocument();
    document.cookie = 'quicktour=seen; path=/';
    // The panel is not modal: the profile menu is still there, with the chat open.
    fireEvent.click(await screen.findByRole('button', { name: /profile menu$/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Chat support' })).not.toBeInTheDocument();
    expect(screen.queryByText('Earlier question')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('portal.chat')).toBeNull();
    expect(readCookie('quicktour')).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/auth/logout/'))).toBe(true);
  });

  it('keeps the cookie and the chat when the logout call fails (the resets are skipped)', async () => {
    signedIn({ 'POST /auth/logout/': { status: 500, json: { detail: 'boom' } } });
    renderApp('/');
    await openChat();
    document.cookie = 'quicktour=seen; path=/';
    fireEvent.click(await screen.findByRole('button', { name: /profile menu$/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('You could not be signed out')).toBeInTheDocument();
    expect(readCookie('quicktour')).toBe('seen');
    expect(screen.getByRole('dialog', { name: 'Chat support' })).toBeInTheDocument();
    expect(screen.getByText('Earlier question')).toBeInTheDocument();
    expect(sessionStorage.getItem('portal.chat')).not.toBeNull();
  });
});
