/**
 * Chat support (spec 000, side navigation): opens the third-party chat widget, creating or
 * updating its chat user from the profile's first name, last name and email. The spec does
 * not describe the widget; whichever is chosen plugs in with registerChatWidget once its
 * script has loaded (after the navigation data, spec 000 section 4).
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
}

let widget: ChatWidget | null = null;

export function registerChatWidget(next: ChatWidget | null): void {
  widget = next;
}

/** Opens the chat as `user`; false when no chat widget is available. */
export function openChatSupport(user: ChatUser): boolean {
  if (!widget) return false;
  widget.identify(user);
  widget.open();
  return true;
}
