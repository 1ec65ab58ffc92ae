import * as z from 'zod/mini';

import { displayDate, displayPhone, displayPrice, isUkPhoneNumber } from '@portal/editor-core';

import { isIsoDate, isoDate } from './dates.ts';
import { endpoint } from './endpoint.ts';
import { idNumber } from './ids.ts';
import { storableName } from './text.ts';
import { upgradePrices } from './upgrade.ts';

/**
 * Phone setup's holiday schedule and temporary divert, the forwardings, and the account add-ons
 * (spec 001 sections 3, 4, 7, 9). The spec names the calls and the fields; our design beyond it:
 *
 * - A holiday schedule entry has an id; a reversed range, or one that shares a day with another
 *   entry, is refused with a message naming the clash. UK bank holidays for the next 12 months
 *   come from a data set the server ships (GOV.UK's bank-holidays.json).
 * - The temporary divert is a UK number (the UK-number tool's rule) or false; its number is
 *   stored in national form (0 and ten digits).
 * - Forwardings: each product has one per forwardType (NA, ALWAYS, BUSY, NO_ANSWER, UNREACHABLE).
 *   The list and its editing are the advanced call forward, off by default (spec 000 section 9's
 *   baked flag; PORTAL_ADVANCED_CALL_FORWARD turns it on).
 * - Site add-ons come from a catalogue (SITE_ADD_ONS); the international calling tariffs are
 *   site add-ons of their own group, one at a time.
 */

/** Messages of these screens and calls. */
export const phoneSetupMessages = {
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  reversed: 'The end date must be on or after the start date',
  tooLong: 'A holiday can last at most 366 days',
  holidayNotFound: 'That holiday is not in your schedule',
  divertInvalid: 'Enter a UK phone number to divert to, like 01632 960123 or 07700 900123',
  divertOwnNumber: "Calls can't be diverted to one of this phone system's own numbers",
  forwardingNotFound: 'That forwarding does not exist',
  forwardingNotEditable: 'This forwarding cannot be changed',
  advancedCallForwardOff: 'Advanced call forwarding is not available',
  addOnUnknown: 'That add-on is not available for your phone system',
  addOnNotSwitchable: 'That add-on is changed from its own page',
  crmNotEligible: 'Your phone system already has the CRM integration',
  tariffUnknown: 'Choose one of the international calling tariffs',
  kycNeeded:
    'International calling needs the identity checks on your account first. Call us and we will finish them with you.',
  regionUnknown: 'Choose England and Wales, Scotland or Northern Ireland',
} as const;

/** A holiday's date as shown, DD MMM YYYY (spec 001 section 3): the portal's one date rule. @example holidayDate('2026-12-25') // '25 Dec 2026' */
export const holidayDate = displayDate;

/** The message refusing a holiday that shares days with `clash`. */
export function holidayClashMessage(clash: { start_date: string; end_date: string }): string {
  const range =
    clash.start_date === clash.end_date
      ? holidayDate(clash.start_date)
      : `${holidayDate(clash.start_date)} to ${holidayDate(clash.end_date)}`;
  return `These dates overlap your holiday on ${range}`;
}

const IsoDate = isoDate(phoneSetupMessages.dateInvalid);

/** Days in a range, start and end inclusive. */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A holiday range: the end not before the start, at most 366 days. */
export const HolidayInput = z
  .object({
    start_date: IsoDate,
    end_date: IsoDate,
    name: z.optional(z.string().check(z.trim(), z.maxLength(80, 'Use 80 characters or fewer'), storableName())),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (!isIsoDate(value.start_date) || !isIsoDate(value.end_date)) return;
      if (value.end_date < value.start_date)
        ctx.addIssue({ code: 'custom', message: phoneSetupMessages.reversed, path: ['end_date'] });
      else if (daysInRange(value.start_date, value.end_date) > 366)
        ctx.addIssue({ code: 'custom', message: phoneSetupMessages.tooLong, path: ['end_date'] });
    }),
  );
export type HolidayInput = z.infer<typeof HolidayInput>;

/** The first entry of `entries` sharing a day with the range (ignoring the entry `exceptId`), or undefined. */
export function holidayClash<T extends { id: number; start_date: string; end_date: string }>(
  range: { start_date: string; end_date: string },
  entries: readonly T[],
  exceptId?: number,
): T | undefined {
  return entries.find(
    (entry) => entry.id !== exceptId && entry.start_date <= range.end_date && range.start_date <= entry.end_date,
  );
}

export const Holiday = z.object({
  id: z.int(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});
export type Holiday = z.infer<typeof Holiday>;

/** The nations whose bank holidays are offered (GOV.UK's divisions). */
export const BANK_HOLIDAY_REGIONS = [
  { id: 'england-and-wales', label: 'England and Wales' },
  { id: 'scotland', label: 'Scotland' },
  { id: 'northern-ireland', label: 'Northern Ireland' },
] as const;
export const BankHolidayRegion = z.enum(['england-and-wales', 'scotland', 'northern-ireland'], {
  error: phoneSetupMessages.regionUnknown,
});
export type BankHolidayRegion = z.infer<typeof BankHolidayRegion>;

export const BankHolidays = z.object({
  /** The nation the customer chose, null until they choose. */
  region: z.nullable(BankHolidayRegion),
  /** The chosen nation's bank holidays from today for 12 months (empty before a choice). */
  holidays: z.array(z.object({ date: z.string(), title: z.string(), in_schedule: z.boolean() })),
});
export type BankHolidays = z.infer<typeof BankHolidays>;

/** The divert destination in its national form, or null. */
function divertNumber(value: string): string | null {
  const compact = value.replace(/[\s()-]/g, '');
  if (!isUkPhoneNumber(compact)) return null;
  return compact.replace(/^(?:0044|\+44|44)/, '0');
}

export const DivertInput = z.object({
  destination: z.pipe(
    z.string({ error: phoneSetupMessages.divertInvalid }).check(
      z.maxLength(30, phoneSetupMessages.divertInvalid),
      z.refine((value) => divertNumber(value) !== null, phoneSetupMessages.divertInvalid),
    ),
    z.transform((value: string) => divertNumber(value) ?? value),
  ),
});

/** The temporary call divert: a number, or false when none (spec 001 section 3). */
export const Divert = z.object({ destination: z.union([z.string(), z.literal(false)]) });
export type Divert = z.infer<typeof Divert>;

/** A divert destination as shown: the portal's one phone number rule (editor-core displayPhone). @example phoneDisplay('01632960123') // '+441632960123' */
export const phoneDisplay = displayPhone;

export const FORWARD_TYPES = ['NA', 'ALWAYS', 'BUSY', 'NO_ANSWER', 'UNREACHABLE'] as const;
export const ForwardType = z.enum(FORWARD_TYPES, { error: `forwardType is one of ${FORWARD_TYPES.join(', ')}` });
export const FORWARD_TYPE_LABELS: Record<(typeof FORWARD_TYPES)[number], string> = {
  NA: 'Not set (calls ring as usual)',
  ALWAYS: 'Always',
  BUSY: 'When busy',
  NO_ANSWER: 'When not answered',
  UNREACHABLE: 'When unreachable',
};

export const Forwarding = z.object({
  id: z.int(),
  forwardType: ForwardType,
  destination: z.nullable(z.string()),
  activated: z.boolean(),
  isEditable: z.boolean(),
});
export type Forwarding = z.infer<typeof Forwarding>;

/** The current forwarding (spec 001 section 3): the one activated, of type NA and editable. */
export function currentForwarding<T extends Pick<Forwarding, 'activated' | 'forwardType' | 'isEditable'>>(
  list: readonly T[],
): T | undefined {
  return list.find((f) => f.activated && f.forwardType === 'NA' && f.isEditable);
}

export const PutForwarding = z.strictObject({
  activated: z.optional(z.boolean({ error: 'activated is true or false' })),
  destination: z.optional(
    z.nullable(
      z.pipe(
        z.string().check(
          z.maxLength(30, phoneSetupMessages.divertInvalid),
          z.refine((value) => value === '' || divertNumber(value) !== null, phoneSetupMessages.divertInvalid),
        ),
        z.transform((value: string) => (value === '' ? null : divertNumber(value))),
      ),
    ),
  ),
});

export const Forwardings = z.object({
  /** Whether the advanced call forward is on (the list and its editing); spec 000 section 9's baked flag, off by default. */
  advanced_call_forward: z.boolean(),
  results: z.array(Forwarding),
});

/** Classes of an add-on label by words in its name (spec 001 section 9). */
export type AddOnClass = 'recording' | 'fraud' | 'crm' | 'other';
/** @example addOnClass('Call recording 3yr storage') // 'recording' */
export function addOnClass(name: string): AddOnClass {
  const words = name.toLowerCase();
  if (/record/.test(words)) return 'recording';
  if (/fraud/.test(words)) return 'fraud';
  if (/\bcrm\b/.test(words)) return 'crm';
  return 'other';
}

/** Site add-on groups: switchable (on and off here), crm (by the upgrade), international (one tariff at a time). */
export type SiteAddOnGroup = 'switchable' | 'crm' | 'international';

/** The site add-on catalogue (the spec gives no values: ours, prices per month before VAT). */
export const SITE_ADD_ONS = [
  {
    id: 501,
    name: 'Call recording for the whole site',
    group: 'switchable',
    standard_price: '10.00',
    description: 'Records every call on every line, kept 90 days',
  },
  {
    id: 502,
    name: 'Fraud guard',
    group: 'switchable',
    standard_price: '2.00',
    description: 'Stops calls to premium and high-risk destinations',
  },
  {
    id: 503,
    name: 'Call whisper',
    group: 'switchable',
    standard_price: '3.00',
    description: 'Tells whoever answers which number the caller dialled',
  },
  {
    id: 504,
    name: 'UC CRM Connect',
    group: 'crm',
    standard_price: '6.00',
    description: 'Shows the caller’s record from your CRM as the phone rings',
  },
  {
    id: 511,
    name: 'ULTD INTL Saver',
    group: 'international',
    standard_price: '15.00',
    description: 'Unlimited calls to landlines in 50 countries',
  },
  {
    id: 512,
    name: 'INTL Saver 500m',
    group: 'international',
    standard_price: '5.00',
    description: '500 minutes a month to landlines in 50 countries',
  },
  {
    id: 513,
    name: 'INTL Saver 1000m',
    group: 'international',
    standard_price: '8.00',
    description: '1000 minutes a month to landlines in 50 countries',
  },
] as const satisfies ReadonlyArray<{
  id: number;
  name: string;
  group: SiteAddOnGroup;
  standard_price: string;
  description: string;
}>;

/** The international tariffs in the spec's order (section 9). */
export const INTERNATIONAL_TARIFF_ORDER = ['ULTD INTL Saver', 'INTL Saver 500m', 'INTL Saver 1000m'] as const;

/** A price with VAT as the screens show it, by the one price rule. @example priceWithVat('5.00') // '£6.00' */
export function priceWithVat(standardPrice: string): string {
  return displayPrice(upgradePrices(standardPrice).total);
}

export const SiteAddOn = z.object({
  addon_id: z.int(),
  display_name: z.string(),
  description: z.string(),
  group: z.enum(['switchable', 'crm', 'international']),
  standard_price: z.string(),
  /** Classed by the words in the name (spec 001 section 9). */
  label: z.enum(['recording', 'fraud', 'crm', 'other']),
  enabled: z.boolean(),
  quantity: z.int(),
});
export type SiteAddOn = z.infer<typeof SiteAddOn>;

export const SiteAddOns = z.object({ results: z.array(SiteAddOn) });

export const PatchSiteAddOn = z.object({
  addon_id: z.int({ error: phoneSetupMessages.addOnUnknown }),
  enabled: z.boolean({ error: 'enabled is true or false' }),
});

/** An international calling tariff: its monthly price before VAT and with VAT (20%), in pounds with 2 decimals. */
export const InternationalTariff = z.object({
  id: z.int(),
  name: z.string(),
  standard_price: z.string(),
  price_with_vat: z.string(),
  description: z.string(),
});
export type InternationalTariff = z.infer<typeof InternationalTariff>;
export const InternationalCalling = z.object({
  /** The current tariff, null when none. */
  tariff: z.nullable(InternationalTariff),
  /** Whether the account passed the identity (know-your-customer) checks international calling needs. */
  kyc_passed: z.boolean(),
});
export type InternationalCalling = z.infer<typeof InternationalCalling>;

const ProductParams = z.object({ id: idNumber('Unknown product') });
const HolidayParams = z.extend(ProductParams, {
  scheduleId: idNumber(phoneSetupMessages.holidayNotFound, phoneSetupMessages.holidayNotFound),
});
const holidays = '/api/v1/voip/:id/holiday-schedule';
const forwardings = '/api/v1/products/:id/configuration/forwardings';
const addOns = '/api/v1/voip/:id/add-ons';
const international = '/api/v1/voip/:id/tariff/international-calling';

export const phoneSetupEndpoints = {
  listHolidays: endpoint({
    method: 'GET',
    path: `${holidays}/`,
    summary: 'The holiday schedule, by start date',
    auth: true,
    params: ProductParams,
    response: z.object({ results: z.array(Holiday) }),
  }),
  addHoliday: endpoint({
    method: 'POST',
    path: `${holidays}/`,
    summary: 'Adds a holiday; a reversed or overlapping range is refused (400)',
    auth: true,
    params: ProductParams,
    body: HolidayInput,
    response: Holiday,
    status: 201,
  }),
  patchHoliday: endpoint({
    method: 'PATCH',
    path: `${holidays}/:scheduleId/`,
    summary: 'Changes a holiday; a reversed or overlapping range is refused (400)',
    auth: true,
    params: HolidayParams,
    body: HolidayInput,
    response: Holiday,
  }),
  deleteHoliday: endpoint({
    method: 'DELETE',
    path: `${holidays}/:scheduleId/`,
    summary: 'Removes a holiday',
    auth: true,
    params: HolidayParams,
    response: z.object({}),
  }),
  getBankHolidays: endpoint({
    method: 'GET',
    path: `${holidays}/bank-holidays/`,
    summary: "The chosen nation's bank holidays for the next 12 months",
    auth: true,
    params: ProductParams,
    response: BankHolidays,
  }),
  addBankHolidays: endpoint({
    method: 'POST',
    path: `${holidays}/bank-holidays/`,
    summary:
      'Chooses the nation and adds its bank holidays for the next 12 months that the schedule does not cover yet',
    auth: true,
    params: ProductParams,
    body: z.object({ region: BankHolidayRegion, add: z._default(z.boolean(), true) }),
    response: z.extend(BankHolidays, { added: z.int() }),
  }),
  getDivert: endpoint({
    method: 'GET',
    path: `${forwardings}/temporary-call-divert/`,
    summary: 'The temporary divert: a number or false',
    auth: true,
    params: ProductParams,
    response: z.object({ results: Divert }),
  }),
  setDivert: endpoint({
    method: 'POST',
    path: `${forwardings}/temporary-call-divert/`,
    summary: 'Diverts every call to a UK number',
    auth: true,
    params: ProductParams,
    body: DivertInput,
    response: z.object({ results: Divert }),
  }),
  removeDivert: endpoint({
    method: 'DELETE',
    path: `${forwardings}/temporary-call-divert/`,
    summary: 'Ends the divert (destination false)',
    auth: true,
    params: ProductParams,
    response: z.object({ results: Divert }),
  }),
  listForwardings: endpoint({
    method: 'GET',
    path: `${forwardings}/`,
    summary: 'The forwardings, one per forwardType',
    auth: true,
    params: ProductParams,
    response: Forwardings,
  }),
  putForwarding: endpoint({
    method: 'PUT',
    path: `${forwardings}/:forwardingID/`,
    summary: 'Changes a forwarding (advanced call forward only; 403 while off)',
    auth: true,
    params: z.extend(ProductParams, {
      forwardingID: idNumber(phoneSetupMessages.forwardingNotFound, phoneSetupMessages.forwardingNotFound),
    }),
    body: PutForwarding,
    response: z.object({ results: Forwarding }),
  }),
  listSiteAddOns: endpoint({
    method: 'GET',
    path: `${addOns}/`,
    summary: "The site's add-ons, each enabled or not",
    auth: true,
    params: ProductParams,
    response: SiteAddOns,
  }),
  patchSiteAddOn: endpoint({
    method: 'PATCH',
    path: `${addOns}/`,
    summary: 'Turns a switchable add-on on or off',
    auth: true,
    params: ProductParams,
    body: PatchSiteAddOn,
    response: SiteAddOns,
  }),
  getAddOnUpgradeEligibility: endpoint({
    method: 'GET',
    path: `${addOns}/upgrade/eligibility/`,
    summary: 'Whether the CRM integration upgrade is open to the site',
    auth: true,
    params: ProductParams,
    response: z.object({ crm_integration: z.boolean() }),
  }),
  upgradeAddOns: endpoint({
    method: 'POST',
    path: `${addOns}/upgrade/`,
    summary: 'Adds the CRM integration add-on',
    auth: true,
    params: ProductParams,
    response: SiteAddOns,
  }),
  listInternationalTariffs: endpoint({
    method: 'GET',
    path: `${international}/available/`,
    summary: 'The international calling tariffs, in the spec order',
    auth: true,
    params: ProductParams,
    response: z.object({ results: z.array(InternationalTariff) }),
  }),
  getInternationalCalling: endpoint({
    method: 'GET',
    path: `${international}/`,
    summary: 'The current international tariff and kyc_passed',
    auth: true,
    params: ProductParams,
    response: InternationalCalling,
  }),
  setInternationalCalling: endpoint({
    method: 'POST',
    path: `${international}/`,
    summary: 'Chooses an international tariff (the site add-ons change with it)',
    auth: true,
    params: ProductParams,
    body: z.object({
      tariff_id: z.int({ error: phoneSetupMessages.tariffUnknown }),
    }),
    response: z.extend(InternationalCalling, { addons: z.array(SiteAddOn) }),
  }),
};
