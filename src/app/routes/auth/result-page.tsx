import { Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { GuestLayout } from '../../layouts/guest-layout.tsx';

/**
 * The page at the end of a link or a journey: what happened as the heading, then the message
 * and the way on (`children`).
 */
export function ResultPage({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <GuestLayout width="560px">
      <Heading as="h1" size="3xl" mb="6">
        {heading}
      </Heading>
      {children}
    </GuestLayout>
  );
}
