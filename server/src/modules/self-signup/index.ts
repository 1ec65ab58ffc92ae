// The self sign-up module (spec 001 section 6) as other modules see it: they import nothing else from this folder
// (eslint.config.js).
export { confirmSignupRegistration } from './registration.ts';
