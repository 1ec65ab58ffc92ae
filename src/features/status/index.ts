// The status feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { CREDIT_STATUS_KEY, creditStatusQueryOptions } from './api/get-credit-status.ts';
export { gettingStartedQueryOptions } from './api/get-getting-started.ts';
export { LOCKED_USERS_KEY, lockedUsersQueryOptions } from './api/get-locked-users.ts';
export {
  isBlocked,
  SERVICE_STATUS_KEY,
  serviceStatusQueryOptions,
  useServiceStatus,
} from './api/get-service-status.ts';
export { useStatuses } from './api/use-statuses.ts';
/** The status cards' chunk: the home page loads it beside the page. */
export const loadStatusCards = () => import('./components/status-cards.tsx');
