import { signupOpenFor, type NumberRating, type SignupFeature } from '@portal/contract';

/**
 * The self sign-up draft (spec 001 section 3, "Signup draft"), kept in browser storage under a
 * versioned key, saved on each update and cleared at the end (spec 001 section 4). React-free:
 * the controller and the route guards read it. A draft loses its chosen number when it is
 * older than 24 hours, or when the supplier changed from 2 to 3 (spec 001 sections 4 and 9).
 */
export const SIGNUP_DRAFT_KEY = 'ssu.draft.v1';
/** Spec 001 section 9: the draft and its chosen number expire after 24 hours. */
export const DRAFT_NUMBER_TTL_MS = 24 * 60 * 60 * 1000;

/** The self sign-up journeys, and the supplier each signs up for: /signup the second generation, the voip3 pages the third. */
export type SignupVariant = 'signup' | 'signup-voip3' | 'signup-voip3-b';
export const VARIANT_SUPPLIER: Record<SignupVariant, 2 | 3> = { signup: 2, 'signup-voip3': 3, 'signup-voip3-b': 3 };

/** The online sign-up's pages (spec 000 section 2), the first first. */
export const ONLINE_SIGNUP_PAGES = ['number', 'marketing', 'trial'] as const;
export type OnlineSignupPageName = (typeof ONLINE_SIGNUP_PAGES)[number];

export type SignupSection = 'needs' | 'number' | 'details' | 'started';
export const SIGNUP_SECTIONS: readonly SignupSection[] = ['needs', 'number', 'details', 'started'];

export interface SignupDraft {
  /** When the draft was last saved (ISO). */
  date: string;
  supplier: 2 | 3;
  features_to_use: SignupFeature[];
  chosen_number: string | null;
  /** The chosen number's rating and place, to show it again (older drafts may lack the place). */
  chosen_number_rating: NumberRating | null;
  chosen_number_area?: string | null;
  business_name: string;
  full_name: string;
  first_name: string;
  last_name: string;
  email_address: string;
  mobile_number: string;
  /** The session key verify-pin answered: create-pin's token header, and the sign-in at the end. */
  verifyKey: string | null;
  ssu_details_token: string | null;
  customer_details_completed: boolean;
  product_id: number | null;
  account_id: number | null;
  user_verified: boolean;
  /** The referral code of the link the visitor came by. */
  referral_code: string | null;
  needs: { is_set: boolean; features_to_use: SignupFeature[] };
  number: { is_set: boolean; chosen_number: string | null };
  details: { is_set: boolean };
  started: { is_set: boolean };
}

export function emptyDraft(supplier: 2 | 3, now: Date): SignupDraft {
  return {
    date: now.toISOString(),
    supplier,
    features_to_use: [],
    chosen_number: null,
    chosen_number_rating: null,
    chosen_number_area: null,
    business_name: '',
    full_name: '',
    first_name: '',
    last_name: '',
    email_address: '',
    mobile_number: '',
    verifyKey: null,
    ssu_details_token: null,
    customer_details_completed: false,
    product_id: null,
    account_id: null,
    user_verified: false,
    referral_code: null,
    needs: { is_set: false, features_to_use: [] },
    number: { is_set: false, chosen_number: null },
    details: { is_set: false },
    started: { is_set: false },
  };
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored draft as saved, or null when there is none (or it is unreadable). */
export function readStoredDraft(): SignupDraft | null {
  const text = storage()?.getItem(SIGNUP_DRAFT_KEY);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as SignupDraft;
    return typeof value === 'object' &&
      value !== null &&
      (value.supplier === 2 || value.supplier === 3) &&
      typeof value.date === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
}

/**
 * The draft for a sign-up of `supplier`: the stored one with the rules applied, else a new one.
 * The number is dropped when the draft is over 24 hours old or was for supplier 2 and this is 3;
 * a customer already made keeps everything (the number is theirs).
 */
export function resumeDraft(stored: SignupDraft | null, supplier: 2 | 3, now: Date): SignupDraft {
  if (!stored) return emptyDraft(supplier, now);
  const age = now.getTime() - Date.parse(stored.date);
  const stale = !(age <= DRAFT_NUMBER_TTL_MS);
  const supplierChanged = stored.supplier === 2 && supplier === 3;
  if (stored.product_id === null && (stale || supplierChanged)) {
    return {
      ...stored,
      supplier,
      chosen_number: null,
      chosen_number_rating: null,
      chosen_number_area: null,
      number: { is_set: false, chosen_number: null },
      details: { is_set: false },
      started: { is_set: false },
    };
  }
  return { ...stored, supplier };
}

export function saveDraft(draft: SignupDraft, now: Date): SignupDraft {
  const saved = { ...draft, date: now.toISOString() };
  storage()?.setItem(SIGNUP_DRAFT_KEY, JSON.stringify(saved));
  return saved;
}

export function clearDraft(): void {
  storage()?.removeItem(SIGNUP_DRAFT_KEY);
}

/** The draft a page of a `supplier` journey works on now: the stored one with the rules applied (the route guards read it). */
export const currentDraft = (supplier: 2 | 3, now: Date = new Date()): SignupDraft =>
  resumeDraft(readStoredDraft(), supplier, now);

/** The furthest section the draft may show: each one needs the ones before it set. */
export function furthestSection(draft: SignupDraft | null): SignupSection {
  if (!draft?.needs.is_set) return 'needs';
  if (!draft.number.is_set) return 'number';
  if (!draft.details.is_set) return 'details';
  return 'started';
}

/** Whether a page of the journey may show for this draft (a later page than allowed goes to the first). */
export const mayShowSection = (draft: SignupDraft | null, section: SignupSection): boolean =>
  SIGNUP_SECTIONS.indexOf(section) <= SIGNUP_SECTIONS.indexOf(furthestSection(draft));

/** The trial journey's first page: where the environment's "sign-up redirect to trial" flag sends self sign-up visitors. */
const TRIAL_FIRST_PAGE = '/trial/signup';

/**
 * Where a self sign-up page sends a signed-out visitor instead of showing (null: it shows). With
 * the "sign-up redirect to trial" flag on (spec 000 section 9; PORTAL_SIGNUP_REDIRECT_TO_TRIAL,
 * GET /api/v1/signup/settings/), every self sign-up page goes to the trial journey; with the
 * "VoIP3 sign-up" flag off (PORTAL_VOIP3_SIGNUP), the voip3 journeys go to /signup's first page
 * (the server takes no new voip3 lead then), except a started one, whose customer exists; otherwise an unknown page, or one the draft has not
 * reached, goes to the journey's first page.
 * @example selfSignupRedirect('signup', 'details', null, { signup_redirect_to_trial: false, voip3_signup: true }) // '/signup/needs'
 */
export function selfSignupRedirect(
  variant: SignupVariant,
  section: string | undefined,
  draft: SignupDraft | null,
  settings: { signup_redirect_to_trial: boolean; voip3_signup: boolean } | null,
): string | null {
  if (settings?.signup_redirect_to_trial) return TRIAL_FIRST_PAGE;
  // A started sign-up (its customer made, setting the phone's PIN) finishes where it is.
  if (settings && !signupOpenFor(VARIANT_SUPPLIER[variant], settings.voip3_signup) && section !== 'started')
    return `/signup/${SIGNUP_SECTIONS[0]}`;
  const known = SIGNUP_SECTIONS.find((name) => name === section);
  return known && mayShowSection(draft, known) ? null : `/${variant}/${SIGNUP_SECTIONS[0]}`;
}
