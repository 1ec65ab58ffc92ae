import { RESET_LINK_TTL_MINUTES } from '@portal/contract';

import * as journeyPaths from '../../../config/journey-paths.ts';
import { requestPasswordReset } from '../../../features/auth/index.ts';
import { CheckYourEmailPage } from './check-your-email-page.tsx';

/** /auth/password_reset/success: check your email for the reset link. */
export function PasswordResetSuccessPage() {
  return (
    <CheckYourEmailPage
      what="a link to reset your password"
      lifetime={`The link works once, for ${RESET_LINK_TTL_MINUTES} minutes.`}
      resend={(address) => requestPasswordReset({ email: address })}
      askAgainPath={journeyPaths.authPasswordReset.build()}
    />
  );
}
