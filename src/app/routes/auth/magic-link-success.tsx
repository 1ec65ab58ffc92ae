import { MAGIC_LINK_TTL_MINUTES } from '@portal/contract';
import { useLocation } from 'react-router-dom';
import * as journeyPaths from '../../../config/journey-paths.ts';
import * as paths from '../../../config/paths.ts';
import { requestMagicLink } from '../../../features/auth/api/request-magic-link.ts';
import { CheckYourEmail } from '../../../features/auth/components/check-your-email.tsx';
import { sentToOf } from '../../../features/auth/sent-to.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { GuestLayout } from '../../layouts/guest-layout.tsx';

/** /auth/login/magic-link/success: check your email for the sign-in link. */
export function MagicLinkSuccessPage() {
  usePageTitle('Check your email');
  const email = sentToOf(useLocation().state);
  return (
    <GuestLayout width="560px">
      <CheckYourEmail
        email={email}
        what="a sign-in link"
        lifetime={`The link works once, for ${MAGIC_LINK_TTL_MINUTES} minutes.`}
        resend={(address) => requestMagicLink({ email: address })}
        askAgainPath={journeyPaths.authLoginMagicLink.build()}
        back={{ to: paths.authLogin.build(), label: 'Back to sign in' }}
      />
    </GuestLayout>
  );
}
