/** The sign-ins the first start seeds (seed.ts); main.ts prints them and tests use them. */
export const demoLogins = {
  customer: {
    email: 'alex@acme-plumbing.example',
    password: 'portal-demo-1',
    name: 'Alex Morgan',
    about: 'Acme Plumbing Ltd: cloud phone (3 users, 6 numbers), broadband and fibre',
  },
  staff: {
    email: 'support@portal.example',
    password: 'portal-staff-1',
    name: 'Sam Rivers',
    about: "staff, may manage other users' accounts",
  },
  trial: {
    email: 'trial@brightdesk.example',
    password: 'portal-trial-1',
    name: 'Jordan Blake',
    about: 'BrightDesk Studio: cloud phone in an opt-in trial ending 2 days after the first start',
  },
  buyNow: {
    email: 'owner@corner-cafe.example',
    password: 'portal-buynow-1',
    name: 'Chris Ellis',
    about: 'Corner Cafe: Buy Now cloud phone with no emergency address yet',
  },
} as const;

export type DemoLogin = (typeof demoLogins)[keyof typeof demoLogins];
