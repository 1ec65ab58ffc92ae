import { Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';

import * as journeyPaths from '../../../config/journey-paths.ts';
import * as paths from '../../../config/paths.ts';
import { AuthLink, RegisterForm, sentTo } from '../../../features/auth/index.ts';
import { loadSocialSignInButtons } from '../../../features/social-sign-in/index.ts';
import { FormPage } from './form-page.tsx';

// Social sign-in loads beside the page, not in its first download.
const SocialSignInButtons = lazy(loadSocialSignInButtons);

/** /auth/register: a new account with e-mail and password, confirmed by a link sent by e-mail. */
export function RegisterPage() {
  const navigate = useNavigate();
  const title = 'Create an account';
  return (
    <FormPage
      title={title}
      lead="Create an account to manage your phone, broadband and fibre services online."
      width="640px"
    >
      <RegisterForm
        title={title}
        onRegistered={(email) => void navigate(journeyPaths.authRegisterSuccess.build(), { state: sentTo(email) })}
      />
      <Suspense fallback={null}>
        <SocialSignInButtons page="register" />
      </Suspense>
      <Text mt="8">
        Already have an account? <AuthLink to={paths.authLogin.build()}>Sign in</AuthLink>
      </Text>
    </FormPage>
  );
}
