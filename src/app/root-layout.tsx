import { lazy, useEffect, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { AfterPaint } from '../lib/after-paint.tsx';
import { trackPage } from '../lib/analytics.ts';
import { chooseConsent, consentState, subscribeConsent } from '../lib/consent.ts';

// Only with analytics configured and no choice made (or one to change): its code loads then, once the page has
// drawn (on a slow link it does not share it with the page's own code).
const ConsentBanner = lazy(async () => ({ default: (await import('../components/consent-banner.tsx')).ConsentBanner }));

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
  const consent = useSyncExternalStore(subscribeConsent, consentState);
  return (
    <>
      <Outlet />
      {consent.open && consent.settings && (
        <AfterPaint>
          <ConsentBanner
            settings={consent.settings}
            choice={consent.choice}
            onChoose={(choice) => chooseConsent(choice)}
          />
        </AfterPaint>
      )}
    </>
  );
}
