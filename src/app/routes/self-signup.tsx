import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { Loading } from '../../components/states.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { loadNumberSelection } from '../../features/numbers/index.ts';
import {
  OnlineSignupPage,
  ReferralsPage,
  SelfSignupPage,
  VerifyMobilePage,
  type OnlineSignupPageName,
  type SignupSection,
  type SignupVariant,
} from '../../features/self-signup/index.ts';
import { setToken } from '../../lib/token-storage.ts';

const NumberSelectPage = lazy(() => loadNumberSelection().then((module) => ({ default: module.NumberSelectPage })));

/** The self sign-up journeys' pages (/signup, /signup-voip3, /signup-voip3-b, each /{page}); the route checked the page. */
export function SelfSignupRoute({ variant }: { variant: SignupVariant }) {
  const navigate = useNavigate();
  const section = useParams().page as SignupSection;
  const [search] = useSearchParams();
  const go = useCallback((next: SignupSection) => navigate(`/${variant}/${next}`), [navigate, variant]);
  const signIn = useCallback(
    (key: string) => {
      setToken(key);
      navigate('/', { replace: true });
    },
    [navigate],
  );
  // Google's answer comes in the history state (the social callback's); taken once, and dropped from history so a reload does not send it again.
  const location = useLocation();
  const [google] = useState(() => googleAnswerOf(location.state));
  useEffect(() => {
    if (google) void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [google, navigate, location.pathname, location.search]);
  const startGoogle = useCallback(
    () => navigate(`/auth/register/ssu?next=${encodeURIComponent(`/${variant}/details`)}`),
    [navigate, variant],
  );
  return (
    <SelfSignupPage
      key={variant}
      variant={variant}
      section={section}
      go={go}
      referralCode={search.get('ref')}
      onSignedIn={signIn}
      google={google}
      startGoogle={startGoogle}
    />
  );
}

function googleAnswerOf(state: unknown): { code: string; state: string } | null {
  const google = (state as { google?: unknown } | null)?.google as Record<string, unknown> | undefined;
  return typeof google?.code === 'string' && typeof google.state === 'string'
    ? { code: google.code, state: google.state }
    : null;
}

export function OnlineSignupRoute() {
  const navigate = useNavigate();
  const page = useParams().page as OnlineSignupPageName;
  const [search] = useSearchParams();
  const go = useCallback((next: OnlineSignupPageName) => navigate(`/online-signup/${next}`), [navigate]);
  const goToStarted = useCallback(
    (supplier: 2 | 3) => navigate(supplier === 2 ? '/signup/started' : '/signup-voip3/started'),
    [navigate],
  );
  return (
    <OnlineSignupPage page={page} queryToken={search.get('ssu_details_token')} go={go} goToStarted={goToStarted} />
  );
}

export function VerifyMobileRoute() {
  const [search] = useSearchParams();
  return <VerifyMobilePage token={search.get('token')} />;
}

export function ReferralsRoute() {
  return <ReferralsPage loggedIn={useAuth().loggedIn} />;
}

/** /number-select?token=...: the choice the token opens (its loader has sent a visitor without one home). */
export function NumberSelectRoute() {
  const [search] = useSearchParams();
  return (
    <Suspense fallback={<Loading label="Opening your number choice" />}>
      <NumberSelectPage token={search.get('token') ?? ''} />
    </Suspense>
  );
}
