import { Text } from '@chakra-ui/react';
import { useNavigate, useParams } from 'react-router-dom';

import * as journeyPaths from '../../../config/journey-paths.ts';
import { AuthLink, NewPasswordForm } from '../../../features/auth/index.ts';
import { FormPage } from './form-page.tsx';

/**
 * /auth/password_reset/{uid}/{token}: where a reset link lands; the new password twice. Not
 * guest-only: the link works whoever is signed in here, and the reset ends every session of
 * its account.
 */
export function PasswordResetConfirmPage() {
  const navigate = useNavigate();
  const { uid = '', token = '' } = useParams();
  const title = 'Create a new password';
  return (
    <FormPage title={title} lead="After this you sign in with your new password.">
      <NewPasswordForm
        title={title}
        uid={uid}
        token={token}
        onChanged={() =>
          void navigate(journeyPaths.authPasswordResetConfirmSuccess.build({ uid, token }), { replace: true })
        }
      />
      <Text mt="8">
        Link not working?{' '}
        <AuthLink to={journeyPaths.authPasswordReset.build()}>Ask for a new password reset link</AuthLink>
      </Text>
    </FormPage>
  );
}
