// The contacts feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { ContactsPage } from './components/contacts-page.tsx';
