import * as z from 'zod/mini';

import {
  BillingAccountUpdate,
  DirectDebitRequest,
  type BillingAccount,
  type DirectDebitSettings,
} from '@portal/contract';

import { serverErrors, type FormErrors } from '../../../components/form/form-errors.ts';

/**
 * The billing page's two forms as data: their fields and ids, the contract's rules (the same the
 * server applies), and how a refusal maps back onto the fields. React-free.
 */

// The account details: the API's own fields, the authorised contact's four flattened with a prefix.
const ACCOUNT_FIELDS = [
  'business_name',
  'first_name',
  'last_name',
  'email_address',
  'phone_number',
  'mobile_number',
  'address_line_one',
  'address_line_two',
  'address_city',
  'address_county',
  'address_post_code',
  'contact_full_name',
  'contact_email_address',
  'contact_phone_number',
  'contact_mobile_number',
] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

export const accountFieldIds = Object.fromEntries(
  ACCOUNT_FIELDS.map((field) => [field, `billing-${field.replace(/_/g, '-')}`]),
) as Record<AccountField, string>;

const { authorised_contact: contact, ...own } = BillingAccountUpdate.shape;

/** The form's schema: the contract's rules on the flat fields. */
export const AccountForm = z.object({
  ...own,
  contact_full_name: contact.shape.full_name,
  contact_email_address: contact.shape.email_address,
  contact_phone_number: contact.shape.phone_number,
  contact_mobile_number: contact.shape.mobile_number,
});
export type AccountForm = z.output<typeof AccountForm>;

export function accountValuesOf(account: BillingAccount): Record<AccountField, string> {
  const { authorised_contact: person } = account;
  return {
    business_name: account.business_name,
    first_name: account.first_name,
    last_name: account.last_name,
    email_address: account.email_address,
    phone_number: account.phone_number,
    mobile_number: account.mobile_number,
    address_line_one: account.address_line_one,
    address_line_two: account.address_line_two,
    address_city: account.address_city,
    address_county: account.address_county,
    address_post_code: account.address_post_code,
    contact_full_name: person.full_name,
    contact_email_address: person.email_address,
    contact_phone_number: person.phone_number,
    contact_mobile_number: person.mobile_number,
  };
}

/** What PATCH .../accounts/{id}/ is sent for the checked form. */
export function accountBodyOf(form: AccountForm): BillingAccountUpdate {
  const { contact_full_name, contact_email_address, contact_phone_number, contact_mobile_number, ...rest } = form;
  return {
    ...rest,
    authorised_contact: {
      full_name: contact_full_name,
      email_address: contact_email_address,
      phone_number: contact_phone_number,
      mobile_number: contact_mobile_number,
    },
  };
}

/** The server names the contact's fields `authorised_contact.full_name`; the form, `contact_full_name`. */
export function accountServerErrors(error: unknown): FormErrors<AccountField> {
  const serverNames = ACCOUNT_FIELDS.map((field) =>
    field.startsWith('contact_') ? `authorised_contact.${field.slice('contact_'.length)}` : field,
  );
  const { fieldErrors, formError } = serverErrors(error, serverNames);
  const mapped: Partial<Record<AccountField, string>> = {};
  for (const [name, message] of Object.entries(fieldErrors)) {
    const field = (
      name.startsWith('authorised_contact.') ? `contact_${name.slice('authorised_contact.'.length)}` : name
    ) as AccountField;
    if (message) mapped[field] = message;
  }
  return { fieldErrors: mapped, formError };
}

// Direct debit: the four bank fields of the contract.
export type DirectDebitField = 'sort_code' | 'bank_acc_no' | 'payee_account_name' | 'payee_account_type';

export const directDebitFieldIds: Record<DirectDebitField, string> = {
  sort_code: 'dd-sort-code',
  bank_acc_no: 'dd-account-number',
  payee_account_name: 'dd-account-name',
  payee_account_type: 'dd-account-type',
};

export const DirectDebitForm = DirectDebitRequest;

export function directDebitValuesOf(settings: DirectDebitSettings): Record<DirectDebitField, string> {
  return {
    sort_code: settings.sort_code,
    bank_acc_no: settings.bank_acc_no,
    payee_account_name: settings.payee_account_name || settings.business_name,
    payee_account_type: settings.payee_account_type ?? 'business',
  };
}

/**
 * The refused update's `extra_data` (spec 001 section 3): it overwrites the matching fields, the
 * form's and the mandate's status shown beside it.
 */
export function withExtraData<T extends Record<string, unknown>>(current: T, error: unknown): T {
  const data = (error as { data?: unknown } | null)?.data;
  const extra = data !== null && typeof data === 'object' ? (data as { extra_data?: unknown }).extra_data : undefined;
  if (extra === null || typeof extra !== 'object') return current;
  const next: Record<string, unknown> = { ...current };
  for (const [name, value] of Object.entries(extra)) if (name in current && value !== undefined) next[name] = value;
  return next as T;
}
