import type { ComponentProps } from 'react';
import { useLocation } from 'react-router-dom';

import * as paths from '../../../config/paths.ts';
import { CheckYourEmail, sentToOf } from '../../../features/auth/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { GuestLayout } from '../../layouts/guest-layout.tsx';

/**
 * The "Check your email" page a form goes on to after sending a link: the address comes from
 * the navigation's state (none after a reload), and the way back is to sign in.
 */
export function CheckYourEmailPage(props: Omit<ComponentProps<typeof CheckYourEmail>, 'email' | 'back'>) {
  usePageTitle('Check your email');
  const email = sentToOf(useLocation().state);
  return (
    <GuestLayout width="560px">
      <CheckYourEmail {...props} email={email} back={{ to: paths.authLogin.build(), label: 'Back to sign in' }} />
    </GuestLayout>
  );
}
