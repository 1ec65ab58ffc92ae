/**
 * The answers public/early.js asked for before the app's code had run (the user and the navigation).
 * `exchange` in http.ts takes one instead of fetching when a GET is for the same address with the same
 * token; each is taken once, so every later call asks the server afresh.
 */
interface EarlyRequest {
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** By address. */
    __portalEarly?: Record<string, EarlyRequest>;
    /** Set as the app starts: an early.js that runs later asks for nothing (the app asks itself). */
    __portalStarted?: boolean;
  }
}

export function markAppStarted(): void {
  window.__portalStarted = true;
}

/** The early answer for this address and token, once; undefined when there is none (left). */
export function takeEarlyResponse(url: string, token: string): Promise<Response> | undefined {
  const requests = window.__portalEarly;
  const early = requests?.[url];
  if (!requests || early?.token !== token) return undefined;
  delete requests[url];
  return early.response;
}
