// The database schema, one file per area; drizzle-kit reads this folder (server/drizzle.config.ts).
// Only repositories (modules/*/...repository.ts) and db/ import it (eslint.config.js says so).
export * from './accounts.ts';
export * from './auth.ts';
export * from './broadband.ts';
export * from './chat.ts';
export * from './contacts.ts';
export * from './getting-started.ts';
export * from './notifications.ts';
export * from './outbox.ts';
export * from './phone.ts';
export * from './provisioning.ts';
export * from './staff.ts';
export * from './storage.ts';
export * from './numbers.ts';
export * from './phone-setup.ts';
export * from './users.ts';
export * from './signup.ts';
export * from './self-signup.ts';
export * from './hardware.ts';
export * from './product-details.ts';
export * from './billing.ts';
export * from './call-log.ts';
export * from './shop.ts';
export * from './call-flow-versions.ts';
export * from './test-calls.ts';
