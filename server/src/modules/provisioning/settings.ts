// The provisioning settings the configuration reads (config.ts); nothing here reaches the database.

/** The sandbox's provisioning time when PORTAL_PROVISIONING_DELAY_MS is not set. */
export const DEFAULT_PROVISIONING_DELAY_MS = 15_000;
