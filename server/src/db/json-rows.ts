import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A key of `jsonObject`: one of the code's own names, never input. */
const KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** `json_build_object('key', value, ...)` of `fields`. */
function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => {
    if (!KEY.test(key)) throw new Error(`not a JSON key of ours: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * A subquery that answers the rows `from` selects (a table and its conditions: `sql\`${table} where ...\``) as one
 * JSON array of objects with the keys of `fields`, in `orderBy` order; [] when there are none. A query that reads a
 * parent row and its children this way answers one row, not one per child: the parent's columns are sent, parsed and
 * mapped once. Values arrive as JSON gives them (a timestamp as its text, a date as YYYY-MM-DD), which `T` must say.
 */
export function jsonRows<T>(fields: Record<string, SQLWrapper>, from: SQL, orderBy: SQLWrapper): SQL<T[]> {
  return sql<T[]>`coalesce((select json_agg(${jsonObject(fields)} order by ${orderBy}) from ${from}), '[]'::json)`;
}
