/**
 * What the build writes where the page's Content-Security-Policy nonce goes (Vite's
 * `html.cspNonce`: the `<meta property="csp-nonce">` and the nonce attributes of index.html);
 * the server puts a fresh nonce in its place for every page it serves.
 */
export const CSP_NONCE_PLACEHOLDER = '__PORTAL_CSP_NONCE__';
