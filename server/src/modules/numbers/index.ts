// The numbers module as other modules see it: they import nothing else from this folder (eslint.config.js).
export * from './reservation.ts';
export * from './selection.ts';
export { availableInventoryNumber, siteNumbersOf } from './numbers-repository.ts';
export * from './demo-seed.ts';
