// The auth feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { getMe, meQueryOptions, useMe } from './api/get-me.ts';
export { startSession } from './api/login.ts';
export { logout, useLogout } from './api/logout.ts';
export { signInWithMagicLink } from './api/magic-link-login.ts';
export { requestPasswordReset } from './api/password-reset.ts';
export { requestMagicLink } from './api/request-magic-link.ts';
export { resendVerificationEmail } from './api/resend-verification-email.ts';
export { verifyEmail } from './api/verify-email.ts';
export { getAuthState, setAuthUser, useAuth } from './auth-store.ts';
export { AuthButtonLink, AuthLink } from './components/auth-link.tsx';
export { CheckYourEmail } from './components/check-your-email.tsx';
export { EmailRequestForm } from './components/email-request-form.tsx';
export { FailureAlert } from './components/failure-alert.tsx';
export { LoginForm } from './components/login-form.tsx';
export { LoginLinks } from './components/login-links.tsx';
export { NewPasswordForm } from './components/new-password-form.tsx';
export { newPasswordHint } from './components/password-hint.ts';
export { RegisterForm } from './components/register-form.tsx';
export { keyFromHash, once } from './link-key.ts';
export { MAGIC_LINK_NEXT_KEY, rememberPathForMagicLink, takePathAfterMagicLink } from './magic-link-redirect.ts';
export { sentTo, sentToOf } from './sent-to.ts';
export { useLinkExchange } from './use-link-exchange.ts';
