import type { Handlers } from '../../routes/index.ts';
import { ownedVoipProduct, rowId } from '../products/products.ts';

/**
 * The welcome (getting-started) flow of a cloud phone (spec 001 section 4, "Welcome"): it is
 * due while products.show_welcome is set, which is what GET /api/v3/voip/getting-started/
 * lists (modules/status/handlers.ts); POST with is_show_welcome false clears it.
 */
export const welcomeHandlers = {
  postWelcome: async ({ params, request }) => {
    const product = await ownedVoipProduct(request, rowId(params.product_id));
    // The body can only say false (contract); sending it again changes nothing.
    await request.server.productsRepository.endWelcome(product.id);
    return { product_id: product.id, is_show_welcome: false };
  },
} satisfies Pick<Handlers, 'postWelcome'>;
