// The hardware module as other modules see it: they import nothing else from this folder (eslint.config.js).
export * from './rules.ts';
export { addBoughtDevices, deviceCount } from './bought-devices-repository.ts';
export * from './demo-seed.ts';
