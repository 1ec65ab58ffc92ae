export { opensQuickstart } from './opens.ts';
/** The quick-start wizard's chunk: it opens on demand. */
export const loadQuickstartWizard = () => import('./components/quickstart-wizard.tsx');
