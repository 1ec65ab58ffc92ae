import {
  selfSignupEndpoints,
  type LeadDetailsPatch,
  type NewPasswordPair,
  type PinWithConfirmation,
  type SelfSignupLeadRequest,
  type SsuGoogleRequest,
} from '@portal/contract';

import { apiCall } from '../../../lib/http.ts';

/** The self sign-up's calls (contract/src/self-signup.ts), one function each. */
export const selfSignupCalls = {
  createLead: (body: SelfSignupLeadRequest) => apiCall(selfSignupEndpoints.ssuCreateLeadV5, { body }),
  leadDetails: (token: string, signal?: AbortSignal) =>
    apiCall(selfSignupEndpoints.ssuLeadDetails, { query: { ssu_details_token: token }, signal }),
  updateLeadDetails: (token: string, body: LeadDetailsPatch) =>
    apiCall(selfSignupEndpoints.ssuUpdateLeadDetails, { query: { ssu_details_token: token }, body }),
  featuresToUse: (token: string, features: string[]) =>
    apiCall(selfSignupEndpoints.ssuFeaturesToUse, {
      body: { ssu_details_token: token, features_to_use: features as SelfSignupLeadRequest['features_to_use'] },
    }),
  verifyPin: (token: string, pin: string) =>
    apiCall(selfSignupEndpoints.ssuVerifyPin, { body: { ssu_details_token: token, pin } }),
  registrationKey: (key: string) => apiCall(selfSignupEndpoints.ssuRegistrationKey, { query: { key } }),
  google: (body: SsuGoogleRequest) => apiCall(selfSignupEndpoints.ssuGoogle, { body }),
  createPin: (key: string, body: PinWithConfirmation) =>
    apiCall(selfSignupEndpoints.ssuCreatePin, { body, token: key }),
  createPassword: (key: string, body: NewPasswordPair) =>
    apiCall(selfSignupEndpoints.ssuCreatePassword, { body, token: key }),
  provisioningStatus: (token: string, signal?: AbortSignal) =>
    apiCall(selfSignupEndpoints.ssuProvisioningStatus, { query: { ssu_details_token: token }, signal }),
  verifyMobile: (token: string) => apiCall(selfSignupEndpoints.ssuVerifyMobile, { params: { token } }),
  referrals: (signal?: AbortSignal) => apiCall(selfSignupEndpoints.referrals, { signal }),
};
export type SelfSignupCalls = typeof selfSignupCalls;
