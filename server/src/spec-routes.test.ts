import { describe, expect, it } from 'vitest';

import { useTestApp } from './test/helper.ts';

/**
 * Every method and path of spec 000 section 7 and spec 001 section 7, written out from the spec text (its
 * `{name}` placeholders as Fastify's `:name`), so a call the spec names that the server does not register fails
 * here. Where the spec writes a path without its leading slash (`api/v1/signup/upgrade/{productId}/`) or its trailing
 * one (`greeting/tts-text`), it is the same path as the portal's others spell it; `GET {token}` of the analytics (a
 * path the spec does not show) is left out.
 */
const SPEC_000_SECTION_7 = [
  'POST /auth/login/',
  'POST /auth/logout/',
  'GET /api/v3/me/',
  'GET /api/v3/service-updates/',
  'POST /api/v3/service-updates/mark-as-read/',
  'GET /api/v3/notifications/',
  'POST /api/v3/notifications/mark-as-read/',
  'GET /api/v3/orders/',
  'POST /api/v3/orders/mark-as-read/',
  'GET /api/v3/navigation/',
  'GET /api/v3/voip/getting-started/',
  'GET /api/v3/voip/service-status/',
  'GET /api/v3/voip/:id/users/locked/',
  'GET /api/v1/address/',
  'PATCH /api/v1/voip/:product_id/emergency-contact-details/',
  'POST /api/v1/voip/:product_id/welcome/',
  'POST /accounts/',
  'POST /auth/resend-verification-email/',
  'GET /api/v1/trial/status/',
  'PATCH /api/v1/trial/status/',
  'PATCH /api/v3/me/',
  'PATCH /api/v3/me/password/',
  'POST /api/v5/signup/auth/google/',
  'GET /auth/accesstoken/:provider/',
  'POST /auth/:provider/',
];

const SPEC_001_SECTION_7 = [
  // Voicemail
  'GET /api/v3/voip/:id/phone-setup/voicemail/greeting/',
  'GET /api/v3/voip/:id/phone-setup/voicemail/greeting/tts-text/',
  'POST /api/v3/voip/:id/phone-setup/voicemail/greeting/tts-text/',
  'DELETE /api/v3/voip/:id/phone-setup/voicemail/greeting/tts-text/',
  'GET /api/v3/voip/:id/phone-setup/voicemail/configuration/',
  'PUT /api/v3/voip/:id/phone-setup/voicemail/configuration/',
  'POST /api/v1/voip/:id/voicemail/greeting/',
  // Text to speech
  'GET /api/v1/voip/:id/audio/text-to-speech/',
  'POST /api/v1/voip/:id/audio/text-to-speech/',
  // Audio
  'GET /api/v1/voip/:id/call-flows/current/audio-files/',
  'GET /api/v1/voip/:id/call-flows/current/audio-files/download/:name/',
  'GET /api/v3/voip/:id/audio-files/',
  'POST /api/v3/voip/:id/call-flows/current/audio-files/upload/',
  'PUT /api/v1/voip/:id/call-flows/current/audio-files/upload/',
  'GET /api/v1/voip/:id/call-flows/current/groups/default/call-queue/queuing-music/default/',
  // Simple call flow
  'GET /api/v3/voip/:id/simple-call-flow/',
  'PATCH /api/v3/voip/:id/simple-call-flow/',
  // Custom call flows
  'GET /api/v2/voip/:id/call-flows/',
  'GET /api/v2/voip/:id/call-flows/:flow/',
  'POST /api/v2/voip/:id/call-flows/',
  'PATCH /api/v2/voip/:id/call-flows/:flow/',
  'DELETE /api/v2/voip/:id/call-flows/:flow/',
  'GET /api/v1/voip/:id/',
  'GET /api/v1/voip/sites/:id/numbers/',
  'GET /api/v1/tools/is-uk-phone-number/',
  // Divert and forwarding
  'GET /api/v1/products/:id/configuration/forwardings/temporary-call-divert/',
  'POST /api/v1/products/:id/configuration/forwardings/temporary-call-divert/',
  'DELETE /api/v1/products/:id/configuration/forwardings/temporary-call-divert/',
  'GET /api/v1/products/:id/configuration/forwardings/',
  'PUT /api/v1/products/:id/configuration/forwardings/:forwardingID/',
  // Hold music
  'GET /api/v3/voip/:id/phone-setup/hold-music/',
  'GET /api/v3/voip/:id/phone-setup/hold-music/download/',
  'POST /api/v3/voip/:id/phone-setup/hold-music/restore/',
  'POST /api/v1/products/:id/configuration/hold-music/',
  // Address and site
  'GET /api/v1/address/',
  'GET /api/v1/voip/sites/:id/',
  'PATCH /api/v1/voip/:id/emergency-contact-details/',
  // Holiday schedule
  'GET /api/v1/voip/:id/holiday-schedule/',
  'POST /api/v1/voip/:id/holiday-schedule/',
  'PATCH /api/v1/voip/:id/holiday-schedule/:scheduleId/',
  'DELETE /api/v1/voip/:id/holiday-schedule/:scheduleId/',
  // International calling
  'GET /api/v1/voip/:id/tariff/international-calling/available/',
  'GET /api/v1/voip/:id/tariff/international-calling/',
  'POST /api/v1/voip/:id/tariff/international-calling/',
  // Advanced call flows add-on
  'GET /api/v1/voip/:id/add-ons/advanced-call-flow/',
  'PATCH /api/v1/voip/:id/add-ons/advanced-call-flow/',
  // Users, seats and add-ons
  'GET /api/v1/voip/:productId/',
  'GET /api/v1/voip/:productId/users/',
  'GET /api/v1/voip/:productId/users/:seatId/',
  'POST /api/v1/voip/:productId/users/:userId/actions/reset-pin/',
  'POST /api/v1/voip/:productId/users/:userId/actions/create-pin/',
  'POST /api/v1/voip/:productId/users/:userId/actions/send-invite-email/',
  'PATCH /api/v1/voip/:productId/users/:userId/',
  'PATCH /api/v1/voip/seats/:seatId/',
  'POST /api/v1/products/:id/users/',
  'GET /api/v1/products/:id/',
  'GET /api/v1/voip/pricing/add-ons/',
  'GET /api/v1/voip/pricing/tariffs/',
  'GET /api/v1/voip/:productId/users/:userId/tariff/addons/',
  'GET /api/v1/voip/:productId/users/tariff/add-ons/',
  'POST /api/v1/voip/users/:userId/tariff/add-ons/',
  'GET /api/v1/voip/:id/add-ons/',
  'PATCH /api/v1/voip/:id/add-ons/',
  'GET /api/v1/voip/:id/add-ons/upgrade/eligibility/',
  'POST /api/v1/voip/:id/add-ons/upgrade/',
  'GET /api/v3/voip/:id/users/locked/',
  // Numbers
  'GET /api/v1/voip/numbers/',
  'POST /api/v1/voip/:product_id/numbers/reserve/',
  'POST /api/v3/voip/:product_id/numbers/transfer/',
  // Hardware
  'GET /api/v1/voip/hardware/',
  'GET /api/v1/voip/:id/hardwares/',
  'POST /api/v1/voip/:id/users/:userId/hardwares/',
  'PATCH /api/v3/voip/:id/hardware/assign/',
  'GET /api/v3/voip/:id/hardware/',
  'POST /api/v3/voip/:id/hardware/',
  'GET /api/v3/voip/:id/hardware/bring-your-own/',
  'GET /api/v3/voip/:id/hardware/provisioning-string/',
  'DELETE /api/v3/voip/:id/hardware/:deviceId',
  'POST /api/v1/voip/:accountId/hardware/purchase/',
  // Analytics and logs
  'GET /api/v3/voip/:id/analytics/summary/',
  'GET /api/v1/voip/:id/calls/activity/',
  'GET /api/v3/voip/:id/analytics/density/',
  'GET /api/v3/voip/:id/analytics/time-of-day/',
  'GET /api/v3/voip/:id/analytics/number-of-calls/',
  'GET /api/v3/voip/service-status/',
  // Call recordings
  'GET /api/v1/voip/:id/calls/:calllog/recording/:uuid/',
  'DELETE /api/v1/voip/:id/calls/actions/delete-recordings/',
  'POST /api/v1/voip/:id/calls/actions/restore-deleted-recordings/',
  'GET /api/v1/voip/:id/calls/call_recordings/',
  'POST /api/v1/voip/:id/calls/call_recordings/',
  'GET /api/v1/voip/:id/calls/recording/:uuid/transcriptions/',
  'GET /api/v1/voip/:id/calls/recording/:uuid/transcriptions/download/',
  'GET /api/v1/voip/:id/call-recording/admin/password/',
  'POST /api/v1/voip/:id/call-recording/admin/password/',
  // Contacts
  'GET /api/v1/voip/:id/contacts/',
  'POST /api/v1/voip/:id/import-contacts/',
  'PUT /api/v1/voip/:id/contacts/:phonebook/:contact/',
  'DELETE /api/v1/voip/:id/contacts/:phonebook/:contact/',
  'GET /api/v1/voip/:id/import-contacts-template/',
  // Upgrade/migration
  'GET /api/v1/voip/:id/upgrade/eligibility/',
  'POST /api/v1/voip/:id/upgrade/',
  'POST /api/v1/signup/upgrade/:productId/',
  'GET /api/v1/signup/:id/provisioning-status/',
  'PATCH /api/v1/voip/:id/',
  'POST /api/v1/voip/:id/welcome/',
  'GET /api/v3/voip/getting-started/',
  'PATCH /api/v1/voip/:product_id/emergency-contact-details/',
  // Signup and trial
  'POST /api/v3/signup/create-lead/',
  'POST /api/v4/signup/create-lead/',
  'POST /api/v5/signup/create-lead/',
  'GET /api/v4/signup/lead-details/',
  'PATCH /api/v4/signup/lead-details/',
  'PATCH /api/v4/signup/features-to-use/',
  'POST /api/v5/signup/verify-pin/',
  'POST /api/v5/signup/create-pin/',
  'POST /auth/email/verify/',
  'POST /auth/sms/send/',
  'POST /auth/sms/verify/',
  'POST /registration/',
  'GET /registration/',
  'POST /registration/verify-email/',
  'POST /api/v1/signup/create-password/',
  'GET /api/v4/signup/provisioning-status/',
  'GET /api/v1/signup/tools/phone-number/validate/',
  'GET /api/v1/signup/promo/',
  'GET /api/v1/trial/status/',
  'PATCH /api/v1/trial/status/',
  'POST /api/v3/accounts/:accountId/start-voip-trial/',
  'POST /api/v5/signup/auth/google/',
  'GET /auth/accesstoken/:provider/',
  'POST /auth/:provider/',
  'POST /verify-mobile-number/:token/',
  // Profile and accounts
  'PATCH /api/v3/me/',
  'PATCH /api/v3/me/password/',
  'POST /accounts/',
  'POST /auth/resend-verification-email/',
  'GET /customer/status/',
  // Billing and payments
  'GET /api/v3/billing/accounts/',
  'GET /api/v3/billing/accounts/:id/',
  'PATCH /api/v3/billing/accounts/:id/',
  'GET /api/v3/billing/accounts/:id/history/',
  'GET /api/v3/billing/accounts/:id/dd-status/',
  'GET /api/v3/billing/accounts/:id/dd-settings/',
  'POST /api/v3/billing/accounts/:id/dd-settings/',
  'GET /api/v3/billing/next-invoice/',
  'GET /api/v3/billing/payments/',
  'GET /api/v1/direct-debit/tokens/:token/',
  'POST /api/v1/direct-debit/tokens/:token/',
  'GET /api/v1/recurring-card-payment/tokens/:token/',
  'POST /api/v1/recurring-card-payment/tokens/:token/',
  // `GET /{x}/payment/balance/`: {x} is the API's version prefix, api/v3 as for the other billing calls.
  'GET /api/v3/payment/balance/',
  'POST /payment/process/',
  'GET /payment/process/',
  'GET /api/v3/products/:id/',
  'GET /api/v3/products/:id/renewal/',
  'POST /api/v3/products/:id/renewal/',
  'GET /api/v3/navigation/',
  'GET /api/v3/orders/',
  // Broadband
  'GET /broadband/api/v1/address-search/',
  'GET /broadband/api/v1/availability/',
  'GET /broadband/api/v1/tariff-availability/',
  'POST /api/v3/signup/create-telco-lead/',
  'POST /api/v3/signup/approve-telco-lead/',
  // Shop/notices
  'GET /api/v3/service-updates/',
  'GET /api/v3/notifications/',
];

/** A concrete URL for a spec path: each `:name` becomes a sample id, so the server's own parameter names do not matter. */
const sampleUrl = (path: string) => path.replace(/:[A-Za-z_]+/g, '1');

const t = useTestApp({ seed: false });

describe('the calls of spec 000 section 7 and spec 001 section 7', () => {
  it.each([
    ['spec 000 section 7', SPEC_000_SECTION_7],
    ['spec 001 section 7', SPEC_001_SECTION_7],
  ])('are each registered by the server (%s)', (_, calls) => {
    const missing = calls.filter((call) => {
      const [method, path] = call.split(' ') as [string, string];
      // findRoute matches a URL against the registered routes, parameters included.
      return t.app.findRoute({ method: method as 'GET', url: sampleUrl(path) }) === null;
    });
    expect(missing).toEqual([]);
  });

  it('finds a call the server does not serve missing (the check can fail)', () => {
    expect(t.app.findRoute({ method: 'GET', url: sampleUrl('/api/v1/voip/:id/not-a-spec-call/') })).toBeNull();
    expect(t.app.findRoute({ method: 'DELETE', url: sampleUrl('/api/v1/voip/sites/:id/') })).toBeNull();
  });
});
