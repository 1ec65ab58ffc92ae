import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router-dom';

import { socialProviderNames } from '@portal/contract';

import * as paths from '../../../config/paths.ts';
import { AuthButtonLink, FailureAlert, useLinkExchange } from '../../../features/auth/index.ts';
import {
  callbackAction,
  completeSocialSignIn,
  forgetSocialSignIn,
  readSocialSignIn,
  startPagePath,
  type SocialSignIn,
} from '../../../features/social-sign-in/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { afterLoginPath } from '../../guards.ts';
import { PendingPage } from './pending-page.tsx';
import { ResultPage } from './result-page.tsx';

interface CallbackData {
  signIn: SocialSignIn;
  code: string;
}

/**
 * Loader of /login, the social sign-in callback. The state the provider sent back must be the
 * one this tab kept: when it is missing or differs, the callback aborts silently, back to sign
 * in with no request and no message (spec 000 section 4). A sign-in cancelled at the provider
 * goes back to the page it began on.
 */
export function loader({ request }: LoaderFunctionArgs): CallbackData {
  const action = callbackAction(new URL(request.url).searchParams, readSocialSignIn());
  // A stray state is left alone: the sign-in this tab did start may still come back.
  if (action.kind === 'abort') throw redirect(paths.authLogin.build());
  forgetSocialSignIn();
  if (action.kind === 'cancelled') throw redirect(startPagePath(action.signIn.page, action.signIn.next));
  return { signIn: action.signIn, code: action.code };
}

/**
 * /login?code=...&state=...: "Signing you in…" while the code is exchanged (POST
 * /auth/{provider}/), then the remembered path or home. A refusal shows the server's message
 * and a way back to the page the sign-in began on.
 */
export function SocialCallbackPage() {
  const callback = useLoaderData() as CallbackData;
  return callback.signIn.page === 'ssu' ? (
    <SelfSignupCallback callback={callback} />
  ) : (
    <SignInCallback callback={callback} />
  );
}

/**
 * The self sign-up's Google step: back to its details page, which spends the code with the sign-up's details
 * (POST /api/v5/signup/auth/google/). (No <Navigate>: its code would join every page's bundle.)
 */
function SelfSignupCallback({ callback }: { callback: CallbackData }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(startPagePath('ssu', callback.signIn.next), {
      replace: true,
      state: { google: { code: callback.code, state: callback.signIn.state } },
    });
  }, [navigate, callback]);
  usePageTitle('Signing you up');
  return <PendingPage label="Signing you up" />;
}

function SignInCallback({ callback }: { callback: CallbackData }) {
  const { signIn } = callback;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useLinkExchange({
    input: callback,
    exchange: (data: CallbackData) =>
      completeSocialSignIn(queryClient, data.signIn.provider, { code: data.code, state: data.signIn.state }),
    onDone: () => void navigate(afterLoginPath(signIn.next), { replace: true }),
  });
  const name = socialProviderNames[signIn.provider];
  usePageTitle(state.kind !== 'failed' ? 'Signing you in' : `Error: Sign in with ${name}`);

  if (state.kind !== 'failed') return <PendingPage label="Signing you in" />;
  return (
    <ResultPage heading={`We could not sign you in with ${name}`}>
      <FailureAlert message={state.message} />
      <AuthButtonLink to={startPagePath(signIn.page, signIn.next)}>
        {signIn.page === 'register' ? 'Back to create an account' : 'Back to sign in'}
      </AuthButtonLink>
    </ResultPage>
  );
}

export { SocialCallbackPage as Component };
