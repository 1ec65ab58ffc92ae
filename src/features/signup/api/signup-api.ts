import { safeParse } from 'zod/v4/core';

import {
  accountEndpoints,
  signupEndpoints,
  SignupProvisioningStatus,
  type CreateLeadRequest,
  type CreatePasswordRequest,
} from '@portal/contract';

import { ApiError } from '../../../lib/api-error.ts';
import { apiCall, apiUrl, csrfHeaders, parseBody } from '../../../lib/http.ts';
import { trackLead, trackSignupFailure, trackSms, type SignupStage } from '../signup-analytics.ts';

/** Runs a call; a failure is tracked with its stage and thrown on to the form. */
async function tracked<T>(stage: SignupStage, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    trackSignupFailure(stage, error);
    throw error;
  }
}

export const getSignupSettings = (signal?: AbortSignal) => apiCall(signupEndpoints.signupSettings, { signal });

export async function createLead(body: CreateLeadRequest) {
  const lead = await tracked('create-lead', () => apiCall(signupEndpoints.createLead, { body }));
  trackLead('create-lead', {
    channel: lead.channel,
    trial_version: lead.trial_version,
    is_free_email: lead.is_free_email,
  });
  return lead;
}

export async function verifyEmailPin(token: string, pin: string) {
  const answer = await tracked('email-verify', () => apiCall(signupEndpoints.emailVerify, { body: { token, pin } }));
  trackLead('email-verify');
  return answer;
}

export const checkPromo = (code: string) =>
  tracked('promo', () => apiCall(signupEndpoints.signupPromo, { query: { code } }));

export const validateMobile = (mobile_number: string) =>
  tracked('mobile-validate', () => apiCall(signupEndpoints.phoneNumberValidate, { query: { mobile_number } }));

export async function sendSmsCode(token: string, mobile_number: string) {
  const answer = await tracked('sms-send', () => apiCall(accountEndpoints.smsSend, { body: { token, mobile_number } }));
  trackSms('sms-send', 'sent');
  return answer;
}

export async function verifySmsCode(token: string, mobile_number: string, sms_code: string) {
  const answer = await tracked('sms-verify', () =>
    apiCall(accountEndpoints.smsVerify, { body: { token, mobile_number, sms_code } }),
  );
  trackSms('sms-verify', answer.status);
  return answer;
}

export const createPassword = (body: CreatePasswordRequest) =>
  tracked('create-password', () => apiCall(signupEndpoints.createPassword, { body }));

/** The international calling tariffs (the account add-ons page's catalogue, from the server). */
export const getIntlTariffs = (signal?: AbortSignal) => apiCall(signupEndpoints.signupIntlTariffs, { signal });

/** Puts the chosen tariff (an id of getIntlTariffs's, or null for none) on the new phone. */
export async function chooseIntlCalls(token: string, tariffId: number | null) {
  const answer = await tracked('intl-calls', () =>
    apiCall(signupEndpoints.signupIntlCalls, { body: { token, tariff_id: tariffId } }),
  );
  trackLead('intl-calls', { tariff: answer.tariff?.name ?? 'none' });
  return answer;
}

/**
 * GET /api/v1/signup/{id}/provisioning-status/ with the new user's key (spec 001 section 6: "with a
 * token supplied by the call"): the user is not signed in until the journey ends, so the key is
 * sent here rather than stored. A plain fetch, parsed with the contract: the shared http client
 * (which every page loads) sends only the stored token.
 */
export function getSignupProvisioning(
  productId: number,
  key: string,
  signal?: AbortSignal,
): Promise<SignupProvisioningStatus> {
  return tracked('provisioning-status', async () => {
    const endpoint = { path: `/api/v1/signup/${productId}/provisioning-status/` };
    let response: Response;
    try {
      response = await fetch(apiUrl(endpoint.path), {
        headers: { Accept: 'application/json', Authorization: `Token ${key}`, ...(await csrfHeaders('GET')) },
        credentials: 'same-origin',
        ...(signal && { signal }),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError({
        kind: 'network',
        status: 0,
        message: `Network error calling GET ${endpoint.path}`,
        cause: error,
      });
    }
    const body = parseBody(await response.text());
    const data = body.ok ? body.value : undefined;
    if (!response.ok)
      throw new ApiError({
        kind: 'http',
        status: response.status,
        data,
        message: `GET ${endpoint.path} answered ${response.status}`,
      });
    const parsed = safeParse(SignupProvisioningStatus, data);
    if (!parsed.success)
      throw new ApiError({
        kind: 'parse',
        status: response.status,
        data,
        message: `GET ${endpoint.path} answered an unexpected body`,
      });
    return parsed.data;
  });
}

/** POST /api/v3/accounts/{accountId}/start-voip-trial/: an existing customer's opt-in trial. */
export const startVoipTrial = (accountId: number) =>
  apiCall(signupEndpoints.startVoipTrial, { params: { accountId: String(accountId) }, body: {} });
