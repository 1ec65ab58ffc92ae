/**
 * The answers public/early.js asked for before the app's code had run (the user and the navigation).
 * `exchange` in http.ts takes one instead of fetching when a GET is for the same address with the same
 * token; each is taken once, so every later call asks the server afresh, and none is taken after a call that
 * may have changed it.
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

/**
 * The early answer to a GET of this address with this token, once; undefined when there is none (left). Any
 * other call may change what they would answer (confirming a new e-mail address changes `me`): from then on
 * none is handed out, and those calls ask the server.
 */
export function takeEarlyResponse(method: string, url: string, token: string | null): Promise<Response> | undefined {
  const requests = window.__portalEarly;
  const early = requests?.[url];
  if (method !== 'GET') delete window.__portalEarly;
  else if (requests && early?.token === token) {
    delete requests[url];
    return early.response;
  }
  return undefined;
}
