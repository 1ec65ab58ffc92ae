/**
 * The staff feature's public surface. The shell always shows the "Viewing" indicator; the
 * rest (the admin dialog, the "Viewing" bar, the switch calls) loads on demand as one chunk,
 * so the pages that are always there carry none of it.
 */
export { ViewingIndicator } from './components/viewing-indicator.tsx';
export const loadStaffTools = () => import('./staff-tools.ts');
/** The staff audit log page (its own chunk, loaded with its route). */
export const loadStaffAuditLog = () => import('./components/audit-log-page.tsx');
