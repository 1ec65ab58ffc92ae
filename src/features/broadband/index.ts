// The broadband feature as the app sees it: it imports nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what it needs.
export { AvailabilityPage, AvailabilityResultsPage, queryFromSearch } from './components/availability-pages.tsx';
export {
  SignupAddressPage,
  SignupDetailsPage,
  SignupSummaryPage,
  SignupTariffsPage,
} from './components/signup-pages.tsx';
export { FIRST_SIGNUP_PAGE, isSignupPage, signupStore } from './journey.ts';
