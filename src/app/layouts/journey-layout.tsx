import { Button, Text } from '@chakra-ui/react';
import { Outlet, Link as RouterLink } from 'react-router-dom';

import * as paths from '../../config/paths.ts';
import { useAuth } from '../../features/auth/index.ts';
import type { JourneyFrame } from '../journey-frames.ts';
import { GuestLayout } from './guest-layout.tsx';

/** What each frame's header says, and how wide its page is. */
const FRAMES: Record<JourneyFrame, { label: string; width: string }> = {
  'sign-up': { label: 'Sign up', width: '720px' },
  'buy-now': { label: 'Buy online', width: '960px' },
  'number-select': { label: 'Choose your number', width: '960px' },
  'make-a-payment': { label: 'Make a payment', width: '640px' },
  mandate: { label: 'Set up a Direct Debit', width: '640px' },
  'recurring-card-payment': { label: 'Card payments', width: '640px' },
  'broadband-availability': { label: 'Broadband', width: '960px' },
};

/**
 * The guest journeys' frames (spec 000, layouts: sign-up, buy-now, number-select,
 * make-a-payment, mandate, recurring card payment, broadband availability): the guest
 * header with the journey's name and a way to the account (home when signed in, sign in
 * when not), and the journey's page. The make-a-payment frame's "nav bar" is this header.
 */
export function JourneyLayout({ frame }: { frame: JourneyFrame }) {
  const { loggedIn } = useAuth();
  const { label, width } = FRAMES[frame];
  return (
    <GuestLayout
      width={width}
      headerEnd={
        <>
          <Text
            fontWeight="semibold"
            color="fg.muted"
            display={{ base: 'none', md: 'block' }}
            flex="1"
            textAlign="center"
          >
            {label}
          </Text>
          {/* type={undefined}: Button would put type="button" on the link */}
          <Button asChild variant="outline" size="sm" type={undefined}>
            {loggedIn ? (
              <RouterLink to={paths.index.build()}>Your account</RouterLink>
            ) : (
              <RouterLink to={paths.authLogin.build()}>Sign in</RouterLink>
            )}
          </Button>
        </>
      }
    >
      <Outlet />
    </GuestLayout>
  );
}
