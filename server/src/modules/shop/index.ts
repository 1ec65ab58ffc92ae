// The shop module as other modules see it: they import nothing else from this folder (eslint.config.js).
export * from './rules.ts';
export { nextBillPence, shopItemsInOrder } from './shop-repository.ts';
