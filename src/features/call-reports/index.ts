// Call reports as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.

/** The call reports page (/call-reports/{id}?tab=call-trends), loaded on demand; its charts load Chart.js on demand in turn. */
export const loadCallReportsPage = () => import('./components/call-reports-page.tsx');
