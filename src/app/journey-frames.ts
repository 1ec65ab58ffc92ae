import * as journeyPaths from '../config/journey-paths.ts';

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
 * The routes of each frame whose pages are not built yet: inside its frame each shows
 * "Page not found" until a page replaces it (as PAGES_NOT_BUILT does for the default layout).
 * Built so far (on-demand-routes.tsx): the welcome journey (sign-up frame), buy-now complete and broadband.
 */
export const JOURNEY_PAGES_NOT_BUILT: Record<JourneyFrame, ReadonlyArray<{ name: string; pattern: string }>> = {
  'sign-up': [
    journeyPaths.signup, journeyPaths.signupPage, journeyPaths.signupVoip3, journeyPaths.signupVoip3Page, journeyPaths.signupVoip3B, journeyPaths.signupVoip3BPage,
    journeyPaths.trial, journeyPaths.trialPage, journeyPaths.onlineSignup, journeyPaths.onlineSignupPage,
    journeyPaths.verifyMobileNumber,
  ],
  'buy-now': [journeyPaths.buynow, journeyPaths.buynowPage],
  'number-select': [journeyPaths.numberSelect],
  'make-a-payment': [journeyPaths.makeAPayment, journeyPaths.makeAPaymentProcess, journeyPaths.checkoutRedirect],
  mandate: [journeyPaths.mandateEntry, journeyPaths.mandateEntrySuccess],
  'recurring-card-payment': [journeyPaths.recurringCardPayment, journeyPaths.recurringCardPaymentInvalidLink, journeyPaths.recurringCardPaymentSetupComplete],
  // Built (issue 15): the broadband availability and sign-up pages.
  'broadband-availability': [],
};
