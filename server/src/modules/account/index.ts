// The account module (the e-mail sign-in journeys) as other modules see it: its throttles, reset links' uids, users by id.
export * from './throttles.ts';
export * from './uids.ts';
export { userById } from './account-repository.ts';
