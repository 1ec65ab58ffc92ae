import { Text } from '@chakra-ui/react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { MAGIC_LINK_TTL_MINUTES } from '@portal/contract';

import * as journeyPaths from '../../../config/journey-paths.ts';
import * as paths from '../../../config/paths.ts';
import {
  AuthLink,
  EmailRequestForm,
  rememberPathForMagicLink,
  requestMagicLink,
  sentTo,
} from '../../../features/auth/index.ts';
import { NEXT_PARAM } from '../../guards.ts';
import { FormPage } from './form-page.tsx';

/**
 * /auth/login/magic-link: asks for a sign-in link by e-mail. The remembered path (`next`) is
 * kept in this browser for when the link is opened.
 */
export function MagicLinkPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get(NEXT_PARAM);
  const title = 'Email me a sign-in link';
  return (
    <FormPage
      title={title}
      lead={`We will email you a link that signs you in without your password. It works once, for ${MAGIC_LINK_TTL_MINUTES} minutes.`}
    >
      <EmailRequestForm
        title={title}
        hint="Use the email address of your account."
        button="Send sign-in link"
        pendingText="Sending"
        send={async (body) => {
          rememberPathForMagicLink(next);
          await requestMagicLink(body);
          await navigate(journeyPaths.authLoginMagicLinkSuccess.build(), { state: sentTo(body.email) });
        }}
      />
      <Text mt="8">
        <AuthLink to={paths.authLogin.build({}, { [NEXT_PARAM]: next ?? undefined })}>
          Sign in with your password instead
        </AuthLink>
      </Text>
    </FormPage>
  );
}
