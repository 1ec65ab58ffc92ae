import * as paths from '../config/paths.ts';

/** The guest journeys' frames (spec 000, layouts), each with the routes of the spec it holds. */
export type JourneyFrame =
  | 'sign-up'
  | 'buy-now'
  | 'number-select'
  | 'make-a-payment'
  | 'mandate'
  | 'recurring-card-payment'
  | 'broadband-availability';

/**
 * The routes of each frame. None of their pages is built yet: inside its frame each shows
 * "Page not found" until a page replaces it (as PAGES_NOT_BUILT does for the default layout).
 */
export const JOURNEY_PAGES_NOT_BUILT: Record<JourneyFrame, ReadonlyArray<{ name: string; pattern: string }>> = {
  'sign-up': [
    paths.signup, paths.signupPage, paths.signupVoip3, paths.signupVoip3Page, paths.signupVoip3B, paths.signupVoip3BPage,
    paths.trial, paths.trialPage, paths.onlineSignup, paths.onlineSignupPage, paths.welcome, paths.welcomePage,
    paths.verifyMobileNumber,
  ],
  'buy-now': [paths.buynow, paths.buynowPage, paths.buynowComplete],
  'number-select': [paths.numberSelect],
  'make-a-payment': [paths.makeAPayment, paths.makeAPaymentProcess, paths.checkoutRedirect],
  mandate: [paths.mandateEntry, paths.mandateEntrySuccess],
  'recurring-card-payment': [paths.recurringCardPayment, paths.recurringCardPaymentInvalidLink, paths.recurringCardPaymentSetupComplete],
  'broadband-availability': [paths.broadbandAvailability, paths.broadbandAvailabilityResults, paths.broadbandSignup, paths.broadbandSignupPage],
};

/** The signed-in getting-started frame's routes (spec 001: choose users, set a PIN, confirm the installation address). */
export const GETTING_STARTED_PAGES_NOT_BUILT = [paths.gettingStarted, paths.gettingStartedPage] as const;
