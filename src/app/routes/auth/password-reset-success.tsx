import { RESET_LINK_TTL_MINUTES } from '@portal/contract';
import { useLocation } from 'react-router-dom';
import * as journeyPaths from '../../../config/journey-paths.ts';
import * as paths from '../../../config/paths.ts';
import { requestPasswordReset } from '../../../features/auth/api/password-reset.ts';
import { CheckYourEmail } from '../../../features/auth/components/check-your-email.tsx';
import { sentToOf } from '../../../features/auth/sent-to.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { GuestLayout } from '../../layouts/guest-layout.tsx';

/** /auth/password_reset/success: check your email for the reset link. */
export function PasswordResetSuccessPage() {
  usePageTitle('Check your email');
  const email = sentToOf(useLocation().state);
  return (
    <GuestLayout width="560px">
      <CheckYourEmail
        email={email}
        what="a link to reset your password"
        lifetime={`The link works once, for ${RESET_LINK_TTL_MINUTES} minutes.`}
        resend={(address) => requestPasswordReset({ email: address })}
        askAgainPath={journeyPaths.authPasswordReset.build()}
        back={{ to: paths.authLogin.build(), label: 'Back to sign in' }}
      />
    </GuestLayout>
  );
}
