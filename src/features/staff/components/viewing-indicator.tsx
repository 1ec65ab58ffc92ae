import { lazy, Suspense } from 'react';
import { useMe } from '../../auth/api/get-me.ts';

// Its code loads only in a switched session: the top bar is on every page, and few sessions are.
const ViewingBar = lazy(async () => ({ default: (await import('../index.ts')).ViewingBar }));

/**
 * The top bar's "Viewing: {customer}" (spec 000 sections 1 and 6): shown only while a staff
 * member acts as a customer (`logged_in_as` of GET /api/v3/me/), with the way back.
 */
export function ViewingIndicator() {
  const user = useMe().data;
  if (!user?.logged_in_as) return null;
  return (
    <Suspense fallback={null}>
      <ViewingBar user={user} actingAs={user.logged_in_as} />
    </Suspense>
  );
}
