// Call history and recordings as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.

/** The call history and recordings page (/call-recordings/{id} and its recently-deleted view), loaded on demand. */
export const loadCallRecordingsPage = () => import('./components/call-recordings-page.tsx');
