import { deriveProductKind, sortProductsLiveFirst } from '@portal/contract';

import { readWithSession } from '../../plugins/auth.ts';
import { readsSessionItself, type Handlers } from '../../routes/index.ts';
import { navigationOf, navigationWithSession } from '../products/index.ts';
import { showsUpgradePage } from '../upgrade/index.ts';

export const navigationHandlers = {
  // One round trip: the token's row, the account and its products in one query, one row. Staff users have no
  // account of their own: no account and no products.
  navigation: readsSessionItself(async ({ request }) => {
    const [row] = await readWithSession(request, (keyHash) => navigationWithSession(request.server.db, keyHash));
    const { account, products: rows } = navigationOf(row);
    return {
      account,
      products: sortProductsLiveFirst(
        rows.map((product) => ({
          account_id: product.accountId,
          product_id: product.id,
          product_kind: deriveProductKind({
            kind: product.kind,
            sub_kind: product.subKind,
            tariff_version: product.tariffVersion,
          }),
          kind: product.kind,
          status: product.status,
          supplier: product.supplier,
          ceased_date: product.ceasedDate,
          confirmed_date: product.confirmedDate,
          product_detail: product.productDetail,
          show_product_pages: product.showProductPages,
          channel: product.channel,
          has_installation_address: product.hasInstallationAddress,
          is_show_upgrade_page: showsUpgradePage({
            kind: product.kind,
            tariffVersion: product.tariffVersion,
            supplier: product.supplier,
            inTrial: product.inTrial,
            upgradeUnderWay: product.upgradeUnderWay,
          }),
        })),
      ),
    };
  }),
} satisfies Pick<Handlers, 'navigation'>;
