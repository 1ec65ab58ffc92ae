/**
 * Chat support (spec 000, side navigation): opens the chat widget, creating or updating its
 * chat user from the profile's first name, last name and email. The widget (features/chat)
 * loads after the navigation data (spec 000 section 4) and plugs in with registerChatWidget;
 * until it has, Chat support says it is not available.
 */

export interface ChatUser {
  first_name: string;
  last_name: string;
  email: string;
}

export interface ChatWidget {
  /** Creates the chat user, or updates it when it exists. */
  identify(user: ChatUser): void;
  open(): void;
  /** Closes the chat and forgets it in this browser (logout, spec 000 section 4). */
  reset(): void;
}

/** Where the widget remembers, for this tab, that its panel is open (so it reopens after a reload). */
export const CHAT_STATE_KEY = 'portal.chat';

/** How long Chat support waits for the widget's code before saying the chat is not available. */
export const CHAT_WIDGET_WAIT_MS = 4000;

let widget: ChatWidget | null = null;
/** A Chat support chosen before the widget had loaded: it opens when the widget arrives. */
let pending: ChatUser | null = null;

function openAs(target: ChatWidget, user: ChatUser): void {
  // Only these three go to the chat service, whatever else the profile holds.
  target.identify({ first_name: user.first_name, last_name: user.last_name, email: user.email });
  target.open();
}

export function registerChatWidget(next: ChatWidget | null): void {
  widget = next;
  if (next && pending) openAs(next, pending);
  pending = null;
}

/**
 * Opens the chat as `user`. Chosen just after the page showed, the widget may still be loading:
 * then the chat opens as soon as it has, and `onUnavailable` runs if it has not within
 * CHAT_WIDGET_WAIT_MS.
 */
export function openChatSupport(user: ChatUser, onUnavailable: () => void): void {
  if (widget) return openAs(widget, user);
  pending = user;
  setTimeout(() => {
    if (pending !== user) return;
    pending = null;
    onUnavailable();
  }, CHAT_WIDGET_WAIT_MS);
}

/** Closes and clears the chat, loaded or not: what it remembers in the tab goes too. */
export function resetChatSupport(): void {
  pending = null;
  widget?.reset();
  try {
    sessionStorage.removeItem(CHAT_STATE_KEY);
  } catch {
    // Storage blocked: there is nothing to forget.
  }
}
