// The self sign-up feature as the app sees it: the app imports nothing else from this folder
// (eslint: import-x/no-restricted-paths). The route guards need only draft.ts; the pages load on demand.
export { SelfSignupPage } from './components/self-signup-page.tsx';
export { OnlineSignupPage } from './components/online-signup-page.tsx';
export { VerifyMobilePage } from './components/verify-mobile-page.tsx';
export { ReferralsPage } from './components/referrals-page.tsx';
export {
  currentDraft,
  mayShowSection,
  ONLINE_SIGNUP_PAGES,
  readStoredDraft,
  selfSignupRedirect,
  VARIANT_SUPPLIER,
  type OnlineSignupPageName,
  type SignupSection,
  type SignupVariant,
} from './draft.ts';
