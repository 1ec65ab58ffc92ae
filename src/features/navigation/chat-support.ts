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

let widget: ChatWidget | null = null;

export function registerChatWidget(next: ChatWidget | null): void {
  widget = next;
}

/** Opens the chat as `user`; false when no chat widget is available. */
export function openChatSupport(user: ChatUser): boolean {
  if (!widget) return false;
  // Only these three go to the chat service, whatever else the profile holds.
  widget.identify({ first_name: user.first_name, last_name: user.last_name, email: user.email });
  widget.open();
  return true;
}

/** Closes and clears the chat, loaded or not: what it remembers in the tab goes too. */
export function resetChatSupport(): void {
  widget?.reset();
  try {
    sessionStorage.removeItem(CHAT_STATE_KEY);
  } catch {
    // Storage blocked: there is nothing to forget.
  }
}
