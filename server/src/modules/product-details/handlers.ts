import type { FastifyRequest } from 'fastify';

import { deriveProductKind } from '@portal/contract';
import { londonTime } from '@portal/editor-core';

import { authOf } from '../../plugins/auth.ts';
import { detailError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import { notFound, rowId, type Product } from '../products/index.ts';
import { productOfAccount, siteSummaryOf } from './product-details-read-model.ts';
import { contractByToken, productDetailsOf, renewContract } from './product-details-repository.ts';
import { contractDocument, detailsOf, renewalOf } from './rules.ts';

/** The product `id` of the signed-in customer's account, of any kind; else 404 (another account's, unknown). */
async function ownedProduct(request: FastifyRequest, id: number): Promise<Product> {
  const { accountId } = authOf(request).user;
  const productId = rowId(id);
  if (accountId === null) throw notFound();
  const product = await productOfAccount(request.server.db, accountId, productId);
  if (!product) throw notFound();
  return product;
}

/** Today in London, the day contracts start and end on. */
const todayOf = (request: FastifyRequest) => londonTime(request.server.now()).date;

async function details(request: FastifyRequest, product: Product) {
  const isCloudPhone =
    deriveProductKind({ kind: product.kind, tariff_version: product.tariffVersion, sub_kind: product.subKind }) ===
    'voip2';
  const [facts, site] = await Promise.all([
    productDetailsOf(request.server.db, product.id),
    isCloudPhone ? siteSummaryOf(request.server.db, product.id) : null,
  ]);
  return detailsOf(product, facts, site, todayOf(request));
}

/**
 * Product details and renewal (spec 001 section 7: GET /api/v3/products/{id}/, GET and POST
 * .../renewal/). Any kind of product of the customer's own account; anything else is 404. The
 * renewal rule is the contract's (renewalRefusal), on today's date in London.
 */
export const productDetailsHandlers = {
  getProductDetails: async ({ params, request }) => details(request, await ownedProduct(request, params.id)),

  getRenewal: async ({ params, request }) => {
    const product = await ownedProduct(request, params.id);
    const { tariff, contracts } = await productDetailsOf(request.server.db, product.id);
    return renewalOf(tariff, contracts, todayOf(request));
  },

  postRenewal: async ({ params, body, request }) => {
    const product = await ownedProduct(request, params.id);
    const outcome = await renewContract(request.server.db, product.id, body.contract_length_months, todayOf(request));
    if ('refused' in outcome) throw detailError(400, outcome.refused);
    return details(request, product);
  },

  downloadContractDocument: async ({ params, request, reply }) => {
    const product = await ownedProduct(request, params.id);
    const contract = await contractByToken(request.server.db, product.id, params.token);
    if (!contract) throw notFound();
    const { tariff } = await productDetailsOf(request.server.db, product.id);
    return reply
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', `attachment; filename="contract-${contract.contractId}.txt"`)
      .type('text/plain; charset=utf-8')
      .send(contractDocument(product, tariff, contract));
  },
} satisfies Pick<Handlers, 'getProductDetails' | 'getRenewal' | 'postRenewal' | 'downloadContractDocument'>;
