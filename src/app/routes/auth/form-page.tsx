import { Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { GuestLayout } from '../../layouts/guest-layout.tsx';

interface FormPageProps {
  /** The page's heading; the form takes it as the page title too. */
  title: string;
  /** The sentence under the heading. */
  lead: ReactNode;
  width?: string;
  /** The form, and the links after it. */
  children: ReactNode;
}

/** A page of the sign-in journeys whose main content is one form: heading, a sentence, the form. */
export function FormPage({ title, lead, width = '560px', children }: FormPageProps) {
  return (
    <GuestLayout width={width}>
      <Heading as="h1" size="3xl" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted" mb="8">
        {lead}
      </Text>
      {children}
    </GuestLayout>
  );
}
