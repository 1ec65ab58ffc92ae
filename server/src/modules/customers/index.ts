// The customers area: accounts, their products and phone sites. Other modules come in through this file only.
export { create, refuse, journeys, FIRST_EXTENSION } from './customers-repository.ts';
export type {
  CustomerTransaction,
  GiveNumber,
  Journey,
  MadeCustomer,
  NewCloudPhone,
  NewCustomer,
} from './customers-repository.ts';
export { lockProduct } from './product-lock-repository.ts';
