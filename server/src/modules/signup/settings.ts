/**
 * The sign-up flags of spec 000 section 9 ("Environment flags: maintenance mode, sign-up
 * redirect to trial, VoIP3 sign-up"), read once at start (README, configuration), and the SMS
 * global cap. Maintenance mode is off by default (spec 000 section 9).
 */
export interface SignupServerSettings {
  /** PORTAL_MAINTENANCE_MODE: the trial pages answer 503 'Under maintenance'. */
  maintenanceMode: boolean;
  /** PORTAL_SIGNUP_REDIRECT_TO_TRIAL: the self sign-up routes send visitors to the trial journey. */
  signupRedirectToTrial: boolean;
  /**
   * PORTAL_VOIP3_SIGNUP: new sign-ups get the third-generation cloud phone (voip3, supplier 3); off, the trial,
   * buy-now and opt-in trial journeys make supplier-2 phones and the voip3 self sign-up is closed.
   */
  voip3Signup: boolean;
  /** PORTAL_SMS_HOURLY_LIMIT: texts the sign-up may send per hour, all numbers together. */
  smsHourlyLimit: number;
}

export const DEFAULT_SIGNUP_SETTINGS: SignupServerSettings = {
  maintenanceMode: false,
  signupRedirectToTrial: false,
  voip3Signup: true,
  smsHourlyLimit: 200,
};

declare module 'fastify' {
  interface FastifyInstance {
    signupSettings: SignupServerSettings;
  }
}

/** The supplier a new sign-up's cloud phone is for, by the "VoIP3 sign-up" flag. */
export const signupSupplier = (settings: Pick<SignupServerSettings, 'voip3Signup'>): 2 | 3 => (settings.voip3Signup ? 3 : 2);

function flag(env: Record<string, string | undefined>, name: string, fallback: boolean): boolean {
  const text = env[name]?.trim().toLowerCase();
  if (!text) return fallback;
  if (['on', 'true', '1'].includes(text)) return true;
  if (['off', 'false', '0'].includes(text)) return false;
  throw new Error(`${name} must be on or off, not "${env[name]}"`);
}

/** Reads the sign-up flags; a bad value stops the start. */
export function readSignupSettings(env: Record<string, string | undefined>): SignupServerSettings {
  const limitText = env.PORTAL_SMS_HOURLY_LIMIT?.trim();
  if (limitText && (!/^\d+$/.test(limitText) || Number(limitText) > 100_000)) {
    throw new Error(`PORTAL_SMS_HOURLY_LIMIT must be a whole number from 0 to 100000, not "${env.PORTAL_SMS_HOURLY_LIMIT}"`);
  }
  return {
    maintenanceMode: flag(env, 'PORTAL_MAINTENANCE_MODE', DEFAULT_SIGNUP_SETTINGS.maintenanceMode),
    signupRedirectToTrial: flag(env, 'PORTAL_SIGNUP_REDIRECT_TO_TRIAL', DEFAULT_SIGNUP_SETTINGS.signupRedirectToTrial),
    voip3Signup: flag(env, 'PORTAL_VOIP3_SIGNUP', DEFAULT_SIGNUP_SETTINGS.voip3Signup),
    smsHourlyLimit: limitText ? Number(limitText) : DEFAULT_SIGNUP_SETTINGS.smsHourlyLimit,
  };
}

/** Whether a page path is the trial journey's (/trial, /trial/{page}): the pages maintenance mode closes. */
export const isTrialPage = (path: string): boolean => /^\/trial(?:\/[^/]*)?\/?$/.test(path);
