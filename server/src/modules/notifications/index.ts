// The notifications module as other modules see it: they import nothing else from this folder (eslint.config.js).
export { numberTransferAnswer } from './number-transfer.ts';
export type { NotificationsRepository } from './notifications-repository.ts';
