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
 * "Page not found" until a page replaces it (every page of the default layout is built).
 * Built so far (on-demand-routes.tsx): the welcome journey, the trial journey, the self and online sign-ups, verify
 * mobile and referrals (sign-up frame; self-signup-routes.tsx), the buy-now journey, buy-now complete, number selection
 * broadband, card payments, the direct-debit mandate and recurring card payment.
 */
export const JOURNEY_PAGES_NOT_BUILT: Record<JourneyFrame, ReadonlyArray<{ name: string; pattern: string }>> = {
  'sign-up': [],
  'buy-now': [],
  // Built: /number-select.
  'number-select': [],
  // Built: /make-a-payment, /make-a-payment/process and /checkout-redirect.
  'make-a-payment': [],
  // Built: /mandate-entry/{token} and its /success.
  mandate: [],
  // Built: /recurring-card-payment/{token}, /invalid-link and /setup-complete.
  'recurring-card-payment': [],
  // Built: the broadband availability and sign-up pages.
  'broadband-availability': [],
};
