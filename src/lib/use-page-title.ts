import { useEffect } from 'react';

import { pageTitle } from '../config/brand.ts';

/** Sets `document.title` to "{page} | Customer Portal" (the portal name alone without a page). */
export function usePageTitle(page?: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
