// Asks for the two answers every signed-in page waits for (the user and the navigation), and on the home page
// the layout's start-up calls, as soon as this small script arrives, while the app's own code is still
// downloading and starting: on a slow phone that code takes about a second to run, and the home page's largest
// paint waited for it and then for these answers, one after the other. The app takes each answer once, for the
// same address and token (src/lib/early-requests.ts); when the app has started first, this asks for nothing.
// It asks the page's own origin, as the app does unless VITE_API_BASE_URL puts the API elsewhere (its answers
// are then never taken: src/lib/http.ts looks them up by the address it would ask).
// Loaded async from index.html, outside the bundle, so it runs on its own and at once; the addresses and
// the token's storage key are the contract's and src/lib/token-storage.ts's (src/lib/early-requests.test.ts
// holds them to it).
const TOKEN_STORAGE_KEY = 'auth._token.local';
const EARLY_PATHS = ['/api/v3/me/', '/api/v3/navigation/'];
// On the home page, where most visits start, also the default layout's start-up calls (its loader,
// src/app/layouts/default-layout-loader.ts): getting started, trial, service and credit status. Its largest paint
// waited for the first two after the app's code had run; another page of the layout asks for them itself.
const HOME_START_UP_PATHS = [
  '/api/v3/voip/getting-started/',
  '/api/v1/trial/status/',
  '/api/v3/voip/service-status/',
  '/customer/status/',
];

(() => {
  if (window.__portalStarted) return;
  let token = null;
  try {
    token = window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage switched off: no session, nothing to ask for.
  }
  if (!token) return;
  const headers = { Accept: 'application/json', Authorization: `Token ${token}` };
  // Every call carries the CSRF header from the csrftoken cookie (spec 000 section 7), as src/lib/http.ts sends it.
  const csrf = /(?:^|;\s*)csrftoken=([^;]*)/.exec(document.cookie)?.[1];
  if (csrf) headers['X-CSRFToken'] = csrf;
  const early = {};
  for (const url of window.location.pathname === '/' ? [...EARLY_PATHS, ...HOME_START_UP_PATHS] : EARLY_PATHS) {
    const response = fetch(url, { headers, credentials: 'same-origin' });
    // Not taken (the page needed neither): no unhandled rejection for a failure nobody waits for.
    response.catch(() => {});
    early[url] = { token, response };
  }
  window.__portalEarly = early;
  // What start-up has not taken by then (a page that needs neither) is dropped: a later call asks the server,
  // rather than being handed an answer from when the page opened. A start-up slower than this asks again itself.
  setTimeout(() => {
    if (window.__portalEarly === early) delete window.__portalEarly;
  }, 30_000);
})();
