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
  multiProduct: {
    email: 'ops@harbour-freight.example',
    password: 'portal-multi-1',
    name: 'Morgan Reid',
    about:
      'Harbour Freight Ltd: two cloud phones (supplier 2 with a locked user; voip3, blocked), broadband, fibre (pending), an overdue balance',
  },
  gettingStarted: {
    email: 'hello@nova-dental.example',
    password: 'portal-welcome-1',
    name: 'Riley Shaw',
    about: 'Nova Dental: a new cloud phone whose getting-started flow is due',
  },
  buyNowManualAddress: {
    email: 'owner@tidewater-deli.example',
    password: 'portal-buynow-2',
    name: 'Drew Parry',
    about:
      'Tidewater Deli: Buy Now cloud phone with no emergency address yet (the emergency-address e2e spec enters it by hand)',
  },
  buyNowOnPhone: {
    email: 'owner@quayside-florist.example',
    password: 'portal-buynow-3',
    name: 'Sasha Lloyd',
    about:
      'Quayside Florist: Buy Now cloud phone with no emergency address yet (the emergency-address e2e spec on a phone-sized screen)',
  },
  buyNowReady: {
    email: 'owner@harbourside-bakes.example',
    password: 'portal-buynow-4',
    name: 'Jamie Rowe',
    about: 'Harbourside Bakes: Buy Now cloud phone whose emergency address is given (the buy-now call-flow e2e spec)',
  },
  buyNowProvisioned: {
    email: 'owner@pier-bakery.example',
    password: 'portal-provisioned-1',
    name: 'Jamie Cole',
    about: 'Pier Bakery: Buy Now cloud phone just provisioned (goes to the buy-now complete page)',
  },
  trialExpired: {
    email: 'studio@lumen-design.example',
    password: 'portal-expired-1',
    name: 'Casey Hart',
    about: 'Lumen Design: cloud phone whose opt-in trial has ended (goes to the upgrade page)',
  },
  notifications: {
    email: 'office@kestrel-electrical.example',
    password: 'portal-notify-1',
    name: 'Robin Price',
    about:
      'Kestrel Electrical Ltd: broadband and a phone line; a notification centre of its own (the notifications e2e spec makes customers like it)',
  },
  staffViewed: {
    email: 'taylor@willow-accountancy.example',
    password: 'portal-viewed-1',
    name: 'Taylor Quinn',
    about:
      'Willow Accountancy: cloud phone; a customer for staff to switch to (the staff e2e spec makes customers like it)',
  },
  unverified: {
    email: 'pat@willow-accountancy.example',
    password: 'portal-unverified-1',
    name: 'Pat Lane',
    about: 'Willow Accountancy: a user whose email address is not verified yet (resend verification)',
  },
  trialFeedback: {
    email: 'sasha@juniper-florists.example',
    password: 'portal-feedback-1',
    name: 'Sasha Green',
    about:
      'Juniper Florists: cloud phone in an opt-in trial (10 days left) whose quick start asks for feedback (the quickstart e2e spec makes customers like it)',
  },
  profileDetails: {
    email: 'drew@fernleaf-studio.example',
    password: 'portal-profile-1',
    name: 'Drew Ashby',
    about: 'Fernleaf Studio: broadband; for changing the name and phone number',
  },
  profileEmail: {
    email: 'kit@fernleaf-studio.example',
    password: 'portal-email-1',
    name: 'Kit Marlow',
    about: 'Fernleaf Studio: broadband; for changing the email address',
  },
  profilePassword: {
    email: 'lee@fernleaf-studio.example',
    password: 'portal-password-1',
    name: 'Lee Hollis',
    about: 'Fernleaf Studio: broadband; for changing the password',
  },
  productDetails: {
    email: 'jo@meadow-lane-vets.example',
    password: 'portal-details-1',
    name: 'Jo Carter',
    about:
      'Meadow Lane Vets: one product of every kind (cloud phone, VoIP, fibre, broadband, phone line, website); the cloud phone and broadband contracts end within a month (renewal offered)',
  },
} as const;

export type DemoLogin = (typeof demoLogins)[keyof typeof demoLogins];
