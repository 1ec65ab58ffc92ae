import type { FastifyRequest } from 'fastify';

import {
  ADD_ONS,
  addOnChangeProblem,
  deriveProductKind,
  filterAddOns,
  FIRST_EXTENSION,
  MAX_SEATS,
  NOT_ASSIGNED_EXTENSION,
  TARIFF_V3,
  usersMessages,
  type Seat,
} from '@portal/contract';

import { limitCustomerMail } from '../../mail/customer-mail-limit.ts';
import { greeting, plainMail } from '../../mail/mailer.ts';
import { detailError, fieldError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { hashPassword, publicUrl } from '../identity/index.ts';
import { siteAddOnsOf } from '../phone-setup/index.ts';
import { notFound, ownedVoipProduct, rowId } from '../products/index.ts';
import { seatOf } from './seat.ts';
import type { SeatRow } from './seats-read-model.ts';
import {
  addUser,
  createUserPin,
  replaceUserAddOns,
  resetUserPin,
  seatOfProduct,
  seatsOfProduct,
  updateUser,
  userById,
  userEmailTaken,
} from './users-repository.ts';

/** The user `userId` of the customer's cloud phone `productId`, else 404 (another account's, another phone's, unknown). */
async function ownedSeat(request: FastifyRequest, productId: string, userId: string): Promise<SeatRow> {
  const product = await ownedVoipProduct(request, rowId(productId));
  const seat = await seatOfProduct(request.server.db, product.id, rowId(userId));
  if (!seat) throw notFound();
  return seat;
}

async function reloaded(request: FastifyRequest, productId: number, userId: number): Promise<Seat> {
  const seat = await seatOfProduct(request.server.db, productId, userId);
  if (!seat) throw notFound();
  return seatOf(seat);
}

/**
 * Users and devices (spec 001 section 7 "Users, seats and add-ons"): the contract checks the
 * bodies (the PIN rules are contract/src/pin.ts, the add-on rules contract/src/users.ts);
 * here, ownership and what needs the database. A customer only reaches the users of their own
 * account's cloud phones; anything else is 404.
 */
export const usersHandlers = {
  getSeats: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.productId));
    return { results: (await seatsOfProduct(request.server.db, product.id)).map(seatOf) };
  },

  getSeat: async ({ params, request }) => seatOf(await ownedSeat(request, params.productId, params.userId)),

  patchSeatUser: async ({ params, body, request }) => {
    const seat = await ownedSeat(request, params.productId, params.userId);
    const { db } = request.server;
    if (body.email !== undefined && (await userEmailTaken(db, seat.productId, body.email, seat.id)))
      throw fieldError('email', usersMessages.emailTaken);
    await updateUser(db, seat.id, {
      ...(body.first_name !== undefined && { firstName: body.first_name }),
      ...(body.last_name !== undefined && { lastName: body.last_name }),
      ...(body.email !== undefined && { email: body.email }),
    });
    return reloaded(request, seat.productId, seat.id);
  },

  addUser: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.id));
    const { db } = request.server;
    if (await userEmailTaken(db, product.id, body.email)) throw fieldError('email', usersMessages.emailTaken);
    const added = await addUser(
      db,
      product.id,
      { firstName: body.first_name, lastName: body.last_name, email: body.email },
      FIRST_EXTENSION,
      MAX_SEATS,
    );
    if (added === 'full') throw detailError(400, usersMessages.tooManySeats);
    return reloaded(request, product.id, added.id);
  },

  resetPin: async ({ params, body, request }) => {
    const seat = await ownedSeat(request, params.productId, params.userId);
    await resetUserPin(request.server.db, seat.id, await hashPassword(body.pin));
    return { detail: usersMessages.pinReset };
  },

  sendInviteEmail: async ({ params, request }) => {
    const seat = await ownedSeat(request, params.productId, params.userId);
    const product = await ownedVoipProduct(request, seat.productId);
    await limitCustomerMail(request.server, product.accountId, seat.email);
    await request.server.mailer.send(
      plainMail(seat.email, 'You have been invited to your cloud phone', [
        greeting(seat.firstName),
        '',
        `You have been set up as a user of ${product.productDetail}, on extension ${seat.extension || NOT_ASSIGNED_EXTENSION}.`,
        'To start making and taking calls, download the app for your computer or phone:',
        `${publicUrl()}/download-apps/${product.id}`,
        '',
        'Sign in to the app with this e-mail address and the PIN your administrator gives you.',
      ]),
    );
    return { detail: usersMessages.inviteSent(seat.email) };
  },

  getAddOnCatalogue: async ({ query }) => ({ results: filterAddOns(ADD_ONS, query) }),

  getTariffs: async () => ({ results: [{ ...TARIFF_V3, addons: [...ADD_ONS] }] }),

  getSeatsAddOns: async ({ params, query, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.productId));
    const seats = await seatsOfProduct(request.server.db, product.id);
    const wanted = query.user_id === undefined ? seats : seats.filter((seat) => seat.id === rowId(query.user_id!));
    // A user of another phone (or none) is not there to filter to: 404, as for their own endpoint.
    if (query.user_id !== undefined && wanted.length === 0) throw notFound();
    return {
      results: wanted.map((seat) => ({ id: seat.id, addons: seat.addOnIds.map((addon_id) => ({ addon_id })) })),
    };
  },

  createPin: async ({ params, body, request }) => {
    const seat = await ownedSeat(request, params.productId, params.userId);
    if (seat.pinHash !== null) throw detailError(409, usersMessages.pinAlreadySet);
    // Only while they still have none: two first PINs sent at once set one, the other is told to reset.
    if (!(await createUserPin(request.server.db, seat.id, await hashPassword(body.pin))))
      throw detailError(409, usersMessages.pinAlreadySet);
    return { detail: usersMessages.pinCreated };
  },

  getProductV1: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.id));
    const [seats, addOns] = await Promise.all([
      seatsOfProduct(request.server.db, product.id),
      siteAddOnsOf(request.server.db, product.id),
    ]);
    return {
      id: product.id,
      product_kind: deriveProductKind({
        kind: product.kind,
        tariff_version: product.tariffVersion,
        sub_kind: product.subKind,
      }),
      supplier: product.supplier,
      users: seats.map(seatOf),
      addons: addOns.map((row) => ({ addon_id: row.addonId, quantity: row.quantity })),
      seats: seats.map((seat) => ({ id: seat.id, addons: seat.addOnIds.map((addon_id) => ({ addon_id })) })),
    };
  },

  getUserAddOns: async ({ params, request }) => {
    const seat = await ownedSeat(request, params.productId, params.userId);
    return { id: seat.id, addons: seat.addOnIds.map((addon_id) => ({ addon_id })) };
  },

  postUserAddOns: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, body.product_id);
    const user = await userById(request.server.db, rowId(params.userId));
    if (!user || user.productId !== product.id) throw notFound();
    const seat = await seatOfProduct(request.server.db, product.id, user.id);
    if (!seat) throw notFound();
    const next = [...new Set(body.addons)];
    const problem = addOnChangeProblem(ADD_ONS, seat.addOnIds, next);
    if (problem) throw fieldError('addons', problem);
    // Checked against what was read: a change that came in between is refused, not overwritten.
    if (!(await replaceUserAddOns(request.server.db, seat.id, seat.addOnIds, next))) {
      throw detailError(409, 'The add-ons were changed meanwhile. Please look again and try again.');
    }
    return { children: [{ id: seat.id, addons: next.map((addon_id) => ({ addon_id })) }] };
  },
} satisfies Pick<
  Handlers,
  | 'getSeats'
  | 'getSeat'
  | 'patchSeatUser'
  | 'addUser'
  | 'resetPin'
  | 'sendInviteEmail'
  | 'getAddOnCatalogue'
  | 'getUserAddOns'
  | 'postUserAddOns'
  | 'getTariffs'
  | 'getSeatsAddOns'
  | 'createPin'
  | 'getProductV1'
>;
