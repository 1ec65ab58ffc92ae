import { lazy, Suspense } from 'react';

import { PageLoading } from '../../../components/page-loading.tsx';
import { loadStaffAuditLog } from '../../../features/staff/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

const AuditLog = lazy(async () => ({ default: (await loadStaffAuditLog()).AuditLogPage }));

/** The staff audit log (route staff-audit-log); the server refuses anyone without the role. */
export function StaffAuditLogPage() {
  usePageTitle('Staff audit log');
  return (
    <Suspense fallback={<PageLoading />}>
      <AuditLog />
    </Suspense>
  );
}

export { StaffAuditLogPage as Component };
