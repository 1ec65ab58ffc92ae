// The notifications module (the notification centre and the order tracker) as other modules see it: they import
// nothing else from this folder (eslint.config.js).
export { addHardwareOrder, orderReference } from './hardware-orders-repository.ts';
export { numberTransferAnswer } from './number-transfer.ts';
export { addNumberChange, addNumberTransfer, addOrder, openNumberTransfers } from './notifications-repository.ts';
