// zod/mini, like the other contracts a page loads on demand: only the phone numbers page loads these.
import * as z from 'zod/mini';

import { isIsoDate } from './dates.ts';
import { endpoint } from './endpoint.ts';
import { idInteger, idText } from './ids.ts';

/**
 * Phone numbers of a cloud phone (spec 001 sections 2-5, 7-9; spec 000 sections 3 and 9): the
 * number inventory and its reservation, assigning numbers to seats, and number transfers
 * (port-in). The spec names the calls; where it is silent, these are our decisions:
 *
 * - The site's numbers are GET /api/v1/voip/sites/{id}/numbers/ (call-flows contract), which
 *   also answers each number's id, label and user, so the assign dialog needs no other list.
 * - GET /api/v1/voip/numbers/ is the inventory of numbers free to take, with the area codes it
 *   holds. It needs no sign-in: the sign-up journeys search it too. It answers every match (at
 *   most MAX_NUMBER_RESULTS); which to show (4 gold, 4 silver, all free) is `numbersToShow`.
 * - Reserving takes `number_id` (an inventory id). Signed in, it adds the number to the
 *   customer's own product at once; the sign-up journeys call the same rule with their sign-up
 *   token's product (server/src/modules/numbers/reservation.ts). A number already taken is a
 *   409 saying so: of two people reserving one number at once, one gets it.
 * - PATCH /api/v1/voip/seats/{seatId}/ takes the seat's whole list of direct numbers
 *   (`numbers`, at most MAX_NUMBERS_PER_USER). A number may join a seat only while it is not
 *   assigned ('Not Assigned'): moving one is two calls, the old seat first (spec 001 section 4).
 * - A transfer is one number or a range (`isNumberRange`); the range's end may be a whole number
 *   or its last digits ("0509"), within one block of MAX_TRANSFER_RANGE numbers. The date is at
 *   least TRANSFER_LEAD_DAYS and at most TRANSFER_MAX_DAYS ahead. Refusals answer `{detail,
 *   message}`: the spec's dialog shows the server's message field.
 * - Removing a number (DELETE /api/v1/voip/{product_id}/numbers/{numberId}/, ours) returns it to
 *   the inventory; the pilot number cannot be removed. Adding and removing each leave a
 *   NUMBER_CHANGE notification; a transfer leaves its order and an UNSIGNED letter of authority.
 * - A phone holds only the numbers its users can use: MAX_NUMBERS_PER_USER for each user, plus
 *   SPARE_NUMBERS_PER_PHONE for the main number and one in waiting (`numberCeiling`). Reserving
 *   past it is a 400 saying what to do; at most NUMBER_RESERVATIONS_PER_HOUR reservations a
 *   phone an hour (429). A number reserved here and given to no user for UNUSED_NUMBER_HOLD_DAYS
 *   goes back to the inventory (never the main number), with a NUMBER_CHANGE notification: a
 *   number nobody can ring is not kept from everyone else.
 */

/** Numbers per page of the site's list (spec 001 section 9). */
export const NUMBERS_PER_PAGE = 20;
/** Most numbers one user may have (spec 001 sections 5 and 9). */
export const MAX_NUMBERS_PER_USER = 3;
/** Numbers a phone may hold beyond MAX_NUMBERS_PER_USER for each user: its main number and one more. */
export const SPARE_NUMBERS_PER_PHONE = 2;
/** Most numbers a phone with `seats` users may hold. */
export const numberCeiling = (seats: number): number =>
  Math.max(1, seats) * MAX_NUMBERS_PER_USER + SPARE_NUMBERS_PER_PHONE;
/** Reservations one phone may make an hour. */
export const NUMBER_RESERVATIONS_PER_HOUR = 20;
/** Days a reserved number may go unused (no user, not the main number) before it goes back to the inventory. */
export const UNUSED_NUMBER_HOLD_DAYS = 30;
/** Most results one inventory search answers. */
export const MAX_NUMBER_RESULTS = 200;
/** Most numbers one transfer may move. */
export const MAX_TRANSFER_RANGE = 100;
/** A transfer date is at least this many days ahead (the losing provider's notice)... */
export const TRANSFER_LEAD_DAYS = 7;
/** ...and at most this many. */
export const TRANSFER_MAX_DAYS = 90;
/** What the site's list shows for a number that rings no user directly (spec 001 section 3). */
export const NOT_ASSIGNED = 'Not Assigned';

export const NumberRating = z.enum(['GOLD', 'SILVER', 'FREE']);
export type NumberRating = z.infer<typeof NumberRating>;

/** Ratings, best first: Gold 3 stars £20, Silver 2 stars £3, Free (labelled Included) 1 star £0 (spec 001 section 9). */
export const NUMBER_RATINGS: Record<NumberRating, { label: string; stars: number; price: string }> = {
  GOLD: { label: 'Gold', stars: 3, price: '20.00' },
  SILVER: { label: 'Silver', stars: 2, price: '3.00' },
  FREE: { label: 'Included', stars: 1, price: '0.00' },
};

/**
 * A rating in a sentence, with its article.
 * @example ratedNumberWords('FREE') // 'an Included number'
 * @example ratedNumberWords('GOLD') // 'a Gold number'
 */
export function ratedNumberWords(rating: NumberRating): string {
  const { label } = NUMBER_RATINGS[rating];
  return `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label} number`;
}

/** Up to this many gold and silver numbers show in an unfiltered list; all free ones show. */
export const UNFILTERED_PER_RATING = { wide: 4, small: 1 } as const;

export const numberMessages = {
  noneFound: 'No numbers are free for that search. Try another area code or rating.',
  alreadyTaken: 'Sorry, someone has just taken that number. Choose another one.',
  unknownNumber: 'That number is not in our list of numbers to choose from.',
  chooseNumber: 'Choose a number by its id (number_id).',
  areaCode: 'Enter an area code of 2 to 5 digits starting with 0, like 0113.',
  rating: 'Choose a rating: GOLD, SILVER or FREE.',
  tooManyNumbers: `A user can have at most ${MAX_NUMBERS_PER_USER} numbers.`,
  userFull: `Already has ${MAX_NUMBERS_PER_USER} numbers`,
  numbersList: 'Send numbers as a list of the site\'s numbers, like ["01632960101"].',
  notThisSite: "That number is not one of this phone's numbers.",
  phoneFull: (ceiling: number) =>
    `This phone already has ${ceiling} numbers, as many as its users can use (${MAX_NUMBERS_PER_USER} each, and ${SPARE_NUMBERS_PER_PHONE} more). Add a user, or remove a number you do not use, to take another.`,
  tooManyReservations: 'You have reserved many numbers in the last hour. Wait a while, then try again.',
  assignedElsewhere: 'That number is assigned to another user: take it off that user first.',
  pilotNumber: 'The main number reaches your call flow, so it cannot ring one user or be removed.',
  transferStart: 'Enter the number to transfer: a UK landline or mobile number, like 01632 960500.',
  transferEnd: 'Enter the last number of the range: the whole number, or its last digits.',
  transferRangeOrder: 'The last number of the range must come after the first.',
  transferRangeBlock: `A range must stay within one block of ${MAX_TRANSFER_RANGE} numbers; transfer a longer one in parts.`,
  transferDate: 'Enter the transfer date as YYYY-MM-DD.',
  transferTooSoon: `Choose a transfer date at least ${TRANSFER_LEAD_DAYS} days from today.`,
  transferTooLate: `Choose a transfer date within ${TRANSFER_MAX_DAYS} days from today.`,
  transferAlreadyHere: 'That number is already one of your numbers.',
  transferUnderWay: 'A transfer of that number is already under way.',
  selectionLinkInvalid: 'This number selection link is not valid or has expired.',
  selectionDone: 'You have chosen your number already. Sign in to see it on your phone system.',
} as const;

/**
 * A UK number in national form (0 and ten digits), from what a person typed: spaces and
 * dashes dropped, +44, 0044 or 44 read as 0. Null when it is not a UK landline or mobile number
 * (spec 001 section 5: 1, 2 or 7 and nine further digits).
 * @example nationalNumber('+44 20 7946 0500') // '02079460500'
 */
export function nationalNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  const national = digits.replace(/^(?:\+44|0044|44)/, '0');
  return /^0[127]\d{9}$/.test(national) ? national : null;
}

/**
 * Whether a number transfer is a range (spec 000 section 3): range_end is present and not
 * already contained in range_start.
 * @example isNumberRange('01632960500', '01632960509') // true
 */
export function isNumberRange(rangeStart: string, rangeEnd: string | null): boolean {
  return !!rangeEnd && !rangeStart.includes(rangeEnd);
}

/** A transfer, checked: its first number, its last (null for one number) and how many it moves. */
export interface CheckedTransfer {
  rangeStart: string;
  rangeEnd: string | null;
  count: number;
}

/**
 * The spec's range rule (spec 000 section 3, `isNumberRange`) with ours: a range's end may be
 * a whole number or its last digits, comes after the start and stays within one block of
 * MAX_TRANSFER_RANGE numbers. Answers the transfer or the message of what is wrong.
 * @example checkTransferRange('01632960500', '09') // { rangeStart: '01632960500', rangeEnd: '01632960509', count: 10 }
 */
export function checkTransferRange(
  start: string,
  end: string | null | undefined,
): CheckedTransfer | { problem: string; field: 'range_start' | 'range_end' } {
  const rangeStart = nationalNumber(start);
  if (!rangeStart) return { problem: numberMessages.transferStart, field: 'range_start' };
  const endText = (end ?? '').replace(/[\s-]/g, '');
  if (!isNumberRange(rangeStart, endText || null)) return { rangeStart, rangeEnd: null, count: 1 };
  let rangeEnd: string | null;
  if (/^\d{1,9}$/.test(endText) && endText.length < rangeStart.length)
    rangeEnd = rangeStart.slice(0, rangeStart.length - endText.length) + endText;
  else rangeEnd = nationalNumber(endText);
  if (!rangeEnd) return { problem: numberMessages.transferEnd, field: 'range_end' };
  const count = Number(rangeEnd) - Number(rangeStart) + 1;
  if (count < 2) return { problem: numberMessages.transferRangeOrder, field: 'range_end' };
  const block = (n: string) => Math.floor(Number(n) / MAX_TRANSFER_RANGE);
  if (block(rangeStart) !== block(rangeEnd)) return { problem: numberMessages.transferRangeBlock, field: 'range_end' };
  return { rangeStart, rangeEnd, count };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `date` (YYYY-MM-DD) is a transfer date we accept on `today`; the message of why not, or null. */
export function transferDateProblem(date: string, today: Date): string | null {
  if (!isIsoDate(date)) return numberMessages.transferDate;
  const days = Math.round(
    (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today.toISOString().slice(0, 10)}T00:00:00Z`)) / DAY_MS,
  );
  if (days < TRANSFER_LEAD_DAYS) return numberMessages.transferTooSoon;
  if (days > TRANSFER_MAX_DAYS) return numberMessages.transferTooLate;
  return null;
}

/** The first date a transfer may take place, YYYY-MM-DD. */
export const earliestTransferDate = (today: Date) =>
  new Date(today.getTime() + TRANSFER_LEAD_DAYS * DAY_MS).toISOString().slice(0, 10);

/**
 * Pages of the site's list. The spec rounds length / page size to the nearest whole number,
 * which hides the 21st number of 21; we round up so every number can be reached (docs/decisions/005).
 * @example numberPageCount(21) // 2
 */
export const numberPageCount = (length: number) => Math.max(1, Math.ceil(length / NUMBERS_PER_PAGE));

/**
 * Which inventory numbers a list shows (spec 001 section 9): filtered by rating, all of them;
 * unfiltered, up to 4 gold and 4 silver (1 each on small screens) and all free ones.
 */
export function numbersToShow<T extends { rating: NumberRating }>(
  numbers: readonly T[],
  options: { rating: NumberRating | null; small: boolean },
): T[] {
  if (options.rating) return numbers.filter((n) => n.rating === options.rating);
  const cap = options.small ? UNFILTERED_PER_RATING.small : UNFILTERED_PER_RATING.wide;
  const gold = numbers.filter((n) => n.rating === 'GOLD').slice(0, cap);
  const silver = numbers.filter((n) => n.rating === 'SILVER').slice(0, cap);
  return [...gold, ...silver, ...numbers.filter((n) => n.rating === 'FREE')];
}

/** Whether a user with `count` numbers may take one more; the reason shown when not. */
export const userNumbersProblem = (count: number): string | null =>
  count >= MAX_NUMBERS_PER_USER ? numberMessages.userFull : null;

/** A number of the inventory (spec 001 section 3 "Number (VoIP)"). */
export const AvailableNumber = z.object({
  id: z.int(),
  number: z.string(),
  area_code: z.string(),
  /** The place the area code serves, e.g. Leeds. */
  area: z.string(),
  rating: NumberRating,
  /** Pounds with 2 decimals, one-off. */
  price: z.string(),
  available: z.boolean(),
});
export type AvailableNumber = z.infer<typeof AvailableNumber>;

export const AreaCode = z.object({ area_code: z.string(), area: z.string() });
export type AreaCode = z.infer<typeof AreaCode>;

export const NumberSearchQuery = z.object({
  area_code: z.optional(z.string().check(z.regex(/^0\d{1,4}$/, numberMessages.areaCode))),
  rating: z.optional(z.enum(['GOLD', 'SILVER', 'FREE'], numberMessages.rating)),
});
export type NumberSearchQuery = z.infer<typeof NumberSearchQuery>;

export const NumberSearchResult = z.object({ results: z.array(AvailableNumber), area_codes: z.array(AreaCode) });
export type NumberSearchResult = z.infer<typeof NumberSearchResult>;

export const ReserveNumberRequest = z.object({ number_id: idInteger(numberMessages.chooseNumber) });
export type ReserveNumberRequest = z.infer<typeof ReserveNumberRequest>;

/** A number now on the site. */
export const ReservedNumber = z.object({
  id: z.int(),
  number: z.string(),
  area_code: z.string(),
  rating: NumberRating,
  price: z.string(),
});
export type ReservedNumber = z.infer<typeof ReservedNumber>;

export const PatchSeatRequest = z.object({
  numbers: z
    .array(z.string().check(z.maxLength(20, numberMessages.numbersList)), numberMessages.numbersList)
    .check(z.maxLength(MAX_NUMBERS_PER_USER, numberMessages.tooManyNumbers)),
});
export type PatchSeatRequest = z.infer<typeof PatchSeatRequest>;

/** A seat (user) with its direct numbers. */
export const SeatNumbers = z.object({
  id: z.int(),
  product_id: z.int(),
  name: z.string(),
  extension: z.string(),
  numbers: z.array(z.string()),
});
export type SeatNumbers = z.infer<typeof SeatNumbers>;

export const TransferRequest = z.object({
  range_start: z.string(numberMessages.transferStart).check(z.maxLength(40, numberMessages.transferStart)),
  range_end: z.optional(
    z.nullable(z.string(numberMessages.transferEnd).check(z.maxLength(40, numberMessages.transferEnd))),
  ),
  // Checked by transferDateProblem (the dates' one rule, then the lead time), whose refusals the dialog reads as `message`.
  transfer_date: z
    .string(numberMessages.transferDate)
    .check(z.maxLength(10, numberMessages.transferDate), z.meta({ format: 'date' })),
});
export type TransferRequest = z.infer<typeof TransferRequest>;

/**
 * A transfer refusal: `{detail, message}`, the same words twice (the spec's dialog reads the
 * server's `message` field; every other error of the project is `{detail}` or field arrays).
 */
export const TransferError = z.object({ detail: z.string(), message: z.string() });
export type TransferError = z.infer<typeof TransferError>;

/**
 * The transfer's answer: its order, as the notification centre lists it (contract
 * notifications.ts NumberTransferOrder) less what the dialog does not read; kept apart so this
 * page's chunk shares no code with the bell's.
 */
export const TransferResult = z.object({
  results: z.object({
    id: z.int(),
    kind: z.literal('NUMBER_TRANSFER'),
    status: z.string(),
    order_id: z.string(),
    date_ordered: z.string(),
    number_transfer: z.object({
      range_start: z.string(),
      range_end: z.nullable(z.string()),
      isRange: z.boolean(),
      confirmed_transfer_date: z.nullable(z.string()),
      cloa_status: z.enum(['SIGNED', 'UNSIGNED', 'EXPIRED', 'CANCELLED']),
    }),
  }),
});
export type TransferResult = z.infer<typeof TransferResult>;

const ProductParams = z.object({ product_id: idText('Unknown product') });

/**
 * The scope of a number selection token (spec 000: the number-selection page needs a signed
 * token of this scope): a random key, stored hashed with this purpose, bound to one new
 * customer's cloud phone, that lets its holder choose one number, once, without signing in.
 */
export const NUMBER_SELECTION_SCOPE = 'customer-number-selection';
/** How long a number selection link works, in days. */
export const NUMBER_SELECTION_TTL_DAYS = 14;
const SelectionParams = z.object({
  token: z
    .string()
    .check(z.minLength(1, numberMessages.selectionLinkInvalid), z.maxLength(100, numberMessages.selectionLinkInvalid)),
});

/** What a number selection token opens: whose phone, and whether its number is chosen already. */
export const NumberSelection = z.object({
  scope: z.literal(NUMBER_SELECTION_SCOPE),
  product_id: z.int(),
  business_name: z.string(),
  first_name: z.string(),
  /** True once a number has been chosen with this token (it works once). */
  chosen: z.boolean(),
});
export type NumberSelection = z.infer<typeof NumberSelection>;

export const numberEndpoints = {
  searchNumbers: endpoint({
    method: 'GET',
    path: '/api/v1/voip/numbers/',
    summary: 'Numbers free to take, by area code and rating, with the area codes held',
    auth: false,
    query: NumberSearchQuery,
    response: NumberSearchResult,
  }),
  numberSelection: endpoint({
    method: 'GET',
    path: '/api/v1/signup/number-selection/:token/',
    summary:
      'What a number selection token (scope customer-number-selection) opens; 404 when it is not valid or has expired',
    auth: false,
    params: SelectionParams,
    response: NumberSelection,
  }),
  reserveSelectedNumber: endpoint({
    method: 'POST',
    path: '/api/v1/signup/number-selection/:token/reserve/',
    summary:
      "Takes a number of the inventory for the token's cloud phone (the numbers area's one reservation rule); the token then stops working; 409 when the number is taken or one was chosen already",
    auth: false,
    params: SelectionParams,
    body: ReserveNumberRequest,
    response: ReservedNumber,
    status: 201,
  }),
  reserveNumber: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v1/voip/:product_id/numbers/reserve/',
    summary: "Takes a number of the inventory for the customer's cloud phone; 409 when someone else has it",
    auth: true,
    params: ProductParams,
    body: ReserveNumberRequest,
    response: ReservedNumber,
    status: 201,
  }),
  removeNumber: endpoint({
    method: 'DELETE',
    path: '/api/v1/voip/:product_id/numbers/:number_id/',
    summary: 'Gives a number of the cloud phone back (not the main number)',
    auth: true,
    params: z.object({ product_id: idText('Unknown product'), number_id: idText('Unknown number') }),
    response: z.object({ number: z.string() }),
  }),
  patchSeat: endpoint({
    method: 'PATCH',
    path: '/api/v1/voip/seats/:seatId/',
    summary: "Sets a seat's direct numbers (at most 3; a number joins only while not assigned)",
    auth: true,
    params: z.object({ seatId: idText('Unknown seat') }),
    body: PatchSeatRequest,
    response: SeatNumbers,
  }),
  transferNumbers: endpoint({
    method: 'POST',
    path: '/api/v3/voip/:product_id/numbers/transfer/',
    summary: 'Starts the transfer (port-in) of a number or a range; answers its order',
    auth: true,
    params: ProductParams,
    body: TransferRequest,
    response: TransferResult,
    status: 201,
  }),
};
