import { TRIAL_DAYS } from '@portal/contract';

/**
 * The promo codes a sign-up accepts (GET api/v1/signup/promo/?code=; the spec shows no codes or
 * fields). What a code gives is a longer trial; a buy-now journey keeps the code on its lead for
 * the sales team. Codes are case-insensitive, kept upper-cased.
 */
const PROMOS: Record<string, { description: string; trialDays: number }> = {
  TRIAL30: { description: 'A 30-day free trial instead of 14 days', trialDays: 30 },
  WELCOME: { description: 'A 21-day free trial instead of 14 days', trialDays: 21 },
  PARTNER: {
    description: 'Referred by a partner: the standard 14-day free trial, with a call from our team',
    trialDays: TRIAL_DAYS,
  },
};

/** The promo of an upper-cased code, or undefined. */
export const promoOf = (code: string) => PROMOS[code];
