// The identity module: sign-in users, their tokens, one-time keys, throttles, SMS codes and address verification.
// Other modules come in through this file only.
export * from './credentials-repository.ts';
export * from './email-changes-repository.ts';
export * from './me-repository.ts';
export * from './me.ts';
export * from './one-time-keys-repository.ts';
export * from './one-time-keys.ts';
export * from './password-policy.ts';
export * from './passwords.ts';
export * from './rate-limit-repository.ts';
export * from './sms-codes-repository.ts';
export * from './social-providers.ts';
export * from './throttle-repository.ts';
export * from './tokens-repository.ts';
export * from './tokens.ts';
export * from './users-repository.ts';
export * from './verification-repository.ts';
export * from './verification.ts';
export * from './demo-seed.ts';
