// The self sign-up feature as the app sees it: the app imports nothing else from this folder
// (eslint: import-x/no-restricted-paths). Its pages load on demand through the app's routes.
export { SelfSignupPage, type SignupVariant } from './components/self-signup-page.tsx';
export { OnlineSignupPage, ONLINE_SIGNUP_PAGES, type OnlineSignupPageName } from './components/online-signup-page.tsx';
export { VerifyMobilePage } from './components/verify-mobile-page.tsx';
export { ReferralsPage } from './components/referrals-page.tsx';
export { mayShowSection, readStoredDraft, SIGNUP_SECTIONS, type SignupSection } from './draft.ts';
