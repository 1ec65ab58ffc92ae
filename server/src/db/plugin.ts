import fp from 'fastify-plugin';

import type { Database } from './connect.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The drizzle database. Only repositories (modules/<area>/*repository.ts) query it. */
    db: Database;
  }
}

/**
 * The database as the `db` plugin: handlers hand `app.db` (or a transaction of it) to the repositories' functions,
 * and the background jobs name this plugin in their dependencies.
 */
export default fp<{ db: Database }>(
  async (app, { db }) => {
    app.decorate('db', db);
  },
  { name: 'db' },
);
