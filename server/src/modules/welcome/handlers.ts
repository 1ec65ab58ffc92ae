import type { Handlers } from '../../routes/index.ts';
import * as customers from '../customers/index.ts';
import { ownedVoipProduct, rowId } from '../products/index.ts';

/**
 * The welcome of a cloud phone (spec 001 section 4, "Welcome"), which the start-up rules
 * (spec 000 section 4) send the customer to until it is seen: for a phone set up by the
 * customer, the getting-started flow, due while products.show_welcome is set (what
 * GET /api/v3/voip/getting-started/ lists, modules/status/handlers.ts); for a buy-now phone
 * just provisioned (status "buy now provisioned"), the buy-now complete page. POST with
 * is_show_welcome false ends both: the flag is cleared and such a buy-now phone becomes live.
 */
export const welcomeHandlers = {
  postWelcome: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.product_id));
    // The body can only say false (contract); sending it again changes nothing.
    await customers.endWelcome(request.server.db, product.id);
    return { product_id: product.id, is_show_welcome: false };
  },
} satisfies Pick<Handlers, 'postWelcome'>;
