/**
 * The demo logins (server/src/db/demo-logins.ts, docs/demo-accounts.md), for the specs that sign in only to look:
 * a test that changes anything (a setting, a password, what is read, even a wrong password towards the sign-in
 * throttle) makes a customer of its own instead (fixtures.ts `makeCustomer`), so no test sees another's changes.
 * tests/e2e-accounts.test.ts checks this list against the demo logins.
 */
export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
}

export const accounts = {
  customer: { email: 'alex@acme-plumbing.example', password: 'portal-demo-1', firstName: 'Alex' },
  staff: { email: 'support@portal.example', password: 'portal-staff-1', firstName: 'Sam' },
  trial: { email: 'trial@brightdesk.example', password: 'portal-trial-1', firstName: 'Jordan' },
  buyNow: { email: 'owner@corner-cafe.example', password: 'portal-buynow-1', firstName: 'Chris' },
  multiProduct: { email: 'ops@harbour-freight.example', password: 'portal-multi-1', firstName: 'Morgan' },
  gettingStarted: { email: 'hello@nova-dental.example', password: 'portal-welcome-1', firstName: 'Riley' },
  buyNowManualAddress: { email: 'owner@tidewater-deli.example', password: 'portal-buynow-2', firstName: 'Drew' },
  buyNowOnPhone: { email: 'owner@quayside-florist.example', password: 'portal-buynow-3', firstName: 'Sasha' },
  buyNowReady: { email: 'owner@harbourside-bakes.example', password: 'portal-buynow-4', firstName: 'Jamie' },
  buyNowProvisioned: { email: 'owner@pier-bakery.example', password: 'portal-provisioned-1', firstName: 'Jamie' },
  trialExpired: { email: 'studio@lumen-design.example', password: 'portal-expired-1', firstName: 'Casey' },
  notifications: { email: 'office@kestrel-electrical.example', password: 'portal-notify-1', firstName: 'Robin' },
  staffViewed: { email: 'taylor@willow-accountancy.example', password: 'portal-viewed-1', firstName: 'Taylor' },
  unverified: { email: 'pat@willow-accountancy.example', password: 'portal-unverified-1', firstName: 'Pat' },
  trialFeedback: { email: 'sasha@juniper-florists.example', password: 'portal-feedback-1', firstName: 'Sasha' },
  profileDetails: { email: 'drew@fernleaf-studio.example', password: 'portal-profile-1', firstName: 'Drew' },
  profileEmail: { email: 'kit@fernleaf-studio.example', password: 'portal-email-1', firstName: 'Kit' },
  profilePassword: { email: 'lee@fernleaf-studio.example', password: 'portal-password-1', firstName: 'Lee' },
  productDetails: { email: 'jo@meadow-lane-vets.example', password: 'portal-details-1', firstName: 'Jo' },
} as const satisfies Record<string, DemoAccount>;
