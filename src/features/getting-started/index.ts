// The getting-started feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need. Only the lazy getting-started route imports it.
export { GettingStartedPage } from './components/getting-started-page.tsx';
