// The notifications module (the notification centre and the order tracker) as other modules see it.
export { addHardwareOrder, orderReference } from './hardware-orders-repository.ts';
