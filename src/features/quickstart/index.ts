// The quickstart feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { opensQuickstart } from './opens.ts';
/** The quick-start wizard's chunk: it opens on demand. */
export const loadQuickstartWizard = () => import('./components/quickstart-wizard.tsx');
