/**
 * The pages of the e-mail sign-in journeys as one lazy chunk: the route table names
 * them with one dynamic import, which keeps the entry chunk (part of every page's bundle budget)
 * small. They are small pages, mostly visited one after another.
 */
export { MagicLinkPage } from './magic-link.tsx';
export { MagicLinkSuccessPage } from './magic-link-success.tsx';
export { SignInWithLinkPage } from './signin.tsx';
export { RegisterPage } from './register.tsx';
export { RegisterSuccessPage } from './register-success.tsx';
export { RegisterVerifyPage } from './register-verify.tsx';
export { PasswordResetPage } from './password-reset.tsx';
export { PasswordResetSuccessPage } from './password-reset-success.tsx';
export { PasswordResetConfirmPage } from './password-reset-confirm.tsx';
export { PasswordResetConfirmSuccessPage } from './password-reset-confirm-success.tsx';
