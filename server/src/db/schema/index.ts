// The database schema, one file per owner: db/schema/<module>.ts holds the tables of server/src/modules/<module>,
// which alone writes them (eslint.config.js: only that module's files import it). storage.ts and outbox.ts belong
// to server/src/audio and the sandbox's outbox, sandbox.ts to the sandbox. drizzle-kit reads this folder
// (server/drizzle.config.ts); db/ and the server's tests import everything from here.
export * from './audio.ts';
export * from './billing.ts';
export * from './broadband.ts';
export * from './call-flows.ts';
export * from './call-log.ts';
export * from './chat.ts';
export * from './contacts.ts';
export * from './customers.ts';
export * from './getting-started.ts';
export * from './hardware.ts';
export * from './identity.ts';
export * from './notifications.ts';
export * from './numbers.ts';
export * from './outbox.ts';
export * from './phone-setup.ts';
export * from './product-details.ts';
export * from './provisioning.ts';
export * from './sandbox.ts';
export * from './self-signup.ts';
export * from './shop.ts';
export * from './signup.ts';
export * from './social.ts';
export * from './staff.ts';
export * from './storage.ts';
export * from './test-calls.ts';
export * from './users.ts';
