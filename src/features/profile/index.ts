export { confirmEmailChange } from './api/confirm-email-change.ts';
export { DetailsSection, useDetailsForm } from './components/details-section.tsx';
export { PasswordSection, usePasswordForm } from './components/password-section.tsx';
