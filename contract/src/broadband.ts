// zod/mini, like the other contracts a page loads: the broadband pages load these on demand.
import * as z from 'zod/mini';

import { MobileNumber } from './account.ts';
import { UkPostcode } from './address.ts';
import { Email } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { idInteger } from './ids.ts';
import { fullNameMessages, OptionalUkPhone, splitFullName } from './profile.ts';
import { storableName } from './text.ts';

/**
 * Broadband availability and sign-up (spec 000 section 2; spec 001 sections 2, 3 "Broadband",
 * 4, 7 "Broadband" and 9). The spec names the calls, the address fields, network_1 and
 * network_2 per broadband type, the tariff groups (fttp 'Full Fibre', other 'Standard'), the
 * business details and their 24 hours in browser storage. Everything else is our design:
 *
 * - Two broadband types: `fttp` (Full Fibre, fibre to the premises) and `fttc` (Standard,
 *   fibre to the cabinet). Each address answers, per type, whether network_1 and network_2
 *   offer it and the fastest speeds there (null when neither does).
 * - Tariffs come from the provider's catalogue, offered for the types and networks available
 *   at the address; tariff-availability takes the same query as availability.
 * - A telco lead is created by a visitor (no session): the address, the tariff and the
 *   business details. A `request_id` the page makes once per sign-up makes a double submit
 *   create one lead. The answer carries a `lead_token`, the visitor's proof for approving it.
 * - Approving a lead books the installation appointment: the first weekday at least
 *   INSTALLATION_LEAD_DAYS days ahead, 08:00-13:00. When the lead's e-mail address is a
 *   customer's, the appointment is an APPOINTMENT order on that customer's account (the
 *   notification centre shows it); either way the answer carries the date and window.
 * - Business details: name, business name, e-mail and mobile required; phone optional (a UK
 *   number when given); current provider chosen from CURRENT_PROVIDERS.
 */

/** Fibre to the premises ('Full Fibre') and fibre to the cabinet ('Standard'). */
export const BroadbandType = z.enum(['fttp', 'fttc']);
export type BroadbandType = z.infer<typeof BroadbandType>;

/** The networks the provider sells broadband over. */
export const BroadbandNetwork = z.enum(['network_1', 'network_2']);
export type BroadbandNetwork = z.infer<typeof BroadbandNetwork>;

/**
 * The heading of a tariff group (spec 001 section 9).
 * @example broadbandTypeHeading('fttp') // 'Full Fibre'
 */
export const broadbandTypeHeading = (type: string): string => (type === 'fttp' ? 'Full Fibre' : 'Standard');

/** Days from approval to the earliest installation (the appointment is the first weekday from then). */
export const INSTALLATION_LEAD_DAYS = 10;
/** The window of every installation appointment. */
export const INSTALLATION_WINDOW = '08:00-13:00';
/** The appointment_type of the order an approved lead books. */
export const INSTALLATION_APPOINTMENT_TYPE = 'Broadband installation';
/** How long business details stay in browser storage (spec 001 section 9: 24 hours). */
export const BUSINESS_DETAILS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Whom a business gets its broadband from today; the form's choices. */
export const CURRENT_PROVIDERS = [
  'None',
  'BT',
  'Sky',
  'Virgin Media',
  'TalkTalk',
  'Vodafone',
  'Plusnet',
  'EE',
  'Other',
] as const;

export const broadbandMessages = {
  addressRefInvalid: 'Choose an address from the search results',
  cssCodeInvalid: 'Choose an address from the search results',
  unknownAddress: 'We could not find that address. Search for your postcode again.',
  noResults: (postcode: string) => `${postcode} returned no addresses we can check, please try another postcode`,
  tariffRequired: 'Choose a tariff',
  tariffUnavailable: 'That tariff is not available at this address. Choose another.',
  nameRequired: 'Enter your name',
  businessNameRequired: 'Enter your business name',
  tooLong: (label: string) => `${label} must be ${BUSINESS_TEXT_MAX_LENGTH} characters or fewer`,
  providerRequired: 'Choose your current provider',
  requestIdInvalid: 'Reload the page and try again',
  leadNotFound: 'We could not find your sign-up. Please start again.',
  checkerUnavailable: 'We cannot check broadband availability at the moment. Please try again in a few minutes.',
} as const;

/** Longest name or business name, in characters. */
export const BUSINESS_TEXT_MAX_LENGTH = 100;

/** An address reference of the broadband address data: letters, digits and dashes. */
const AddressRef = z
  .string({ error: broadbandMessages.addressRefInvalid })
  .check(z.trim(), z.regex(/^[A-Za-z0-9-]{1,40}$/, broadbandMessages.addressRefInvalid));
/** The css database code an address is held in: letters and digits. */
const CssDatabaseCode = z
  .string({ error: broadbandMessages.cssCodeInvalid })
  .check(z.trim(), z.regex(/^[A-Za-z0-9]{1,10}$/, broadbandMessages.cssCodeInvalid));

/** One address of the broadband address search (spec 001 section 3). */
export const BroadbandAddress = z.object({
  addressReference: z.nullable(z.string()),
  cssDatabaseCode: z.nullable(z.string()),
  premisesName: z.string(),
  subPremises: z.string(),
  thoroughfareNumber: z.string(),
  thoroughfareName: z.string(),
  postTown: z.string(),
  county: z.string(),
  postcode: z.string(),
});
export type BroadbandAddress = z.infer<typeof BroadbandAddress>;

/**
 * An address on one line: sub-premises, premises, number and street, town, postcode.
 * @example broadbandAddressLine({ subPremises: 'Unit 4', premisesName: 'Canal Wharf', thoroughfareNumber: '', thoroughfareName: 'Water Lane', postTown: 'Leeds', postcode: 'LS11 5PZ', ... }) // 'Unit 4, Canal Wharf, Water Lane, Leeds, LS11 5PZ'
 */
export function broadbandAddressLine(
  a: Pick<
    BroadbandAddress,
    'subPremises' | 'premisesName' | 'thoroughfareNumber' | 'thoroughfareName' | 'postTown' | 'postcode'
  >,
): string {
  const street = [a.thoroughfareNumber, a.thoroughfareName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return [a.subPremises, a.premisesName, street, a.postTown, a.postcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** Whether an address can be checked: it has both an address reference and a css database code (spec 001 section 4). */
export const isCheckableAddress = (a: Pick<BroadbandAddress, 'addressReference' | 'cssDatabaseCode'>): boolean =>
  Boolean(a.addressReference?.trim()) && Boolean(a.cssDatabaseCode?.trim());

export const AddressSearchQuery = z.object({
  postcode: UkPostcode,
  /** 'true': only addresses with both an address reference and a css database code. */
  ref_not_empty: z.optional(z.enum(['true', 'false'], { error: 'ref_not_empty must be true or false' })),
});
export type AddressSearchQuery = z.input<typeof AddressSearchQuery>;
export const AddressSearch = z.object({ results: z.array(BroadbandAddress) });
export type AddressSearch = z.infer<typeof AddressSearch>;

/** The address whose availability (or tariffs) is asked for. */
export const AvailabilityQuery = z.object({
  address_ref: AddressRef,
  postcode: UkPostcode,
  css_database_code: CssDatabaseCode,
});
export type AvailabilityQuery = z.input<typeof AvailabilityQuery>;

/** One broadband type at an address: which networks offer it and the fastest speeds there. */
export const TypeAvailability = z.object({
  broadband_type: BroadbandType,
  network_1: z.boolean(),
  network_2: z.boolean(),
  /** Fastest download over the networks that offer it, in Mbps; null when none does. */
  download_mbps: z.nullable(z.int()),
  upload_mbps: z.nullable(z.int()),
});
export type TypeAvailability = z.infer<typeof TypeAvailability>;

export const Availability = z.object({
  address: BroadbandAddress,
  /** One entry per broadband type, fttp first. */
  availability: z.array(TypeAvailability),
});
export type Availability = z.infer<typeof Availability>;

/** A broadband tariff: what it costs and the service it gives. */
export const BroadbandTariff = z.object({
  id: z.string(),
  name: z.string(),
  broadband_type: BroadbandType,
  network: BroadbandNetwork,
  service: z.object({ name: z.string(), download_mbps: z.int(), upload_mbps: z.int() }),
  /** Pounds a month before VAT, 2 decimals. */
  monthly_price: z.string(),
  /** One-off set-up charge in pounds before VAT, 2 decimals. */
  setup_fee: z.string(),
  contract_length_months: z.int(),
});
export type BroadbandTariff = z.infer<typeof BroadbandTariff>;

/** The tariffs available at an address, by broadband type (spec 001 section 3: grouped fttp and fttc). */
export const TariffAvailability = z.object({ fttp: z.array(BroadbandTariff), fttc: z.array(BroadbandTariff) });
export type TariffAvailability = z.infer<typeof TariffAvailability>;

const requiredText = (required: string, label: string) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required, abort: true }),
      z.maxLength(BUSINESS_TEXT_MAX_LENGTH, broadbandMessages.tooLong(label)),
      storableName(),
    );

/** The business details of a sign-up (spec 001 section 3), as the form sends them. */
export const BusinessDetails = z.object({
  // A full name is two words or more (spec 000 section 5): the installer asks for the person by it.
  name: requiredText(broadbandMessages.nameRequired, 'Name').check(
    z.refine((value) => splitFullName(value) !== null, fullNameMessages.twoWords),
  ),
  business_name: requiredText(broadbandMessages.businessNameRequired, 'Business name'),
  email_address: Email,
  mobile_number: MobileNumber,
  phone_number: z._default(OptionalUkPhone, ''),
  current_provider: z.enum(CURRENT_PROVIDERS, { error: broadbandMessages.providerRequired }),
});
export type BusinessDetailsInput = z.input<typeof BusinessDetails>;
export type BusinessDetails = z.output<typeof BusinessDetails>;

export const CreateTelcoLeadRequest = z.object({
  /** Made once per sign-up by the page (a UUID): the same id again answers the lead it made. */
  request_id: z
    .string({ error: broadbandMessages.requestIdInvalid })
    .check(z.regex(/^[A-Za-z0-9-]{16,64}$/, broadbandMessages.requestIdInvalid)),
  address_ref: AddressRef,
  css_database_code: CssDatabaseCode,
  postcode: UkPostcode,
  tariff_id: z
    .string({ error: broadbandMessages.tariffRequired })
    .check(z.trim(), z.regex(/^[a-z0-9-]{1,40}$/, broadbandMessages.tariffRequired)),
  business_details: BusinessDetails,
});
export type CreateTelcoLeadRequest = z.input<typeof CreateTelcoLeadRequest>;

export const ApproveTelcoLeadRequest = z.object({
  lead_id: idInteger(broadbandMessages.leadNotFound),
  lead_token: z
    .string({ error: broadbandMessages.leadNotFound })
    .check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, broadbandMessages.leadNotFound)),
});
export type ApproveTelcoLeadRequest = z.input<typeof ApproveTelcoLeadRequest>;

export const TelcoLeadStatus = z.enum(['CREATED', 'APPROVED']);

/** The installation an approved lead booked. */
export const InstallationAppointment = z.object({
  /** YYYY-MM-DD. */
  appointment_date: z.string(),
  appointment_window: z.string(),
  /** The order's reference, as the notification centre shows it. */
  order_id: z.string(),
});
export type InstallationAppointment = z.infer<typeof InstallationAppointment>;

/** Days the set-password link e-mailed with an account made at a broadband sign-up works. */
export const SET_PASSWORD_LINK_DAYS = 7;

/** A telco lead as its visitor sees it. */
export const TelcoLead = z.object({
  /**
   * How the visitor reaches the appointment once approved: an account made for them ('created',
   * a link to set its password e-mailed) or their own ('existing'); null before approval.
   */
  account: z.nullable(z.enum(['created', 'existing'])),
  id: z.int(),
  status: TelcoLeadStatus,
  /** Proof for approving the lead; only its visitor has it. */
  lead_token: z.string(),
  address_line: z.string(),
  postcode: z.string(),
  tariff: BroadbandTariff,
  business_details: z.object({
    name: z.string(),
    business_name: z.string(),
    email_address: z.string(),
    mobile_number: z.string(),
    phone_number: z.string(),
    current_provider: z.string(),
  }),
  /** Set once approved. */
  appointment: z.nullable(InstallationAppointment),
});
export type TelcoLead = z.infer<typeof TelcoLead>;

export const broadbandEndpoints = {
  broadbandAddressSearch: endpoint({
    answers: ['askingChecker'],
    method: 'GET',
    path: '/broadband/api/v1/address-search/',
    summary:
      'Addresses at a postcode from the broadband address data (ref_not_empty=true: only those that can be checked)',
    auth: false,
    query: AddressSearchQuery,
    response: AddressSearch,
  }),
  broadbandAvailability: endpoint({
    answers: ['askingChecker'],
    method: 'GET',
    path: '/broadband/api/v1/availability/',
    summary: 'Broadband available at an address, per broadband type and network',
    auth: false,
    query: AvailabilityQuery,
    response: Availability,
  }),
  broadbandTariffAvailability: endpoint({
    answers: ['askingChecker'],
    method: 'GET',
    path: '/broadband/api/v1/tariff-availability/',
    summary: 'Broadband tariffs available at an address, grouped fttp and fttc',
    auth: false,
    query: AvailabilityQuery,
    response: TariffAvailability,
  }),
  createTelcoLead: endpoint({
    answers: ['askingChecker'],
    method: 'POST',
    path: '/api/v3/signup/create-telco-lead/',
    summary:
      'Records a broadband sign-up (address, tariff, business details); the same request_id answers the same lead',
    auth: false,
    body: CreateTelcoLeadRequest,
    response: TelcoLead,
    status: 201,
  }),
  approveTelcoLead: endpoint({
    method: 'POST',
    path: '/api/v3/signup/approve-telco-lead/',
    summary:
      "Approves a broadband sign-up and books its installation (an appointment order on the customer's account when the e-mail is theirs)",
    auth: false,
    body: ApproveTelcoLeadRequest,
    response: TelcoLead,
  }),
};
