import type { Database } from './connect.ts';

/**
 * `prepare(db)` once per database, on first use (building the app asks nothing of the database yet): a
 * statement drizzle builds once, which node-postgres keeps as a named statement on each pooled connection, so
 * PostgreSQL plans it once per connection.
 */
export function preparedPerDatabase<P>(prepare: (db: Database) => P): (db: Database) => P {
  const prepared = new WeakMap<Database, P>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) prepared.set(db, (statement = prepare(db)));
    return statement;
  };
}
