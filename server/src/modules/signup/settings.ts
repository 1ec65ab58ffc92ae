/**
 * The sign-up flags of spec 000 section 9 ("Environment flags: maintenance mode, sign-up
 * redirect to trial, VoIP3 sign-up"), read once at start (config.ts, docs/configuration.md), and the SMS
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
export const signupSupplier = (settings: Pick<SignupServerSettings, 'voip3Signup'>): 2 | 3 =>
  settings.voip3Signup ? 3 : 2;

/** Whether a page path is the trial journey's (/trial, /trial/{page}): the pages maintenance mode closes. */
export const isTrialPage = (path: string): boolean => /^\/trial(?:\/[^/]*)?\/?$/.test(path);
