import { MAGIC_LINK_TTL_MINUTES } from '@portal/contract';

import * as journeyPaths from '../../../config/journey-paths.ts';
import { requestMagicLink } from '../../../features/auth/index.ts';
import { CheckYourEmailPage } from './check-your-email-page.tsx';

/** /auth/login/magic-link/success: check your email for the sign-in link. */
export function MagicLinkSuccessPage() {
  return (
    <CheckYourEmailPage
      what="a sign-in link"
      lifetime={`The link works once, for ${MAGIC_LINK_TTL_MINUTES} minutes.`}
      resend={(address) => requestMagicLink({ email: address })}
      askAgainPath={journeyPaths.authLoginMagicLink.build()}
    />
  );
}
