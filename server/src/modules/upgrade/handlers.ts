import type { FastifyRequest } from 'fastify';

import { addressSummaryLine, UPGRADE_PLANS, upgradeMessages, type UpgradeEligibility } from '@portal/contract';

import { detailError } from '../../plugins/errors.ts';
import type { Handlers } from '../../routes/index.ts';
import * as customers from '../customers/index.ts';
import { ownedVoipProduct, rowId, type Product } from '../products/index.ts';
import type { ProvisioningJob } from '../provisioning/index.ts';
import { isUnderWay, provisioningStatusOf } from '../provisioning/index.ts';
import {
  showsMigrationBanner,
  showsUpgradePage,
  upgradeEligibilityOf,
  upgradeKindOf,
  type UpgradeFacts,
} from './rules.ts';

/** Everything the rules need about one of the customer's cloud phones (404 when it is not theirs). */
async function factsOf(request: FastifyRequest, id: string) {
  const product = await ownedVoipProduct(request, rowId(id));
  const [trial, job] = await Promise.all([
    customers.trialOf(request.server.db, product.id),
    request.server.provisioning.current(product.id),
  ]);
  const upgradeJob = job && job.kind !== 'signup' ? job : undefined;
  const facts: UpgradeFacts = {
    kind: product.kind,
    tariffVersion: product.tariffVersion,
    supplier: product.supplier,
    serviceStatus: product.serviceStatus,
    inTrial: trial !== undefined,
    upgradeUnderWay: isUnderWay(upgradeJob),
  };
  return { product, trial, job: upgradeJob, facts };
}

function eligibilityAnswer(
  product: Product,
  trial: Awaited<ReturnType<typeof factsOf>>['trial'],
  job: ProvisioningJob | undefined,
  facts: UpgradeFacts,
  now: Date,
): UpgradeEligibility {
  const { isEligible, reasons } = upgradeEligibilityOf(facts);
  const status = job ? provisioningStatusOf(product.id, job, now) : null;
  const migrationUnderWay = job?.kind === 'migration' && isUnderWay(job);
  return {
    product_id: product.id,
    is_eligible: isEligible,
    reasons,
    is_show_upgrade_page: showsUpgradePage(facts),
    show_migration_banner: showsMigrationBanner(facts, migrationUnderWay),
    upgrade_kind: upgradeKindOf(facts),
    product_detail: product.productDetail,
    installation_address: product.installationAddress,
    plans: UPGRADE_PLANS.map((plan) => ({ ...plan })),
    trial: trial ? { ends_at: trial.endsAt.toISOString(), is_expired: trial.endsAt.getTime() <= now.getTime() } : null,
    provisioning: status,
    migration: migrationUnderWay ? status : null,
  };
}

/** Starts the upgrade: 409 when there is nothing to upgrade or one is under way; the address is kept at once. */
const startUpgrade = (async ({ params, body, request }) => {
  const { product, facts } = await factsOf(request, 'id' in params ? params.id : params.productId);
  const { isEligible, reasons } = upgradeEligibilityOf(facts);
  const kind = upgradeKindOf(facts);
  if (!isEligible || kind === null) throw detailError(409, reasons[0] ?? upgradeMessages.notEligible);
  const address = { ...body.installation_address, summary_line: addressSummaryLine(body.installation_address) };
  const job = await request.server.provisioning.begin({
    productId: product.id,
    kind: kind === 'trial' ? 'upgrade' : 'migration',
    payload: { plan_id: body.plan_id },
  });
  // Asked twice at once: the database let one job in.
  if (!job) throw detailError(409, upgradeMessages.underWay);
  await customers.setInstallationAddress(request.server.db, product.id, address);
  return provisioningStatusOf(product.id, job, request.server.now());
}) satisfies Handlers['startUpgrade'] & Handlers['startSignupUpgrade'];

/**
 * Upgrade and migration (spec 001 section 7, "Upgrade/migration"): eligibility, the upgrade
 * call (under both paths the spec names) and the provisioning status the page polls.
 */
export const upgradeHandlers = {
  upgradeEligibility: async ({ params, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const { product, trial, job, facts } = await factsOf(request, params.id);
    return eligibilityAnswer(product, trial, job, facts, request.server.now());
  },
  startUpgrade,
  startSignupUpgrade: startUpgrade,
  provisioningStatus: async ({ params, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const product = await ownedVoipProduct(request, rowId(params.id));
    const job = await request.server.provisioning.current(product.id);
    return provisioningStatusOf(product.id, job, request.server.now());
  },
} satisfies Pick<Handlers, 'upgradeEligibility' | 'startUpgrade' | 'startSignupUpgrade' | 'provisioningStatus'>;
