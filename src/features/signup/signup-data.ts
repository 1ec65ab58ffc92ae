import { BUY_NOW_CHANNEL, LEAD_TTL_HOURS, type SignupChannel } from '@portal/contract';

/**
 * The sign-up's local data (spec 001 section 3, "Signup draft"/"Signup state": kept in browser
 * storage under a versioned key), for the trial and buy-now journeys: what the pages need to go
 * on after a reload, and what the route guards read (spec 000: the detail pages need a product,
 * account or key held here). `key` is the journey token, kept once the e-mail PIN is confirmed;
 * `user_key` the new user's token until the journey ends and signs them in.
 */
export const SIGNUP_STORAGE_KEY = 'portal.signup.v1';

export interface SignupData {
  /** When it was first saved (ms); older than LEAD_TTL_HOURS is dropped. */
  date: number;
  channel: SignupChannel;
  split_test_version: string;
  email_address: string;
  full_name: string;
  business_name: string;
  is_free_email: boolean;
  /** The journey token while the PIN is not yet confirmed. */
  token?: string;
  /** The journey token once the e-mail is confirmed. */
  key?: string;
  product_id?: number;
  account_id?: number;
  user_key?: string;
  /** A purchase's number selection token (scope customer-number-selection), until its number is chosen or left to choose later. */
  number_selection_token?: string;
}

const HOUR_MS = 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The saved sign-up, or null when none, unreadable or older than a day. */
export function readSignupData(now: number = Date.now()): SignupData | null {
  const text = storage()?.getItem(SIGNUP_STORAGE_KEY);
  if (!text) return null;
  try {
    const data = JSON.parse(text) as SignupData;
    if (typeof data.date !== 'number' || now - data.date > LEAD_TTL_HOURS * HOUR_MS) return null;
    return data;
  } catch {
    return null;
  }
}

export function writeSignupData(data: SignupData): void {
  storage()?.setItem(SIGNUP_STORAGE_KEY, JSON.stringify(data));
}

/** Changes the saved sign-up (nothing when none is saved). */
export function updateSignupData(changes: Partial<SignupData>): SignupData | null {
  const data = readSignupData();
  if (!data) return null;
  const next = { ...data, ...changes };
  writeSignupData(next);
  return next;
}

export function clearSignupData(): void {
  storage()?.removeItem(SIGNUP_STORAGE_KEY);
}

/** Whether the detail pages may show (spec 000 route rules): a product, an account or a key is held. */
export function holdsProgress(data: SignupData | null, channel: SignupChannel): boolean {
  if (!data || (data.channel === BUY_NOW_CHANNEL) !== (channel === BUY_NOW_CHANNEL)) return false;
  return data.product_id !== undefined || data.account_id !== undefined || data.key !== undefined;
}
