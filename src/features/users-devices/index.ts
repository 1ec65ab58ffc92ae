// The users-devices feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { DevicesTab } from './components/devices-tab.tsx';
export { UserPageContent } from './components/user-page-content.tsx';
export { UsersTab } from './components/users-tab.tsx';
