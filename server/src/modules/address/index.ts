// The address module as other modules see it: they import nothing else from this folder (eslint.config.js).
export { installationAddressOf } from './installation-address.ts';
