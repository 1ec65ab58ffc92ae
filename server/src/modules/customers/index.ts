// The customers area: accounts, their products and phone sites. Other modules come in through this file only.
export { create, refuse, journeys, FIRST_EXTENSION } from './customers-repository.ts';
export type {
  CustomerTransaction,
  GiveNumber,
  Journey,
  MadeCustomer,
  NewCloudPhone,
  NewCustomer,
  SeededCloudPhone,
} from './customers-repository.ts';
export {
  everyProduct,
  productIdsOf,
  seedProducts,
  seedQuickstart,
  seedTrial,
  type SeededProduct,
} from './demo-seed.ts';
