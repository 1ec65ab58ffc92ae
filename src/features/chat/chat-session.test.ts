import { describe, expect, it, vi } from 'vitest';

import { createChatSession } from './chat-session.ts';

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.co.uk' };

describe('createChatSession', () => {
  it('starts closed, opens as the identified user, and keeps that in the tab while open', () => {
    const session = createChatSession('chat', sessionStorage);
    const listener = vi.fn();
    session.subscribe(listener);
    expect(session.getState()).toEqual({ open: false, user: null });
    session.identify(ada);
    session.open();
    expect(session.getState()).toEqual({ open: true, user: ada });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(JSON.parse(sessionStorage.getItem('chat')!)).toEqual({ user: ada });
    // A reload: a new session in the same tab finds the chat open.
    expect(createChatSession('chat', sessionStorage).getState()).toEqual({ open: true, user: ada });
    session.open();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('forgets the tab state when closed, and everything on reset', () => {
    const session = createChatSession('chat', sessionStorage);
    session.identify(ada);
    session.open();
    session.close();
    expect(sessionStorage.getItem('chat')).toBeNull();
    expect(session.getState()).toEqual({ open: false, user: ada });
    session.open();
    session.reset();
    expect(session.getState()).toEqual({ open: false, user: null });
    expect(sessionStorage.getItem('chat')).toBeNull();
  });

  it('ignores a saved state that is not a chat user, and works without storage', () => {
    sessionStorage.setItem('chat', '{"user":{"first_name":""}}');
    expect(createChatSession('chat', sessionStorage).getState()).toEqual({ open: false, user: null });
    sessionStorage.setItem('chat', 'not json');
    expect(createChatSession('chat', sessionStorage).getState()).toEqual({ open: false, user: null });
    const bare = createChatSession('chat', null);
    bare.identify(ada);
    bare.open();
    expect(bare.getState()).toEqual({ open: true, user: ada });
  });
});
