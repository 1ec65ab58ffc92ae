// The contacts feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.

/** The company contacts page, loaded on demand: its code (and its chunks' names) stay out of the route table. */
export const loadContactsPage = () => import('./components/contacts-page.tsx');
