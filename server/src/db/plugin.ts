import fp from 'fastify-plugin';

import type { Database } from './connect.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The drizzle database. Only repositories (modules/<area>/*repository.ts) query it. */
    db: Database;
  }
}

/**
 * The database as the `db` plugin, which every repository plugin names in its dependencies
 * (fastify/demo's src/plugins/external, then src/plugins/app repositories).
 */
export default fp<{ db: Database }>(
  async (app, { db }) => {
    app.decorate('db', db);
  },
  { name: 'db' },
);
