import { useCallback, useState } from 'react';

import type { Arrangement } from '@portal/editor-core';

import { useMe } from '../../auth/index.ts';
import { readArrangement, rememberArrangement } from '../logic/arrangement-preference.ts';

/** The canvas's arrangement, remembered per user in this browser (logic/arrangement-preference.ts). */
export function useArrangementPreference() {
  const userId = useMe().data?.id ?? null;
  const [chosen, setChosen] = useState<Arrangement | null>(null);
  const arrangement = chosen ?? (userId === null ? 'tree' : readArrangement(userId));
  const onArrangementChange = useCallback(
    (next: Arrangement) => {
      setChosen(next);
      if (userId !== null) rememberArrangement(userId, next);
    },
    [userId],
  );
  return { arrangement, onArrangementChange };
}
