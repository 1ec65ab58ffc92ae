// The profile module as other modules see it: they import nothing else from this folder (eslint.config.js).
export { changePassword } from './profile-repository.ts';
