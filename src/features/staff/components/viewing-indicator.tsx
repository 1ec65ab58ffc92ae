import { lazy, Suspense } from 'react';

import { useMe } from '../../auth/index.ts';

/** In the top bar (a pill; a strip under the bar on a phone), or a strip of its own across a frame without a top bar. */
export type ViewingPlacement = 'top-bar' | 'strip';

// Its code loads only in a switched session: the top bar is on every page, and few sessions are.
const ViewingBar = lazy(async () => ({ default: (await import('../staff-tools.ts')).ViewingBar }));

/**
 * The top bar's "Viewing: {customer}" (spec 000 sections 1 and 6): shown only while a staff
 * member acts as a customer (`logged_in_as` of GET /api/v3/me/), with the way back. The
 * call-flow editor, which has no top bar, shows it as a strip above its own bar.
 */
export function ViewingIndicator({ placement = 'top-bar' }: { placement?: ViewingPlacement }) {
  const user = useMe().data;
  if (!user?.logged_in_as) return null;
  return (
    <Suspense fallback={null}>
      <ViewingBar user={user} actingAs={user.logged_in_as} placement={placement} />
    </Suspense>
  );
}
