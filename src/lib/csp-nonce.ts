import { CSP_NONCE_PLACEHOLDER } from '@portal/contract';

/**
 * The Content-Security-Policy nonce of this page load: the server writes a fresh one into
 * index.html per request (`<meta property="csp-nonce" nonce="…">`, Vite's `html.cspNonce`)
 * and allows styles only with it (server/src/plugins/spa.ts). Emotion's <style> elements
 * (Chakra) and wavesurfer's shadow-root <style> carry it. Under a CSP the browser hides a
 * nonce attribute from `getAttribute`, so it is read from the `nonce` property. Undefined
 * where nothing replaced the build's placeholder (the Vite dev server, unit tests), where
 * no CSP is enforced either.
 */
export function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}
