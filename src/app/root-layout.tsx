import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { trackPage } from '../lib/analytics.ts';
import { analyticsConfigured } from '../lib/consent-loader.ts';

// Only with analytics configured: the banner's host and the consent module load then.
const ConsentHost = lazy(async () => ({ default: (await import('../components/consent-banner.tsx')).ConsentHost }));

/**
 * The root route: every page. A new page starts at its top (a #hash target keeps its place); each page
 * shown is a page view for the analytics services, and the consent banner shows while a choice is due.
 */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  useEffect(() => trackPage(pathname), [pathname]);
  return (
    <>
      <Outlet />
      {analyticsConfigured() && (
        <Suspense fallback={null}>
          <ConsentHost />
        </Suspense>
      )}
    </>
  );
}
