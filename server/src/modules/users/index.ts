// The users module (a cloud phone's users, its seats) as other modules see it.
export * from './seats-repository.ts';
export { setSeatPins } from './seat-updates-repository.ts';
