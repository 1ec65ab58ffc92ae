import type { FastifyPluginAsync } from 'fastify';

import type { Guards, Handlers } from '../routes/index.ts';
import { accountHandlers } from './account/handlers.ts';
import { addressHandlers } from './address/handlers.ts';
import { audioHandlers } from './audio/handlers.ts';
import { authHandlers } from './auth/handlers.ts';
import { billingHandlers } from './billing/handlers.ts';
import { paymentHandlers } from './billing/payment-handlers.ts';
import { recurringCardHandlers } from './billing/recurring-card.ts';
import { broadbandHandlers } from './broadband/handlers.ts';
import { buyNowHandlers } from './buy-now/handlers.ts';
import { callFlowJourneyHandlers } from './call-flow-journey/handlers.ts';
import { callFlowGuards, callFlowHandlers } from './call-flows/handlers.ts';
import { callLogHandlers } from './call-log/handlers.ts';
import { callReportHandlers } from './call-reports/handlers.ts';
import { chatHandlers } from './chat/handlers.ts';
import { contactHandlers } from './contacts/handlers.ts';
import { gettingStartedHandlers } from './getting-started/handlers.ts';
import { hardwareHandlers } from './hardware/handlers.ts';
import { navigationHandlers } from './navigation/handlers.ts';
import { notificationHandlers } from './notifications/handlers.ts';
import { numberHandlers } from './numbers/handlers.ts';
import { phoneSetupHandlers } from './phone-setup/handlers.ts';
import { phoneSettingsHandlers } from './phone-setup/settings-handlers.ts';
import { productDetailsHandlers } from './product-details/handlers.ts';
import { profileHandlers } from './profile/handlers.ts';
import provisioningRunner from './provisioning/runner.ts';
import { selfSignupHandlers } from './self-signup/handlers.ts';
import { selfSignupPasswordHandlers } from './self-signup/password.ts';
import { shopHandlers } from './shop/handlers.ts';
import { signupHandlers } from './signup/handlers.ts';
import { siteHandlers } from './site/handlers.ts';
import { socialHandlers } from './social/handlers.ts';
import { staffHandlers } from './staff/handlers.ts';
import { statusHandlers } from './status/handlers.ts';
import { testCallHandlers } from './test-calls/handlers.ts';
import { trialHandlers } from './trial/handlers.ts';
import { upgradeHandlers } from './upgrade/handlers.ts';
import { usersHandlers } from './users/handlers.ts';
import { welcomeHandlers } from './welcome/handlers.ts';

// The server's areas, one folder each: handlers for the contract's endpoints, repositories of functions over a
// database or transaction that own the area's queries (its index.ts is what other areas may call), its rules and
// its demo data. A new area adds its handlers here.

/** Every contract endpoint's handler: an endpoint without one fails the type check (routes/index.ts). */
export const endpointHandlers: Handlers = {
  ...authHandlers,
  ...accountHandlers,
  ...socialHandlers,
  ...profileHandlers,
  ...navigationHandlers,
  ...callFlowHandlers,
  ...siteHandlers,
  ...callFlowJourneyHandlers,
  ...audioHandlers,
  ...phoneSetupHandlers,
  ...phoneSettingsHandlers,
  ...trialHandlers,
  ...welcomeHandlers,
  ...buyNowHandlers,
  ...gettingStartedHandlers,
  ...statusHandlers,
  ...notificationHandlers,
  ...staffHandlers,
  ...addressHandlers,
  ...upgradeHandlers,
  ...chatHandlers,
  ...numberHandlers,
  ...usersHandlers,
  ...hardwareHandlers,
  ...shopHandlers,
  ...signupHandlers,
  ...selfSignupHandlers,
  ...selfSignupPasswordHandlers,
  ...contactHandlers,
  ...broadbandHandlers,
  ...productDetailsHandlers,
  ...billingHandlers,
  ...paymentHandlers,
  ...recurringCardHandlers,
  ...callLogHandlers,
  ...callReportHandlers,
  ...testCallHandlers,
};

export const endpointGuards: Guards = { ...callFlowGuards };

/** The background jobs: fastify plugins after the `db` plugin, started when the app is ready, stopped when it closes. */
export const backgroundJobs: FastifyPluginAsync[] = [provisioningRunner];
