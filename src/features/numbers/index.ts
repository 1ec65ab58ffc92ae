// The phone numbers feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { NumbersPage } from './components/numbers-page.tsx';
