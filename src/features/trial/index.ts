// The trial feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export {
  isInTrialFor,
  setUpgradeTrigger,
  trialStatusQueryOptions,
  upgradeTrigger,
  useTrialStatus,
} from './api/get-trial-status.ts';
export type { UpgradeTrigger } from './rules.ts';
/** The trial banner's chunk: the default layout shows it on demand. */
export const loadTrialBanner = () => import('./components/trial-banner.tsx');
