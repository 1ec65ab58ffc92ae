// The call-log module as other modules see it: they import nothing else from this folder (eslint.config.js).
export * from './call-log-repository.ts';
export { callWithMatchedUser, matchedUserOn } from './call-log-read-model.ts';
