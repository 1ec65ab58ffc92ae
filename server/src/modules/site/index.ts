// The site module as other modules see it: they import nothing else from this folder (eslint.config.js).
export { lockedSiteUsers, siteNumbers, siteUsers } from './site-read-model.ts';
