export { opensQuickstart } from './opens.ts';
/** The quick-start wizard's chunk (default export): it opens on demand. */
export const loadQuickstartWizard = () => import('./components/quickstart-wizard.tsx');
