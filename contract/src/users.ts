// zod/mini, like the other contracts a page loads: the users-and-devices pages load these on demand.
import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';
import { idInteger, idText } from './ids.ts';
import { PinWithConfirmation } from './pin.ts';
import { storableName } from './text.ts';

/**
 * Users and devices (spec 001 sections 2, 3 "Seat/user" and "Add-on", 4 "Add-on selection" and
 * "Locked-user banner", 5, 7 "Users, seats and add-ons", 9): a cloud phone's seats, their
 * PIN, invite e-mail and add-ons. The spec names the calls and the fields; our decisions:
 *
 * - A seat is one user of the phone (the spec uses both words): its id is the user id.
 * - Adding a user buys one more seat at SEAT_PRICE a month before VAT (the spec shows no price);
 *   the new user gets the next free extension from 200 up.
 * - Resetting a user's PIN also unlocks them: a user is locked out after too many wrong PINs,
 *   and a new PIN is how they get back in (the locked-user banner and status card say so).
 * - The add-on catalogue (tariff version 3) is in ADD_ONS below with our prices; a user has at
 *   most one add-on per group; a change never goes to a lower group_rank, and never to an
 *   always-disabled one ('Call us to upgrade').
 */

const ProductParams = z.object({ productId: idText('Unknown product') });
const SeatParams = z.object({ productId: idText('Unknown product'), userId: idText('Unknown user') });
const UserParams = z.object({ userId: idText('Unknown user') });
const ProductIdParams = z.object({ id: idText('Unknown product') });

/** A seat's extension when no number is assigned (spec 001 section 3). */
export const NOT_ASSIGNED_EXTENSION = 'Not Assigned';

/** The service plan every seat of a voip2 cloud phone is on (the spec names the field, not its values). */
export const SEAT_SERVICE_PLAN = 'Cloud phone user';
/** A seat's monthly price before VAT, as the add-user dialog shows it before confirming. */
export const SEAT_PRICE = '12.00';
/** VAT (spec 000 section 9: 20%, factor 1.2); the same rate as upgrade.ts's, not imported so these pages need not load that module. */
const VAT_RATE = 0.2;

/** A monthly price with its VAT, in pounds with 2 decimals. @example withVat('4.00') // { price: '4.00', vat: '0.80', total: '4.80' } */
function withVat(monthlyPrice: string): { price: string; vat: string; total: string } {
  const pence = Math.round(Number(monthlyPrice) * 100);
  const vat = Math.round(pence * VAT_RATE);
  const pounds = (value: number) => (value / 100).toFixed(2);
  return { price: pounds(pence), vat: pounds(vat), total: pounds(pence + vat) };
}

/** The seat's price, VAT and total a month. @example seatPrices() // { price: '12.00', vat: '2.40', total: '14.40' } */
export const seatPrices = () => withVat(SEAT_PRICE);
/** An add-on's price with its VAT, as the add-on lists show it. */
export const addOnPrices = (standardPrice: string) => withVat(standardPrice);

/** The lowest extension a user gets; the next user gets the next free one. */
export const FIRST_EXTENSION = 200;
/** The most users (seats) one cloud phone may have. */
export const MAX_SEATS = 50;

export const usersMessages = {
  firstNameRequired: 'First name is a required field',
  lastNameRequired: 'Last name is a required field',
  nameTooLong: 'Use at most 50 characters',
  emailRequired: 'E-mail address is a required field',
  emailInvalid: 'Enter a valid e-mail address',
  emailTaken: 'Another user of this phone already has this e-mail address',
  tooManySeats: `A cloud phone can have at most ${MAX_SEATS} users`,
  inviteSent: (email: string) => `The invite has been sent to ${email}`,
  pinReset: 'The PIN has been reset',
  unknownAddOn: 'Choose add-ons from the list',
  oneAddOnPerGroup: 'Choose at most one add-on of each kind',
  callToUpgrade: 'Call us to upgrade',
  noDowngrade: 'An add-on cannot be changed to a lower one',
  productMismatch: 'This user is not on that phone',
  pinCreated: 'The PIN has been set',
  pinAlreadySet: 'This user already has a PIN: reset it instead',
} as const;

/** A seat (spec 001 section 3 "Seat/user") with what the pages show of it. */
export const Seat = z.object({
  id: z.int(),
  platform_id: z.string(),
  product_id: z.int(),
  service_plan: z.string(),
  /** Display names of the seat's add-ons. */
  add_ons: z.array(z.string()),
  /** 'Not Assigned' when the seat has no extension (spec 001 section 3). */
  extension: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** Locked out of their phone after wrong PINs; a PIN reset unlocks. */
  locked: z.boolean(),
  /** Whether a PIN is set (the PIN itself is never answered). */
  pin_set: z.boolean(),
  /** The site numbers that ring this seat directly (at most 3). */
  numbers: z.array(z.string()),
});
export type Seat = z.infer<typeof Seat>;

export const Seats = z.object({ results: z.array(Seat) });
export type Seats = z.infer<typeof Seats>;

const name = (required: string) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(50, usersMessages.nameTooLong), storableName());
const email = z
  .string({ error: usersMessages.emailRequired })
  .check(
    z.trim(),
    z.minLength(1, usersMessages.emailRequired),
    z.maxLength(254, usersMessages.emailInvalid),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, usersMessages.emailInvalid),
    z.toLowerCase(),
  );

/** POST /api/v1/products/{id}/users/: a new user (one more seat). */
export const AddUserRequest = z.object({
  first_name: name(usersMessages.firstNameRequired),
  last_name: name(usersMessages.lastNameRequired),
  email,
});
export type AddUserRequest = z.input<typeof AddUserRequest>;

/** PATCH /api/v1/voip/{productId}/users/{userId}/: the user's own fields, any of them. */
export const PatchUserRequest = z.object({
  first_name: z.optional(name(usersMessages.firstNameRequired)),
  last_name: z.optional(name(usersMessages.lastNameRequired)),
  email: z.optional(email),
});
export type PatchUserRequest = z.input<typeof PatchUserRequest>;

/** POST .../actions/reset-pin/: the new PIN and its confirmation (contract/src/pin.ts). */
export const ResetPinRequest = PinWithConfirmation;
export type ResetPinRequest = z.input<typeof ResetPinRequest>;

export const UsersDetail = z.object({ detail: z.string() });
export type UsersDetail = z.infer<typeof UsersDetail>;

export const ADD_ON_GROUPS = ['call_recording', 'ucc', 'video_calling'] as const;
export type AddOnGroup = (typeof ADD_ON_GROUPS)[number];
export const addOnGroupLabels: Record<AddOnGroup, string> = {
  call_recording: 'Call recording',
  ucc: 'Unified communications',
  video_calling: 'Video calling',
};

/** An add-on of a seat (spec 001 section 3 "Add-on"). */
export const AddOn = z.object({
  id: z.int(),
  display_name: z.string(),
  display_group: z.enum(ADD_ON_GROUPS),
  group_rank: z.int(),
  /** Monthly price before VAT, a string number ("4.00"). */
  standard_price: z.string(),
  product_kind: z.literal('VOIPSEAT'),
  /**
   * Call-recording add-ons only (spec 001 section 3, the recording add-on's fields): whether a recording started
   * during a call reaches back to the call's start. On-demand recording backtracks; the storage add-ons record
   * every call from its first second, so they have nothing to reach back for.
   */
  backtrack: z.optional(z.boolean()),
});
export type AddOn = z.infer<typeof AddOn>;

/**
 * The tariff-version-3 add-on catalogue (spec 001 section 9: the groups and names); ranks go
 * up within a group, prices are ours.
 */
export const ADD_ONS: readonly AddOn[] = [
  {
    id: 101,
    display_name: 'Call recording (on-demand)',
    display_group: 'call_recording',
    group_rank: 1,
    standard_price: '2.00',
    product_kind: 'VOIPSEAT',
    backtrack: true,
  },
  {
    id: 102,
    display_name: 'Call recording 3yr storage',
    display_group: 'call_recording',
    group_rank: 2,
    standard_price: '4.00',
    product_kind: 'VOIPSEAT',
    backtrack: false,
  },
  {
    id: 103,
    display_name: 'Call recording 5yr storage',
    display_group: 'call_recording',
    group_rank: 3,
    standard_price: '6.00',
    product_kind: 'VOIPSEAT',
    backtrack: false,
  },
  {
    id: 201,
    display_name: 'UC Express',
    display_group: 'ucc',
    group_rank: 1,
    standard_price: '3.00',
    product_kind: 'VOIPSEAT',
  },
  {
    id: 202,
    display_name: 'UC CRM Connect',
    display_group: 'ucc',
    group_rank: 2,
    standard_price: '6.00',
    product_kind: 'VOIPSEAT',
  },
  {
    id: 301,
    display_name: 'Basic video 1-1',
    display_group: 'video_calling',
    group_rank: 1,
    standard_price: '0.00',
    product_kind: 'VOIPSEAT',
  },
  {
    id: 302,
    display_name: 'Pro video 1-14',
    display_group: 'video_calling',
    group_rank: 2,
    standard_price: '4.00',
    product_kind: 'VOIPSEAT',
  },
  {
    id: 303,
    display_name: 'Pro video 1-24',
    display_group: 'video_calling',
    group_rank: 3,
    standard_price: '6.00',
    product_kind: 'VOIPSEAT',
  },
];

/** Shown as 'Call us to upgrade' and never chosen here (spec 001 section 9). */
export const CALL_TO_UPGRADE_ADD_ONS: readonly string[] = [
  'Basic video 1-1',
  'Pro video 1-14',
  'Call recording (on-demand)',
];

export const AddOnCatalogue = z.object({ results: z.array(AddOn) });

/** The tariff version the add-ons are sold on, as the spec spells it in its calls: `3`, `TARIFF_V3` or `tariff_v3`. */
const TariffV3 = z.enum(['3', 'TARIFF_V3', 'tariff_v3'], 'Only tariff version 3 is offered');
/** The product kinds whose seats take these add-ons: the cloud phone (VOIP, spec 001 section 7) and its seat (VOIPSEAT, section 3). */
export const ADD_ON_PRODUCT_KINDS: readonly string[] = ['VOIP', 'VOIPSEAT'];
/** The supplier the tariff-version-3 add-ons are sold on (spec 001 section 7: supplier VOIP3). */
export const ADD_ON_SUPPLIER = 'VOIP3';

/**
 * GET /api/v1/voip/pricing/add-ons/: the spec's filters (product_kind VOIP, available true, tariff_version TARIFF_V3,
 * supplier VOIP3). Every add-on of the catalogue is on sale, so `available=false` finds none; another product kind or
 * supplier finds none either.
 */
export const AddOnCatalogueQuery = z.object({
  tariff_version: z.optional(TariffV3),
  product_kind: z.optional(z.string().check(z.maxLength(40))),
  available: z.optional(z.enum(['true', 'false'], 'available is true or false')),
  supplier: z.optional(z.string().check(z.maxLength(40))),
});
export type AddOnCatalogueQuery = z.infer<typeof AddOnCatalogueQuery>;

/** The catalogue as the spec's filters leave it. @example filterAddOns(ADD_ONS, { available: 'false' }) // [] */
export function filterAddOns(catalogue: readonly AddOn[], query: AddOnCatalogueQuery): AddOn[] {
  if (query.available === 'false') return [];
  if (query.product_kind !== undefined && !ADD_ON_PRODUCT_KINDS.includes(query.product_kind.toUpperCase())) return [];
  if (query.supplier !== undefined && query.supplier.toUpperCase() !== ADD_ON_SUPPLIER) return [];
  return [...catalogue];
}

/** The Tariff entity (spec 001 section 3): its id and the add-ons sold on it. */
export const Tariff = z.object({ id: z.int(), name: z.string(), addons: z.array(AddOn) });
export type Tariff = z.infer<typeof Tariff>;
/** The one tariff the portal sells seats on (version 3). */
export const TARIFF_V3 = { id: 3, name: 'TARIFF_V3' } as const;
export const TariffsQuery = z.object({ version: z.optional(TariffV3) });
export const Tariffs = z.object({ results: z.array(Tariff) });
export type Tariffs = z.infer<typeof Tariffs>;

/** GET /api/v1/voip/{productId}/users/{userId}/tariff/addons/: the user with their add-ons (spec: "User with tariff"). */
export const UserTariff = z.object({ id: z.int(), addons: z.array(z.object({ addon_id: z.int() })) });
export type UserTariff = z.infer<typeof UserTariff>;

/** GET /api/v1/voip/{productId}/users/tariff/add-ons/: every seat's add-ons, or one seat's (user_id). */
export const SeatsAddOnsQuery = z.object({ user_id: z.optional(idText('Unknown user')) });
export const SeatsAddOns = z.object({ results: z.array(UserTariff) });
export type SeatsAddOns = z.infer<typeof SeatsAddOns>;

/**
 * GET /api/v1/products/{id}/: the v1 shape of a cloud phone (spec 001 section 7 "Users, seats and add-ons"), beside
 * the v3 product details: its users (each a seat), the site add-ons and each seat's add-ons.
 */
export const ProductV1 = z.object({
  id: z.int(),
  product_kind: z.string(),
  supplier: z.int(),
  users: z.array(Seat),
  addons: z.array(z.object({ addon_id: z.int(), quantity: z.int() })),
  seats: z.array(UserTariff),
});
export type ProductV1 = z.infer<typeof ProductV1>;

/** POST .../actions/create-pin/: the first PIN of a user who has none (a user with one resets it instead). */
export const CreatePinRequest = PinWithConfirmation;

/** POST /api/v1/voip/users/{userId}/tariff/add-ons/: the user's whole add-on list after the change. */
export const PostUserAddOnsRequest = z.object({
  product_id: idInteger('Unknown product'),
  addons: z
    .array(z.int(usersMessages.unknownAddOn), usersMessages.unknownAddOn)
    .check(z.maxLength(ADD_ON_GROUPS.length, usersMessages.oneAddOnPerGroup)),
});
export type PostUserAddOnsRequest = z.input<typeof PostUserAddOnsRequest>;
/** The answer the spec reads: children[0].addons[].addon_id. */
export const UserAddOnsResult = z.object({ children: z.array(UserTariff) });

/** One option of a group as the add-on selection shows it (spec 001 section 4 "Add-on selection"). */
export interface AddOnOption {
  addOn: AddOn;
  selected: boolean;
  disabled: boolean;
  /** Why it is disabled: 'Call us to upgrade', or a lower one than the current. */
  reason: 'call-us' | 'lower' | null;
  /** The display name, with ' (Included)' on a disabled current add-on. */
  label: string;
}

/**
 * The options of one group for a user whose add-ons are `current` (ids): the current one
 * selected; those of a lower group_rank disabled (no downgrade); the always-disabled ones
 * disabled; a disabled current one labelled '(Included)'.
 * @example addOnOptions(ADD_ONS, 'video_calling', [302]) // Basic 1-1 and Pro 1-14 disabled, Pro 1-14 '(Included)'
 */
export function addOnOptions(
  catalogue: readonly AddOn[],
  group: AddOnGroup,
  current: readonly number[],
): AddOnOption[] {
  const inGroup = catalogue
    .filter((addOn) => addOn.display_group === group)
    .sort((a, b) => a.group_rank - b.group_rank);
  const chosen = inGroup.find((addOn) => current.includes(addOn.id));
  return inGroup.map((addOn) => {
    const selected = addOn.id === chosen?.id;
    const callUs = CALL_TO_UPGRADE_ADD_ONS.includes(addOn.display_name);
    const lower = chosen !== undefined && addOn.group_rank < chosen.group_rank;
    const disabled = callUs || lower;
    const reason = callUs ? 'call-us' : lower ? 'lower' : null;
    return {
      addOn,
      selected,
      disabled,
      reason,
      label: selected && disabled ? `${addOn.display_name} (Included)` : addOn.display_name,
    };
  });
}

/**
 * Why a change of a user's add-ons from `current` to `next` (ids) is refused, or undefined:
 * every id in the catalogue, one per group, and in each group no lower rank than the current
 * one and no 'Call us to upgrade' add-on newly chosen. Dropping a group's add-on is a downgrade.
 */
export function addOnChangeProblem(
  catalogue: readonly AddOn[],
  current: readonly number[],
  next: readonly number[],
): string | undefined {
  const byId = new Map(catalogue.map((addOn) => [addOn.id, addOn]));
  if (!next.every((id) => byId.has(id))) return usersMessages.unknownAddOn;
  const groups = next.map((id) => byId.get(id)!.display_group);
  if (new Set(groups).size !== groups.length) return usersMessages.oneAddOnPerGroup;
  for (const group of ADD_ON_GROUPS) {
    const was = current.map((id) => byId.get(id)).find((addOn) => addOn?.display_group === group);
    const now = next.map((id) => byId.get(id)!).find((addOn) => addOn.display_group === group);
    if (was?.id === now?.id) continue;
    if (now === undefined || (was !== undefined && now.group_rank < was.group_rank)) return usersMessages.noDowngrade;
    if (CALL_TO_UPGRADE_ADD_ONS.includes(now.display_name)) return usersMessages.callToUpgrade;
  }
  return undefined;
}

export const usersEndpoints = {
  getSeats: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:productId/users/',
    summary: "A cloud phone's users (seats)",
    auth: true,
    params: ProductParams,
    response: Seats,
  }),
  getSeat: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:productId/users/:userId/',
    summary: 'One user (seat) of a cloud phone',
    auth: true,
    params: SeatParams,
    response: Seat,
  }),
  patchSeatUser: endpoint({
    method: 'PATCH',
    path: '/api/v1/voip/:productId/users/:userId/',
    summary: "Changes a user's name or e-mail",
    auth: true,
    params: SeatParams,
    body: PatchUserRequest,
    response: Seat,
  }),
  addUser: endpoint({
    method: 'POST',
    path: '/api/v1/products/:id/users/',
    summary: 'Adds a user (one more seat) to a cloud phone',
    auth: true,
    params: ProductIdParams,
    body: AddUserRequest,
    response: Seat,
    status: 201,
  }),
  resetPin: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:productId/users/:userId/actions/reset-pin/',
    summary: "Resets a user's PIN (and unlocks them)",
    auth: true,
    params: SeatParams,
    body: ResetPinRequest,
    response: UsersDetail,
  }),
  sendInviteEmail: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/api/v1/voip/:productId/users/:userId/actions/send-invite-email/',
    summary: 'Sends a user the invite e-mail',
    auth: true,
    params: SeatParams,
    body: z.object({}),
    response: UsersDetail,
  }),
  getAddOnCatalogue: endpoint({
    method: 'GET',
    path: '/api/v1/voip/pricing/add-ons/',
    summary: 'The per-user add-ons on sale (tariff version 3), filtered by product_kind, available and supplier',
    auth: true,
    query: AddOnCatalogueQuery,
    response: AddOnCatalogue,
  }),
  getTariffs: endpoint({
    method: 'GET',
    path: '/api/v1/voip/pricing/tariffs/',
    summary: 'The tariffs seats are sold on (version tariff_v3) with their add-ons',
    auth: true,
    query: TariffsQuery,
    response: Tariffs,
  }),
  getSeatsAddOns: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:productId/users/tariff/add-ons/',
    summary: "Each user's add-ons; user_id: one user's",
    auth: true,
    params: ProductParams,
    query: SeatsAddOnsQuery,
    response: SeatsAddOns,
  }),
  createPin: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:productId/users/:userId/actions/create-pin/',
    summary: 'Sets the first PIN of a user who has none (409 when they have one)',
    auth: true,
    params: SeatParams,
    body: CreatePinRequest,
    response: UsersDetail,
  }),
  getProductV1: endpoint({
    method: 'GET',
    path: '/api/v1/products/:id/',
    summary: "A cloud phone's users (seats) and add-ons, the v1 shape",
    auth: true,
    params: ProductIdParams,
    response: ProductV1,
  }),
  getUserAddOns: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:productId/users/:userId/tariff/addons/',
    summary: "A user's add-ons",
    auth: true,
    params: SeatParams,
    response: UserTariff,
  }),
  postUserAddOns: endpoint({
    method: 'POST',
    path: '/api/v1/voip/users/:userId/tariff/add-ons/',
    summary: "Changes a user's add-ons",
    auth: true,
    params: UserParams,
    body: PostUserAddOnsRequest,
    response: UserAddOnsResult,
  }),
};
