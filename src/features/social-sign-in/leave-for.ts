/**
 * Leaves the app for a provider's authorization page. The address is replaced, not pushed:
 * Back from the provider then lands on the page the person started from, not on the
 * redirect page (which would send them straight out again). Its own module, so tests can
 * see where the app would go.
 */
export function leaveFor(url: string): void {
  window.location.replace(url);
}
