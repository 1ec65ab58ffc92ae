// zod/mini, like the other shell schemas: only the getting-started page loads it.
import * as z from 'zod/mini';

import { InstallationAddress } from './address.ts';
import { endpoint } from './endpoint.ts';
import { idInteger, idText } from './ids.ts';
import { PinWithConfirmation } from './pin.ts';
import { Welcome } from './welcome.ts';

/**
 * The getting-started flow of a cloud phone (spec 001 section 4: choose users, set a PIN,
 * confirm the installation address): its steps' endpoints. The spec names only the list
 * (GET /api/v3/voip/getting-started/) and the address call (PATCH
 * /api/v1/voip/{product_id}/emergency-contact-details/, reused for the address step); these
 * are ours, in the spec's style:
 * - GET  /api/v1/voip/{product_id}/getting-started/           what the page shows and how far the customer got
 * - PUT  /api/v1/voip/{product_id}/getting-started/users/     the users who will use the phone
 * - POST /api/v1/voip/{product_id}/getting-started/pin/       their PIN (the rules of pin.ts)
 * - POST /api/v1/voip/{product_id}/getting-started/complete/  done: the product leaves the list
 */

const GettingStartedParams = z.object({ product_id: idText('Unknown product') });

/** The most users one request may choose; a cloud phone has far fewer. */
export const MAX_CHOSEN_USERS = 100;

export const gettingStartedMessages = {
  chooseUsers: 'Choose at least one user',
  unknownUser: 'Choose users of this phone only',
  tooManyUsers: `Choose at most ${MAX_CHOSEN_USERS} users`,
  usersFirst: 'Choose the users of your phone first',
  pinFirst: 'Set a PIN for your users first',
  addressFirst: 'Confirm the installation address first',
} as const;

/** One user of the phone, as the choose-users step lists them. */
export const GettingStartedUser = z.object({
  id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  extension: z.string(),
});
export type GettingStartedUser = z.infer<typeof GettingStartedUser>;

/** GET .../getting-started/: the phone, its users, and what is done so far (so the page resumes where it was left). */
export const GettingStartedDetails = z.object({
  product_id: z.int(),
  product_detail: z.string(),
  /** Still in the getting-started list; false once completed (staff may still show the page). */
  is_show_welcome: z.boolean(),
  users: z.array(GettingStartedUser),
  /** The users chosen so far, by id; empty until the first step is saved. */
  user_ids: z.array(z.int()),
  /** Whether the chosen users' PIN is set (the PIN itself is never answered). */
  pin_set: z.boolean(),
  installation_address: z.nullable(InstallationAddress),
});
export type GettingStartedDetails = z.infer<typeof GettingStartedDetails>;

const userIds = z.array(idInteger(gettingStartedMessages.unknownUser), gettingStartedMessages.chooseUsers).check(
  z.minLength(1, gettingStartedMessages.chooseUsers),
  z.maxLength(MAX_CHOSEN_USERS, gettingStartedMessages.tooManyUsers),
  // The same user twice is still one user.
  z.overwrite((ids) => [...new Set(ids)]),
);

/** PUT .../getting-started/users/: the users who will use the phone (at least one; users of this phone only). */
export const GettingStartedUsersRequest = z.object({ user_ids: userIds });
export type GettingStartedUsersRequest = z.input<typeof GettingStartedUsersRequest>;
export const GettingStartedUsers = z.object({ user_ids: z.array(z.int()) });
export type GettingStartedUsers = z.infer<typeof GettingStartedUsers>;

/** POST .../getting-started/pin/: the chosen users' PIN and its confirmation. */
export const GettingStartedPinRequest = PinWithConfirmation;
export type GettingStartedPinRequest = z.input<typeof GettingStartedPinRequest>;
export const GettingStartedPin = z.object({ pin_set: z.literal(true), user_ids: z.array(z.int()) });
export type GettingStartedPin = z.infer<typeof GettingStartedPin>;

/** POST .../getting-started/complete/: an empty body; answers the welcome flag, now off. */
export const GettingStartedCompleteRequest = z.object({});

export const gettingStartedEndpoints = {
  getGettingStartedDetails: endpoint({
    method: 'GET',
    path: '/api/v1/voip/:product_id/getting-started/',
    summary: "A cloud phone's getting started: its users and the steps done",
    auth: true,
    params: GettingStartedParams,
    response: GettingStartedDetails,
  }),
  putGettingStartedUsers: endpoint({
    method: 'PUT',
    path: '/api/v1/voip/:product_id/getting-started/users/',
    summary: 'Chooses the users who will use the cloud phone',
    auth: true,
    params: GettingStartedParams,
    body: GettingStartedUsersRequest,
    response: GettingStartedUsers,
  }),
  postGettingStartedPin: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:product_id/getting-started/pin/',
    summary: "Sets the chosen users' PIN",
    auth: true,
    params: GettingStartedParams,
    body: GettingStartedPinRequest,
    response: GettingStartedPin,
  }),
  postGettingStartedComplete: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:product_id/getting-started/complete/',
    summary: "Completes a cloud phone's getting started",
    auth: true,
    params: GettingStartedParams,
    body: GettingStartedCompleteRequest,
    response: Welcome,
  }),
};
