// The products module as other modules see it: they import nothing else from this folder (eslint.config.js).
export * from './products-read-model.ts';
export * from './products.ts';
