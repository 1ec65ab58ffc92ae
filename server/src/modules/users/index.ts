// The users module (a cloud phone's users, their add-ons and PINs) as other modules see it: they import nothing else
// from this folder (eslint.config.js). Nothing it reaches imports the customers module, which makes a new phone's first
// user (import-x/no-cycle).
export { seatOf } from './seat.ts';
export {
  lockedVoipUsersOf,
  lockVoipUser,
  setMainUserPin,
  voipUserById,
  voipUserCount,
  voipUserNames,
  voipUsersOf,
} from './voip-users-repository.ts';
export * from './seats-repository.ts';
export { setSeatPins } from './seat-updates-repository.ts';
export * from './demo-seed.ts';
export { seedLockedUser } from './demo-seats.ts';
export { seatOfProduct, seatsOfProduct, userById } from './users-repository.ts';
