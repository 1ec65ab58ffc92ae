// The customers area: accounts, their products and phone sites. Other modules come in through this file only.
export * from './accounts-repository.ts';
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
  accountIdOfProduct,
  addAdvancedCallFlows,
  cloudPhonesOf,
  cloudPhonesOfAccount,
  endGettingStarted,
  endWelcome,
  makeFullCloudPhone,
  ownedCloudPhone,
  setInstallationAddress,
  setProductStatus,
} from './products-repository.ts';
export type { Account, Product } from './products-repository.ts';
export { changeQuickstart, markUpgradePromptShown, trialOf } from './trials-repository.ts';
export type { QuickstartChanges, QuickstartRow, TrialRow } from './trials-repository.ts';
export {
  everyProduct,
  productIdsOf,
  seedProducts,
  seedQuickstart,
  seedTrial,
  type SeededProduct,
} from './demo-seed.ts';
