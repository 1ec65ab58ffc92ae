import { Box, Text } from '@chakra-ui/react';

import { accountMessages } from '@portal/contract';

import * as paths from '../../../config/paths.ts';
import { AuthButtonLink } from '../../../features/auth/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ResultPage } from './result-page.tsx';

/** /auth/password_reset/{uid}/{token}/success: the password is changed; sign in with it. */
export function PasswordResetConfirmSuccessPage() {
  usePageTitle('Password changed');
  return (
    <ResultPage heading="Password changed">
      <Box role="status" mb="8">
        <Text fontSize="lg">{accountMessages.passwordReset}</Text>
      </Box>
      <AuthButtonLink to={paths.authLogin.build()}>Sign in</AuthButtonLink>
    </ResultPage>
  );
}
