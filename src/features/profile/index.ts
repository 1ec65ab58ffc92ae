// The profile feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { confirmEmailChange } from './api/confirm-email-change.ts';
export { DetailsSection, useDetailsForm } from './components/details-section.tsx';
export { PasswordSection, usePasswordForm } from './components/password-section.tsx';
