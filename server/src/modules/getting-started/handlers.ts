import type { FastifyRequest } from 'fastify';

import { gettingStartedMessages, type GettingStartedDetails } from '@portal/contract';

import { detailError, fieldError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { hashPassword } from '../identity/index.ts';
import { ownedVoipProduct, rowId, type Product } from '../products/index.ts';
import { siteUsers } from '../site/index.ts';
import {
  chooseGettingStartedUsers,
  completeGettingStarted,
  gettingStartedProgressOf,
  setGettingStartedPin,
} from './getting-started-repository.ts';

/** The product's users and how far its getting started has gone, as GET .../getting-started/ answers them. */
async function detailsOf(request: FastifyRequest, product: Product): Promise<GettingStartedDetails> {
  const [users, progress] = await Promise.all([
    siteUsers(request.server.db, product.id),
    gettingStartedProgressOf(request.server.db, product.id),
  ]);
  const byId = new Map(users.map((user) => [user.id, user]));
  // A user removed since the choice was saved is no longer chosen.
  const chosen = (progress?.userIds ?? []).filter((id) => byId.has(id));
  return {
    product_id: product.id,
    product_detail: product.productDetail,
    is_show_welcome: product.showWelcome,
    users: users.map((user) => ({
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      extension: user.extension,
    })),
    user_ids: chosen,
    pin_set: chosen.length > 0 && progress?.pinSetAt != null && chosen.every((id) => byId.get(id)?.pinHash != null),
    installation_address: product.installationAddress,
  };
}

/**
 * A cloud phone's getting started (spec 001 section 4): choose the users who will use it, set
 * their PIN, confirm the installation address (PATCH .../emergency-contact-details/, the
 * address module's), then complete it, which takes the product off the getting-started list
 * (GET /api/v3/voip/getting-started/). The contract checks the bodies (the PIN rules are
 * contract/src/pin.ts); here, what needs the database. Staff acting as the customer may run it
 * again after it is done ("Show getting started"); it changes the same things.
 */
export const gettingStartedHandlers = {
  getGettingStartedDetails: async ({ params, request }) =>
    detailsOf(request, await ownedVoipProduct(request, rowId(params.product_id))),

  putGettingStartedUsers: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.product_id));
    const users = await siteUsers(request.server.db, product.id);
    const ids = new Set(users.map((user) => user.id));
    if (!body.user_ids.every((id) => ids.has(id))) throw fieldError('user_ids', gettingStartedMessages.unknownUser);
    await chooseGettingStartedUsers(request.server.db, product.id, body.user_ids);
    return { user_ids: body.user_ids };
  },

  postGettingStartedPin: async ({ params, body, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.product_id));
    const { user_ids: chosen } = await detailsOf(request, product);
    if (chosen.length === 0) throw detailError(400, gettingStartedMessages.usersFirst);
    await setGettingStartedPin(request.server.db, product.id, chosen, await hashPassword(body.pin), new Date());
    return { pin_set: true as const, user_ids: chosen };
  },

  postGettingStartedComplete: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.product_id));
    const details = await detailsOf(request, product);
    // Every step must be done; the first one missing is named.
    if (details.user_ids.length === 0) throw detailError(400, gettingStartedMessages.usersFirst);
    if (!details.pin_set) throw detailError(400, gettingStartedMessages.pinFirst);
    if (!details.installation_address) throw detailError(400, gettingStartedMessages.addressFirst);
    await completeGettingStarted(request.server.db, product.id);
    return { product_id: product.id, is_show_welcome: false };
  },
} satisfies Pick<
  Handlers,
  'getGettingStartedDetails' | 'putGettingStartedUsers' | 'postGettingStartedPin' | 'postGettingStartedComplete'
>;
