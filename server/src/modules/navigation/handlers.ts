import { deriveProductKind, sortProductsLiveFirst } from '@portal/contract';
import { authOf } from '../../plugins/auth.ts';
import type { Handlers } from '../../routes/index.ts';
import { showsUpgradePage } from '../upgrade/rules.ts';

export const navigationHandlers = {
  navigation: async ({ request }) => {
    const { accountId } = authOf(request).user;
    // Staff users have no account of their own.
    if (accountId === null) return { account: null, products: [] };

    const { account, products: rows } = await request.server.productsRepository.navigation(accountId);
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
  },
} satisfies Pick<Handlers, 'navigation'>;
