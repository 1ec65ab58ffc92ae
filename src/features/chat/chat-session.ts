import { ChatUser } from '@portal/contract';

/** What the chat widget knows in this tab: whether its panel is open, and as whom. */
export interface ChatSessionState {
  open: boolean;
  /** The chat user Chat support gave (the profile's names and e-mail); null until then. */
  user: ChatUser | null;
}

const closed: ChatSessionState = { open: false, user: null };

/** The storage the session keeps itself in, or null when the browser refuses it. */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The chat widget's state outside React (the panel only renders it): open or closed and the
 * chat user. While open it is kept in the tab's session storage under `key`, so a reload
 * shows the chat again; reset (logout) closes it and forgets it.
 * @example const session = createChatSession('portal.chat'); session.identify(user); session.open();
 */
export function createChatSession(key: string, storage: Storage | null = tabStorage()) {
  const read = (): ChatSessionState => {
    try {
      const saved: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
      const user = ChatUser.safeParse((saved as { user?: unknown } | null)?.user);
      return user.success ? { open: true, user: user.data } : closed;
    } catch {
      return closed;
    }
  };
  let state = read();
  const listeners = new Set<() => void>();

  const set = (next: ChatSessionState) => {
    state = next;
    try {
      if (next.open && next.user) storage?.setItem(key, JSON.stringify({ user: next.user }));
      else storage?.removeItem(key);
    } catch {
      // Storage full or blocked: the chat still works, it just will not reopen after a reload.
    }
    for (const listener of listeners) listener();
  };

  return {
    getState: (): ChatSessionState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    identify(user: ChatUser): void {
      set({ ...state, user });
    },
    open(): void {
      if (!state.open) set({ ...state, open: true });
    },
    close(): void {
      if (state.open) set({ ...state, open: false });
    },
    reset(): void {
      set(closed);
    },
  };
}
