import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

/** The root route: every page. A new page starts at its top (a #hash target keeps its place). */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return <Outlet />;
}
