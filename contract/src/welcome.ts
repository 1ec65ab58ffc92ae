// zod/mini, like the other shell schemas: the getting-started pages load it.
import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';
import { idText } from './ids.ts';

/** A path product id: digits only; the server answers 404 for one that names no cloud phone of the customer's. */
const WelcomeParams = z.object({ product_id: idText('Unknown product') });

export const welcomeMessages = {
  isShowWelcome: 'Send is_show_welcome as false: the welcome can only be turned off',
} as const;

/**
 * POST /api/v1/voip/{product_id}/welcome/ (spec 000 section 7, spec 001 section 4
 * "Welcome"): the customer has seen the product's welcome (getting-started) flow, so it
 * leaves GET /api/v3/voip/getting-started/. Only false is accepted: nothing turns it back on.
 */
export const PostWelcome = z.object({ is_show_welcome: z.literal(false, welcomeMessages.isShowWelcome) });
export type PostWelcome = z.infer<typeof PostWelcome>;

/** The spec does not show the answer: the product's welcome flag as it now is. */
export const Welcome = z.object({ product_id: z.int(), is_show_welcome: z.boolean() });
export type Welcome = z.infer<typeof Welcome>;

export const welcomeEndpoints = {
  postWelcome: endpoint({
    method: 'POST',
    path: '/api/v1/voip/:product_id/welcome/',
    summary: "Turns a cloud phone's welcome (getting started) off",
    auth: true,
    params: WelcomeParams,
    body: PostWelcome,
    response: Welcome,
  }),
};
