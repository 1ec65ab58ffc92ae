import type { FastifyPluginAsync } from 'fastify';

import type { Guards, Handlers } from '../routes/index.ts';
import accountRepository from './account/account-repository.ts';
import { accountHandlers } from './account/handlers.ts';
import { addressHandlers } from './address/handlers.ts';
import { audioHandlers } from './audio/handlers.ts';
import { authHandlers } from './auth/handlers.ts';
import billingRepository from './billing/billing-repository.ts';
import { billingHandlers } from './billing/handlers.ts';
import { paymentHandlers } from './billing/payment-handlers.ts';
import { recurringCardHandlers } from './billing/recurring-card.ts';
import broadbandRepository from './broadband/broadband-repository.ts';
import { broadbandHandlers } from './broadband/handlers.ts';
import { buyNowHandlers } from './buy-now/handlers.ts';
import { callFlowJourneyHandlers } from './call-flow-journey/handlers.ts';
import { callFlowGuards, callFlowHandlers } from './call-flows/handlers.ts';
import { callLogHandlers } from './call-log/handlers.ts';
import { callReportHandlers } from './call-reports/handlers.ts';
import { chatHandlers } from './chat/handlers.ts';
import { contactHandlers } from './contacts/handlers.ts';
import gettingStartedRepository from './getting-started/getting-started-repository.ts';
import { gettingStartedHandlers } from './getting-started/handlers.ts';
import { hardwareHandlers } from './hardware/handlers.ts';
import hardwareRepository from './hardware/hardware-repository.ts';
import { navigationHandlers } from './navigation/handlers.ts';
import { notificationHandlers } from './notifications/handlers.ts';
import notificationsRepository from './notifications/notifications-repository.ts';
import { numberHandlers } from './numbers/handlers.ts';
import { phoneSetupHandlers } from './phone-setup/handlers.ts';
import { phoneSettingsHandlers } from './phone-setup/settings-handlers.ts';
import { productDetailsHandlers } from './product-details/handlers.ts';
import productDetailsRepository from './product-details/product-details-repository.ts';
import { profileHandlers } from './profile/handlers.ts';
import profileRepository from './profile/profile-repository.ts';
import provisioningRepository from './provisioning/provisioning-repository.ts';
import provisioningRunner from './provisioning/runner.ts';
import { selfSignupHandlers } from './self-signup/handlers.ts';
import { selfSignupPasswordHandlers } from './self-signup/password.ts';
import selfSignupRepository from './self-signup/self-signup-repository.ts';
import { shopHandlers } from './shop/handlers.ts';
import shopRepository from './shop/shop-repository.ts';
import { signupHandlers } from './signup/handlers.ts';
import signupRepository from './signup/signup-repository.ts';
import { siteHandlers } from './site/handlers.ts';
import { socialHandlers } from './social/handlers.ts';
import socialRepository from './social/social-repository.ts';
import { staffHandlers } from './staff/handlers.ts';
import staffRepository from './staff/staff-repository.ts';
import { statusHandlers } from './status/handlers.ts';
import { testCallHandlers } from './test-calls/handlers.ts';
import { trialHandlers } from './trial/handlers.ts';
import { upgradeHandlers } from './upgrade/handlers.ts';
import { usersHandlers } from './users/handlers.ts';
import { welcomeHandlers } from './welcome/handlers.ts';

// The server's areas, one folder each: handlers for the contract's endpoints, a repository that
// owns the area's queries (a fastify-plugin decorating the app), its rules and its demo data.
// A new area adds its handlers and its repository here.

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

/** The repositories, registered in this order after the `db` plugin; each names its dependencies. */
export const repositories: FastifyPluginAsync[] = [
  accountRepository,
  socialRepository,
  profileRepository,
  gettingStartedRepository,
  notificationsRepository,
  staffRepository,
  provisioningRepository,
  // The background jobs: after their repository, started when the app is ready.
  provisioningRunner,
  hardwareRepository,
  shopRepository,
  signupRepository,
  selfSignupRepository,
  broadbandRepository,
  productDetailsRepository,
  billingRepository,
];
