import { Heading } from '@chakra-ui/react';

import { PageLoading } from '../../../components/page-loading.tsx';
import { GuestLayout } from '../../layouts/guest-layout.tsx';

/**
 * A page that is only waiting, while a link's key or a callback's code is exchanged: `label`
 * is its heading (for screen readers) and what the spinner says.
 */
export function PendingPage({ label }: { label: string }) {
  return (
    <GuestLayout width="560px">
      <Heading as="h1" srOnly>
        {label}
      </Heading>
      <PageLoading label={label} />
    </GuestLayout>
  );
}
