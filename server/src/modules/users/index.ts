// The users module as other modules see it.
export { setSeatPins } from './seat-updates-repository.ts';
