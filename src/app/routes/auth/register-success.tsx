import { VERIFY_LINK_TTL_MINUTES } from '@portal/contract';
import { useLocation } from 'react-router-dom';
import * as journeyPaths from '../../../config/journey-paths.ts';
import * as paths from '../../../config/paths.ts';
import { resendVerificationEmail } from '../../../features/auth/api/resend-verification-email.ts';
import { CheckYourEmail } from '../../../features/auth/components/check-your-email.tsx';
import { sentToOf } from '../../../features/auth/sent-to.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { GuestLayout } from '../../layouts/guest-layout.tsx';

/** /auth/register/success: the account is made; check your email for the link that confirms it. */
export function RegisterSuccessPage() {
  usePageTitle('Check your email');
  const email = sentToOf(useLocation().state);
  return (
    <GuestLayout width="560px">
      <CheckYourEmail
        email={email}
        what="a link to confirm your email address"
        lifetime={`Open the link within ${VERIFY_LINK_TTL_MINUTES} minutes to confirm your address, then sign in.`}
        resend={resendVerificationEmail}
        askAgainPath={journeyPaths.authRegister.build()}
        back={{ to: paths.authLogin.build(), label: 'Back to sign in' }}
      />
    </GuestLayout>
  );
}
