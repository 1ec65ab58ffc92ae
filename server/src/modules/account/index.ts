// The account module (the e-mail sign-in journeys) as other modules see it: its throttles and reset links' uids.
export * from './throttles.ts';
export * from './uids.ts';
