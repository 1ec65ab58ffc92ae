// Apart from the limits and their messages (storage-limits.ts): the shell's error wording needs only
// these, and a module is bundled whole, so the messages would otherwise load with every page.

/** The status of an answer over a storage limit: the request is fine, the product's state forbids it. */
export const STORAGE_LIMIT_STATUS = 409;
/** The status when the server's disk (or database) is full. */
export const STORAGE_FULL_STATUS = 507;
