import { track, type AnalyticsProperties } from '../../lib/analytics.ts';
import { isApiError } from '../../lib/api-error.ts';
import { extractErrorText } from '../../lib/error-text.ts';

/**
 * The sign-up's analytics (spec 001 section 7: every failed sign-up step, lead update,
 * provisioning check and SMS call is reported with the response data, sign-up errors by
 * stage). Events go through lib/analytics.ts (the page's dataLayer, for a tag manager when
 * one is configured; no vendor is called from here); in development they are also logged to
 * the console so a developer sees them.
 */
export type SignupStage =
  | 'create-lead'
  | 'email-verify'
  | 'mobile-validate'
  | 'sms-send'
  | 'sms-verify'
  | 'promo'
  | 'create-password'
  | 'intl-calls'
  | 'provisioning-status';

export const SIGNUP_EVENTS = {
  failed: 'Signup - step failed',
  lead: 'Signup - lead updated',
  provisioning: 'Signup - provisioning check',
  sms: 'Signup - SMS',
} as const;

function emit(event: string, properties: AnalyticsProperties): void {
  track(event, properties);
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.info('[analytics]', event, properties);
}

/** What an error says, for the event: its status and the server's words. */
function errorProperties(error: unknown): AnalyticsProperties {
  if (isApiError(error)) return { status: error.status, detail: extractErrorText(error.data) ?? error.message };
  return { status: 0, detail: error instanceof Error ? error.message : String(error) };
}

/** A failed step, by stage; an SMS send refused with 403 or 429 is the SMS rate limit (spec 001 section 8). */
export function trackSignupFailure(stage: SignupStage, error: unknown): void {
  const properties: AnalyticsProperties = { stage, ...errorProperties(error) };
  emit(SIGNUP_EVENTS.failed, properties);
  if (stage === 'sms-send' || stage === 'sms-verify') {
    const limited = stage === 'sms-send' && (properties.status === 403 || properties.status === 429);
    emit(SIGNUP_EVENTS.sms, { ...properties, outcome: limited ? 'SMS validation rate limit' : 'SMS error' });
  }
  if (stage === 'provisioning-status') emit(SIGNUP_EVENTS.provisioning, { ...properties, outcome: 'error' });
}

/** A lead created or changed (create-lead, PIN confirmed, intl-calls). */
export function trackLead(stage: SignupStage, properties: AnalyticsProperties = {}): void {
  emit(SIGNUP_EVENTS.lead, { stage, ...properties });
}

/** An SMS call that went through (sent, or verified with its status). */
export function trackSms(stage: 'sms-send' | 'sms-verify', outcome: string): void {
  emit(SIGNUP_EVENTS.sms, { stage, outcome });
}

/** A provisioning check's answer. */
export function trackProvisioning(productId: number, progress: number, provisioned: boolean): void {
  emit(SIGNUP_EVENTS.provisioning, { stage: 'provisioning-status', product_id: productId, progress, provisioned });
}
