import { Box, Heading, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';

import {
  isSocialPage,
  isSocialProvider,
  socialProviderNames,
  type SocialProvider,
  type SocialStartPage,
} from '@portal/contract';

import { PageLoading } from '../../../components/page-loading.tsx';
import { AuthButtonLink } from '../../../features/auth/index.ts';
import {
  leaveFor,
  rememberSocialSignIn,
  startPagePath,
  startSocialSignIn,
} from '../../../features/social-sign-in/index.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { isSafePath } from '../../../lib/safe-path.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { NEXT_PARAM } from '../../guards.ts';
import { GuestLayout } from '../../layouts/guest-layout.tsx';

type RedirectData =
  | { provider: SocialProvider; page: SocialStartPage; next: string | null; authorizationUrl: string; error: null }
  | { provider: SocialProvider; page: SocialStartPage; next: string | null; authorizationUrl: null; error: string };

const BACK_TEXT: Record<SocialStartPage, string> = {
  login: 'Back to sign in',
  register: 'Back to create an account',
  ssu: 'Back to your details',
};

/** Only a web address is followed: never a javascript: or data: URL, whoever answered it. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * Loader of /auth/{page}/{provider}/ (routes.tsx runs it after the guest-only guard). A provider
 * that is not google, facebook or linkedin (or a page that is not login or register) does
 * nothing: back to the page it came from, without a request (spec 001). Otherwise it asks the
 * server for a state and the provider's authorization URL, and keeps the state in this tab.
 */
export async function socialRedirectLoader({ request, params }: LoaderFunctionArgs): Promise<RedirectData> {
  const { page, provider } = params;
  const requested = new URL(request.url).searchParams.get(NEXT_PARAM);
  const next = isSafePath(requested) ? requested : null;
  if (!isSocialPage(page) || !isSocialProvider(provider))
    throw redirect(startPagePath(isSocialPage(page) ? page : 'login', next));
  return leaveForProvider(provider, page, next);
}

/**
 * Loader of /auth/register/ssu (the self sign-up's "Sign up with Google", after the route's checks): a state
 * for the self sign-up, kept in this tab with the details page to come back to (`next`).
 */
export function ssuRedirectLoader(next: string): Promise<RedirectData> {
  return leaveForProvider('google', 'ssu', next);
}

async function leaveForProvider(
  provider: SocialProvider,
  page: SocialStartPage,
  next: string | null,
): Promise<RedirectData> {
  try {
    const { authorization_url: authorizationUrl, state } = await startSocialSignIn(provider, page);
    if (!isWebUrl(authorizationUrl)) throw new Error(`Not a web address: ${authorizationUrl}`);
    rememberSocialSignIn({ state, provider, page, next });
    return { provider, page, next, authorizationUrl, error: null };
  } catch (error) {
    return { provider, page, next, authorizationUrl: null, error: userErrorText(error) };
  }
}

/** /auth/{page}/{provider}/: "Taking you to Google…" while the browser leaves for the provider. */
export function SocialRedirectPage() {
  const data = useLoaderData() as RedirectData;
  const name = socialProviderNames[data.provider];
  usePageTitle(data.error === null ? `Signing in with ${name}` : `Error: Sign in with ${name}`);

  useEffect(() => {
    if (data.authorizationUrl) leaveFor(data.authorizationUrl);
  }, [data.authorizationUrl]);

  if (data.error === null) {
    return (
      <GuestLayout width="560px">
        <Heading as="h1" srOnly>
          Sign in with {name}
        </Heading>
        <PageLoading label={`Taking you to ${name}`} />
      </GuestLayout>
    );
  }
  return (
    <GuestLayout width="560px">
      <Heading as="h1" size="3xl" mb="6">
        We could not start signing you in with {name}
      </Heading>
      <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4" mb="8">
        <Text color="fg.error" fontWeight="semibold" overflowWrap="anywhere">
          {data.error}
        </Text>
      </Box>
      <AuthButtonLink to={startPagePath(data.page, data.next)}>{BACK_TEXT[data.page]}</AuthButtonLink>
    </GuestLayout>
  );
}

export { SocialRedirectPage as Component };
