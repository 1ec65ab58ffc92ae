// The users module (a cloud phone's users, their add-ons and PINs) as other modules see it: they import nothing else
// from this folder (eslint.config.js). Nothing it reaches imports the customers or products modules, which make and
// check users through it.
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
