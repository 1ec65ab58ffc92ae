// The products module as other modules see it: they import nothing else from this folder (eslint.config.js).
export * from './products-read-model.ts';
export * from './products.ts';
// The condition "the account's cloud phones", for read models that join products (the customers module's).
export { cloudPhonesOf } from '../customers/index.ts';
