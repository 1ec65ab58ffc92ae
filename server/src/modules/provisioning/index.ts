// The provisioning module as other modules see it: they import nothing else from this folder (eslint.config.js).
export * from './provisioning-repository.ts';
export * from './runner.ts';
export * from './settings.ts';
export * from './status.ts';
