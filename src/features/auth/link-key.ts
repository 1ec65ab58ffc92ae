/**
 * The magic link opens /auth/login/signin#key={key} (contract/src/account.ts): the key sits in
 * the fragment, so it never reaches a server in a Referer or a log line. These read it and take
 * it out of the address again.
 */

/**
 * The `key` of a fragment like `#key=abc` (other `name=value` pairs ignored); null when there
 * is none. Decoded as a URL component, but `+` stays `+` (keys are base64url, never spaces).
 * @example keyFromHash('#key=Zm9v') // 'Zm9v'
 */
export function keyFromHash(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const pair of fragment.split('&')) {
    const [name, ...rest] = pair.split('=');
    if (name !== 'key') continue;
    const raw = rest.join('=');
    try {
      const key = decodeURIComponent(raw).trim();
      return key === '' ? null : key;
    } catch {
      return raw.trim() || null; // a stray % is not ours to fix; the server answers that the link is not valid
    }
  }
  return null;
}

const running = new Map<string, Promise<unknown>>();

/**
 * Runs `action` once for `id` while a run is pending: calls made meanwhile get the same promise.
 * A one-time link's key must be sent once, and React StrictMode runs a page's effects twice in a
 * row; without this the second POST would find the key already used. Once settled the run is
 * forgotten, so a later visit asks the server again (and hears the truth about the link).
 * @example once(`verify-email:${key}`, () => apiCall(accountEndpoints.verifyEmail, { body: { key } }))
 */
export function once<T>(id: string, action: () => Promise<T>): Promise<T> {
  const pending = running.get(id);
  if (pending) return pending as Promise<T>;
  const run = action();
  running.set(id, run);
  const forget = () => running.delete(id);
  run.then(forget, forget);
  return run;
}
