import { customType, timestamp } from 'drizzle-orm/pg-core';

// Column names are snake_case in the database: drizzle() and drizzle-kit both run with
// `casing: 'snake_case'`, so the TypeScript keys of every table stay camelCase.

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Bytes (PostgreSQL bytea) as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
