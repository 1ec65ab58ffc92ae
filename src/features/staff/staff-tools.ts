/**
 * What the shell loads on demand for staff (through `loadStaffTools` in index.ts), as one file: the admin dialog (profile menu), the
 * "Viewing" bar (top bar, only while switched) and the switch calls (the login-as page). The
 * pages that are always there import none of it statically.
 */
export { AdminDialog, GettingStartedSwitchDialog } from './components/admin-dialog.tsx';
export { ViewingBar } from './components/viewing-bar.tsx';
export { goHomeAndReload, pageReload, switchErrorText, switchUser } from './switch-session.ts';
