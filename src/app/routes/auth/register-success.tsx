import { VERIFY_LINK_TTL_MINUTES } from '@portal/contract';

import * as journeyPaths from '../../../config/journey-paths.ts';
import { resendVerificationEmail } from '../../../features/auth/index.ts';
import { CheckYourEmailPage } from './check-your-email-page.tsx';

/** /auth/register/success: the account is made; check your email for the link that confirms it. */
export function RegisterSuccessPage() {
  return (
    <CheckYourEmailPage
      what="a link to confirm your email address"
      lifetime={`Open the link within ${VERIFY_LINK_TTL_MINUTES} minutes to confirm your address, then sign in.`}
      resend={resendVerificationEmail}
      askAgainPath={journeyPaths.authRegister.build()}
    />
  );
}
