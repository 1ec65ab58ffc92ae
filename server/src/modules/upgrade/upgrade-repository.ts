import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';

import type { Database } from '../../db/connect.ts';
import { trials } from '../../db/schema/customers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    upgradeRepository: UpgradeRepository;
  }
}

export type ProductTrial = Pick<typeof trials.$inferSelect, 'productId' | 'kind' | 'endsAt'>;

/** What the upgrade reads beyond the product and its provisioning jobs. */
export function createUpgradeRepository(db: Database) {
  return {
    /** The product's trial, or undefined when it is not (or no longer) in one. */
    async trialOf(productId: number): Promise<ProductTrial | undefined> {
      const [trial] = await db
        .select({ productId: trials.productId, kind: trials.kind, endsAt: trials.endsAt })
        .from(trials)
        .where(eq(trials.productId, productId))
        .limit(1);
      return trial;
    },
  };
}

export type UpgradeRepository = ReturnType<typeof createUpgradeRepository>;

export default fp(
  async (app) => {
    app.decorate('upgradeRepository', createUpgradeRepository(app.db));
  },
  { name: 'upgrade-repository', dependencies: ['db'] },
);
