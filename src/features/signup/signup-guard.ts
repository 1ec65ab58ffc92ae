import { BUY_NOW_CHANNEL, type SignupChannel } from '@portal/contract';

import { journeyOf } from './components/journey.ts';
import { holdsProgress, type SignupData } from './signup-data.ts';

/** The pages of each journey, in order (spec 000 section 2). */
export const SIGNUP_PAGES: Record<'trial' | 'buynow', readonly string[]> = {
  trial: ['signup', 'details', 'intl-calls'],
  buynow: ['signup', 'details'],
};

/**
 * Where a visitor on a page of a journey must go instead, or null to stay (spec 000 route
 * rules): an unknown page goes to the journey's first page; the detail pages (and the trial's
 * last page) go back to the sign-up page unless the local sign-up data holds a product, an
 * account or a key; the last page needs the created product.
 * @example signupRedirect('Self Sign Up', 'details', null) // '/trial/signup'
 */
export function signupRedirect(
  channel: SignupChannel,
  page: string | undefined,
  data: SignupData | null,
): string | null {
  const journey = journeyOf(channel);
  const pages = SIGNUP_PAGES[channel === BUY_NOW_CHANNEL ? 'buynow' : 'trial'];
  if (page === undefined || !pages.includes(page)) return journey.signupPath;
  if (page === 'signup') return null;
  if (!holdsProgress(data, channel)) return journey.signupPath;
  if (page === 'intl-calls' && (data?.product_id === undefined || !data.user_key)) return journey.detailsPath;
  return null;
}
