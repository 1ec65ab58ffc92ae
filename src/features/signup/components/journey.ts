import { BUY_NOW_CHANNEL, TRIAL_DAYS, type SignupChannel } from '@portal/contract';

/** The words and paths of each journey (trial or buy-now); a trial says how long it runs (a promo code may lengthen it). */
export function journeyOf(channel: SignupChannel, trialDays: number = TRIAL_DAYS) {
  return channel === BUY_NOW_CHANNEL
    ? {
        title: 'Buy your cloud phone',
        lead: 'A business phone system in the cloud, ready in minutes. Tell us who you are to get started.',
        signupPath: '/buynow/signup',
        detailsPath: '/buynow/details',
      }
    : {
        title: 'Start your free trial',
        lead: `Try our cloud phone free for ${trialDays} days. No card needed: tell us who you are to get started.`,
        signupPath: '/trial/signup',
        detailsPath: '/trial/details',
      };
}
