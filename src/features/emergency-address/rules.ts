import {
  addressMessages,
  InstallationAddressInput,
  isUkPostcode,
  normalisePostcode,
  REQUIRED_ADDRESS_FIELDS,
  UkPostcode,
} from '@portal/contract';

/**
 * The emergency-address dialog's rules (spec 000 section 5), from the contract's schemas so
 * the dialog and the server say the same thing.
 */

/** How long typing must pause before a valid postcode is looked up (longer than the fetch delay, FETCH_DELAY_MS). */
export const POSTCODE_SEARCH_DELAY_MS = 400;

/** The message of the address select when Continue is pressed with none chosen (GOV.UK: "Select ..."). */
export const SELECT_ADDRESS_MESSAGE = 'Select your business address';

/** The postcode field's message: 'Postcode is a required field' or 'Postcode must be valid'; undefined when it is fine. */
export function postcodeError(value: string): string | undefined {
  const result = UkPostcode.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The postcode to look up once typing pauses: the value normalised when it is a UK postcode, else null. */
export function searchablePostcode(value: string): string | null {
  return isUkPostcode(value) ? normalisePostcode(value) : null;
}

/** "{postcode} returned no results, please try another postcode". */
export const noResultsMessage = addressMessages.noResults;

/** The manual form's values, as typed. */
export interface ManualAddress {
  post_code: string;
  line_one: string;
  line_two: string;
  city: string;
  county: string;
}

export type ManualAddressField = keyof ManualAddress;
export type ManualAddressErrors = Partial<Record<ManualAddressField, string>>;

/** The order the form shows its fields in, and so the order of its messages. */
export const MANUAL_ADDRESS_FIELDS: readonly ManualAddressField[] = [
  'post_code',
  'line_one',
  'line_two',
  'city',
  'county',
];

/** Each field's first message; empty when the address may be sent. */
export function manualAddressErrors(values: ManualAddress): ManualAddressErrors {
  const result = InstallationAddressInput.safeParse(values);
  const errors: ManualAddressErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ManualAddressField | undefined;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

const FIELD_NAMES: Record<(typeof REQUIRED_ADDRESS_FIELDS)[number], string> = {
  post_code: 'postcode',
  line_one: 'first line',
  city: 'town or city',
  county: 'county',
};

/**
 * The fields the spec requires (spec 000 section 5) that an address lacks, in words; '' when none.
 * @example missingFieldsText({ ...address, city: '', county: '' }) // 'town or city and county'
 */
export function missingFieldsText(address: InstallationAddressInput): string {
  const missing = REQUIRED_ADDRESS_FIELDS.filter((field) => (address[field] ?? '').trim() === '').map(
    (field) => FIELD_NAMES[field],
  );
  return missing.length <= 1 ? (missing[0] ?? '') : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
}

/** Whether an address has every field the spec requires, by the contract's rules. */
export const isCompleteAddress = (address: InstallationAddressInput): boolean =>
  InstallationAddressInput.safeParse(address).success;
