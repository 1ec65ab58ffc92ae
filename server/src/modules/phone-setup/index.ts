// The phone-setup module as other modules see it: they import nothing else from this folder (eslint.config.js).
export * from './international.ts';
export * from './demo-seed.ts';
export { voicemailSettingsOf } from './phone-setup-repository.ts';
export { holidaysOf, siteAddOnsOf } from './phone-settings-repository.ts';
