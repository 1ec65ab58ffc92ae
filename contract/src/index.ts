import { accountEndpoints, profileEndpoints } from './account.ts';
import { addressEndpoints } from './address.ts';
import { audioEndpoints, phoneSetupAudioEndpoints } from './audio.ts';
import { authEndpoints } from './auth.ts';
import { billingEndpoints } from './billing.ts';
import { broadbandEndpoints } from './broadband.ts';
import { buyNowEndpoints } from './buy-now.ts';
import { callFlowJourneyEndpoints } from './call-flow-journey.ts';
import { callFlowEndpoints } from './call-flows.ts';
import { callLogEndpoints } from './call-log.ts';
import { callReportEndpoints } from './call-reports.ts';
import { chatEndpoints } from './chat.ts';
import { contactEndpoints } from './contacts.ts';
import { gettingStartedEndpoints } from './getting-started.ts';
import { hardwareEndpoints } from './hardware.ts';
import { navigationEndpoints } from './navigation.ts';
import { notificationEndpoints } from './notifications.ts';
import { numberEndpoints } from './numbers.ts';
import { paymentEndpoints } from './payments.ts';
import { phoneSetupEndpoints } from './phone-setup.ts';
import { productDetailsEndpoints } from './product-details.ts';
import { selfSignupEndpoints } from './self-signup.ts';
import { shopEndpoints } from './shop.ts';
import { signupEndpoints } from './signup.ts';
import { socialEndpoints } from './social.ts';
import { staffAuditEndpoints } from './staff-audit.ts';
import { staffEndpoints } from './staff.ts';
import { statusEndpoints } from './status.ts';
import { testCallEndpoints } from './test-calls.ts';
import { trialEndpoints } from './trial.ts';
import { upgradeEndpoints } from './upgrade.ts';
import { usersEndpoints } from './users.ts';
import { welcomeEndpoints } from './welcome.ts';

export * from './endpoint.ts';
export * from './errors.ts';
export * from './ids.ts';
export * from './dates.ts';
export * from './paging.ts';
export * from './text.ts';
export * from './auth.ts';
export * from './navigation.ts';
export * from './call-flows.ts';
export * from './call-flow-journey.ts';
export * from './trial.ts';
export * from './welcome.ts';
export * from './buy-now.ts';
export * from './pin.ts';
export * from './getting-started.ts';
export * from './audio-format.ts';
export * from './audio.ts';
export * from './storage-limits.ts';
export * from './storage-status.ts';
export * from './notifications.ts';
export * from './orders.ts';
export * from './status.ts';
export * from './staff.ts';
export * from './staff-audit.ts';
export * from './passwords.ts';
export * from './account.ts';
export * from './profile.ts';
export * from './address.ts';
export * from './social.ts';
export * from './csp.ts';
export * from './upgrade.ts';
export * from './chat.ts';
export * from './numbers.ts';
export * from './phone-setup.ts';
export * from './users.ts';
export * from './hardware.ts';
export * from './shop.ts';
export * from './signup.ts';
export * from './self-signup.ts';
export * from './contacts.ts';
export * from './broadband.ts';
export * from './product-details.ts';
export * from './billing.ts';
export * from './payments.ts';
export * from './call-log.ts';
export * from './call-reports.ts';
export * from './test-calls.ts';

/** Every endpoint of the portal API, by name. The server registers each one. */
export const endpoints = {
  ...authEndpoints,
  ...accountEndpoints,
  ...navigationEndpoints,
  ...callFlowEndpoints,
  ...callFlowJourneyEndpoints,
  ...trialEndpoints,
  ...welcomeEndpoints,
  ...buyNowEndpoints,
  ...gettingStartedEndpoints,
  ...audioEndpoints,
  ...phoneSetupAudioEndpoints,
  ...notificationEndpoints,
  ...statusEndpoints,
  ...staffEndpoints,
  ...staffAuditEndpoints,
  ...addressEndpoints,
  ...profileEndpoints,
  ...socialEndpoints,
  ...upgradeEndpoints,
  ...chatEndpoints,
  ...numberEndpoints,
  ...phoneSetupEndpoints,
  ...usersEndpoints,
  ...hardwareEndpoints,
  ...shopEndpoints,
  ...signupEndpoints,
  ...selfSignupEndpoints,
  ...contactEndpoints,
  ...broadbandEndpoints,
  ...productDetailsEndpoints,
  ...billingEndpoints,
  ...paymentEndpoints,
  ...callLogEndpoints,
  ...callReportEndpoints,
  ...testCallEndpoints,
};
export type EndpointName = keyof typeof endpoints;
export * from './analytics.ts';
export * from './analytics-meta.ts';
export * from './sandbox-customers.ts';
