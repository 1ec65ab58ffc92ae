import { Box, Heading, Text } from '@chakra-ui/react';
import { socialProviderNames } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router-dom';
import { PageLoading } from '../../../components/page-loading.tsx';
import * as paths from '../../../config/paths.ts';
import { AuthButtonLink } from '../../../features/auth/components/auth-link.tsx';
import { completeSocialSignIn } from '../../../features/social-sign-in/api/social-login.ts';
import {
  callbackAction,
  forgetSocialSignIn,
  readSocialSignIn,
  startPagePath,
  type SocialSignIn,
} from '../../../features/social-sign-in/social-state.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { afterLoginPath } from '../../guards.ts';
import { GuestLayout } from '../../layouts/guest-layout.tsx';

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
  const { signIn, code } = useLoaderData() as CallbackData;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const name = socialProviderNames[signIn.provider];
  usePageTitle(failure === null ? 'Signing you in' : `Error: Sign in with ${name}`);

  useEffect(() => {
    let current = true; // StrictMode runs this twice; only the run still mounted goes on
    completeSocialSignIn(queryClient, signIn.provider, { code, state: signIn.state }).then(
      () => {
        if (current) void navigate(afterLoginPath(signIn.next), { replace: true });
      },
      (error: unknown) => {
        if (current) setFailure(userErrorText(error));
      },
    );
    return () => {
      current = false;
    };
  }, [code, signIn, navigate, queryClient]);

  if (failure === null) {
    return (
      <GuestLayout width="560px">
        <Heading as="h1" srOnly>
          Signing you in
        </Heading>
        <PageLoading label="Signing you in" />
      </GuestLayout>
    );
  }
  return (
    <GuestLayout width="560px">
      <Heading as="h1" size="3xl" mb="6">
        We could not sign you in with {name}
      </Heading>
      <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4" mb="8">
        <Text color="fg.error" fontWeight="semibold" overflowWrap="anywhere">
          {failure}
        </Text>
      </Box>
      <AuthButtonLink to={startPagePath(signIn.page, signIn.next)}>
        {signIn.page === 'register' ? 'Back to create an account' : 'Back to sign in'}
      </AuthButtonLink>
    </GuestLayout>
  );
}

export { SocialCallbackPage as Component };
