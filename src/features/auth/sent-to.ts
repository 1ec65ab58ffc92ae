/**
 * The "Check your email" pages name the address the link went to. It travels in the
 * navigation's state from the form (never in the address, where it would be logged); after a
 * reload or on a direct visit there is none, and the page words itself without it.
 */
export interface SentTo {
  email: string;
}

export function sentTo(email: string): SentTo {
  return { email };
}

/** The address in a location's state, or null. */
export function sentToOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const email = (state as Partial<SentTo>).email;
  return typeof email === 'string' && email !== '' ? email : null;
}
