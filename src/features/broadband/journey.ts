import {
  BUSINESS_DETAILS_MAX_AGE_MS,
  BusinessDetails,
  type BroadbandTariff,
  type BusinessDetailsInput,
  type TelcoLead,
} from '@portal/contract';

/**
 * The broadband sign-up's state outside React: the address and tariff chosen, the business
 * details, the lead once created, and which pages may be shown (spec 000 section 2: the sign-up
 * redirects to address unless the next page is allowed). The journey lives in sessionStorage
 * (a reload keeps it, a new tab starts again); the business details in localStorage with the
 * time they were saved, restored only if no more than 24 hours old (spec 001 sections 4 and 9).
 */

export const SIGNUP_PAGES = ['address', 'tariffs', 'details', 'summary'] as const;
export type SignupPage = (typeof SIGNUP_PAGES)[number];
export const FIRST_SIGNUP_PAGE: SignupPage = 'address';

export const JOURNEY_KEY = 'broadband.signup';
export const DETAILS_KEY = 'broadband.business-details';

export interface ChosenAddress {
  address_ref: string;
  css_database_code: string;
  postcode: string;
  line: string;
}

export interface Journey {
  /** The sign-up's id for the create call: a double submit (or a retry) makes one lead. */
  request_id: string;
  address: ChosenAddress | null;
  tariff: BroadbandTariff | null;
  /** The lead once created (approved or not yet). */
  lead: TelcoLead | null;
}

/** The business details as typed (every field text), as the form holds them. */
export type DetailsValues = Record<keyof BusinessDetailsInput, string>;
export const EMPTY_DETAILS: DetailsValues = {
  name: '',
  business_name: '',
  email_address: '',
  mobile_number: '',
  phone_number: '',
  current_provider: '',
};

/** A random id for a new sign-up (a UUID where the browser makes one). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const newJourney = (): Journey => ({ request_id: newRequestId(), address: null, tariff: null, lead: null });

function readJson(storage: Storage | null, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
function writeJson(storage: Storage | null, key: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private browsing): the journey goes on in memory.
  }
}

// Plain checks rather than zod: the schemas' functions would be exported from the code every page loads.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasText = (value: Record<string, unknown>, keys: readonly string[]) =>
  keys.every((key) => typeof value[key] === 'string');
const isAddress = (value: unknown) =>
  isRecord(value) && hasText(value, ['address_ref', 'css_database_code', 'postcode', 'line']);

function isStoredJourney(value: unknown): value is Journey {
  if (!isRecord(value) || typeof value.request_id !== 'string' || value.request_id.length < 16) return false;
  const { address, tariff, lead } = value;
  return (
    (address === null || isAddress(address)) &&
    (tariff === null || (isRecord(tariff) && typeof tariff.id === 'string')) &&
    (lead === null || (isRecord(lead) && typeof lead.id === 'number' && typeof lead.lead_token === 'string'))
  );
}

/** The journey kept in `storage`, or a new one when there is none (or it is unreadable). */
export function loadJourney(storage: Storage | null): Journey {
  const stored = readJson(storage, JOURNEY_KEY);
  return isStoredJourney(stored) ? stored : newJourney();
}

const DETAIL_FIELDS = Object.keys(EMPTY_DETAILS) as Array<keyof DetailsValues>;

/**
 * The business details kept in `storage`, if saved no more than 24 hours before `now`; older
 * ones are removed and null answered.
 */
export function loadDetails(storage: Storage | null, now: number): DetailsValues | null {
  // Spec 001 section 3's "date": when the details were saved (ms since the epoch).
  const stored = readJson(storage, DETAILS_KEY);
  if (!isRecord(stored) || typeof stored.date !== 'number' || !hasText(stored, DETAIL_FIELDS)) return null;
  const date = stored.date;
  const values = Object.fromEntries(DETAIL_FIELDS.map((field) => [field, stored[field]])) as DetailsValues;
  if (!(now - date <= BUSINESS_DETAILS_MAX_AGE_MS) || date > now + 60_000) {
    writeJson(storage, DETAILS_KEY, null);
    return null;
  }
  return values;
}

export function saveDetails(storage: Storage | null, values: DetailsValues, now: number): void {
  writeJson(storage, DETAILS_KEY, { date: now, ...values });
}

export const detailsComplete = (values: DetailsValues | null): boolean =>
  values !== null && BusinessDetails.safeParse(values).success;

/**
 * The pages the journey may show: address always; tariffs once an address is chosen; details
 * once a tariff is; the summary once the details are complete (or the lead is made).
 */
export function allowedPages(journey: Journey, details: DetailsValues | null): SignupPage[] {
  const pages: SignupPage[] = ['address'];
  if (!journey.address) return pages;
  pages.push('tariffs');
  if (!journey.tariff) return pages;
  pages.push('details');
  if (journey.lead || detailsComplete(details)) pages.push('summary');
  return pages;
}

export const isSignupPage = (page: string | undefined): page is SignupPage =>
  (SIGNUP_PAGES as readonly string[]).includes(page ?? '');

export interface SignupStoreOptions {
  journeyStorage: Storage | null;
  detailsStorage: Storage | null;
  now?: () => number;
}

/** The sign-up's store: the pages read getJourney()/getDetails() and call its actions. */
export function createSignupStore({ journeyStorage, detailsStorage, now = Date.now }: SignupStoreOptions) {
  let journey = loadJourney(journeyStorage);
  const listeners = new Set<() => void>();
  const set = (next: Partial<Journey>) => {
    journey = { ...journey, ...next };
    writeJson(journeyStorage, JOURNEY_KEY, journey);
    for (const listener of listeners) listener();
  };
  return {
    getJourney: (): Journey => journey,
    /** The business details saved within 24 hours, or null. */
    getDetails: (): DetailsValues | null => loadDetails(detailsStorage, now()),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    allowedPages: () => allowedPages(journey, loadDetails(detailsStorage, now())),
    /** A new address: the tariff chosen for another one no longer applies; a lead made goes. */
    chooseAddress(address: ChosenAddress): void {
      const same =
        journey.address?.address_ref === address.address_ref &&
        journey.address.css_database_code === address.css_database_code;
      set(same ? { address } : { address, tariff: null, lead: null, request_id: newRequestId() });
    },
    chooseTariff(tariff: BroadbandTariff): void {
      set(journey.tariff?.id === tariff.id ? { tariff } : { tariff, lead: null, request_id: newRequestId() });
    },
    saveDetails(values: DetailsValues): void {
      saveDetails(detailsStorage, values, now());
    },
    /** Details changed after a lead was made: the next confirm makes a new lead. */
    detailsChanged(): void {
      if (journey.lead && journey.lead.status !== 'APPROVED') set({ lead: null, request_id: newRequestId() });
    },
    setLead(lead: TelcoLead): void {
      set({ lead });
    },
    /** The sign-up is done: its journey and business details are dropped. */
    finish(): void {
      journey = newJourney();
      writeJson(journeyStorage, JOURNEY_KEY, null);
      writeJson(detailsStorage, DETAILS_KEY, null);
      for (const listener of listeners) listener();
    },
  };
}

export type SignupStore = ReturnType<typeof createSignupStore>;

let browserStore: SignupStore | undefined;
const storageOf = (name: 'sessionStorage' | 'localStorage'): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
};
/** The page's one sign-up store, on the browser's storage. */
export function signupStore(): SignupStore {
  browserStore ??= createSignupStore({
    journeyStorage: storageOf('sessionStorage'),
    detailsStorage: storageOf('localStorage'),
  });
  return browserStore;
}
