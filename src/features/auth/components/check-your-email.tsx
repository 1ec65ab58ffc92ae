import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

import { userErrorText } from '../../../lib/error-text.ts';
import { AuthLink } from './auth-link.tsx';

interface CheckYourEmailProps {
  /** The address the link went to, when this page was reached from the form (not after a reload). */
  email: string | null;
  /** What was sent, e.g. "a sign-in link". */
  what: string;
  /** How long the link works (from the contract's TTL). */
  lifetime: string;
  /** Sends the same e-mail again. */
  resend: (email: string) => Promise<unknown>;
  /** The form to ask again from, when the address is not known here. */
  askAgainPath: string;
  back: { to: string; label: string };
  children?: ReactNode;
}

type Resent = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string };

/**
 * "Check your email" (the GOV.UK pattern), after a link was asked for: where it went, how long
 * it works, and "Not received it?" with a way to send another. Every answer is worded so it
 * does not say whether the address has an account.
 */
export function CheckYourEmail({ email, what, lifetime, resend, askAgainPath, back, children }: CheckYourEmailProps) {
  const [resent, setResent] = useState<Resent>({ kind: 'idle' });
  const sendAgain = () => {
    if (email === null || resent.kind === 'sending') return;
    setResent({ kind: 'sending' });
    resend(email).then(
      () => setResent({ kind: 'sent' }),
      (error: unknown) => setResent({ kind: 'error', message: userErrorText(error) }),
    );
  };

  return (
    <>
      <Heading as="h1" size="3xl" mb="6">
        Check your email
      </Heading>
      <Text fontSize="lg" mb="4" overflowWrap="anywhere">
        {email ? (
          <>
            We have sent {what} to <strong>{email}</strong> if it belongs to an account.
          </>
        ) : (
          <>We have sent {what} to the address you gave us if it belongs to an account.</>
        )}
      </Text>
      <Text fontSize="lg" mb="8">
        {lifetime}
      </Text>
      {children}
      <Box as="section" aria-labelledby="not-received-heading" mb="8">
        <Heading as="h2" id="not-received-heading" size="lg" mb="2">
          Not received it?
        </Heading>
        <Text mb="4">Emails can take a few minutes to arrive. Check your spam or junk folder.</Text>
        {email ? (
          <Button
            variant="outline"
            colorPalette="brand"
            size="lg"
            onClick={sendAgain}
            loading={resent.kind === 'sending'}
            loadingText="Sending"
            aria-busy={resent.kind === 'sending'}
          >
            Send another link
          </Button>
        ) : (
          <AuthLink to={askAgainPath}>Send another link</AuthLink>
        )}
        <Box aria-live="polite" mt="4">
          {resent.kind === 'sent' && email && (
            <Text fontWeight="semibold" overflowWrap="anywhere">
              We have sent another link to {email}.
            </Text>
          )}
        </Box>
        {resent.kind === 'error' && (
          <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4">
            <Text color="fg.error" fontWeight="semibold">
              {resent.message}
            </Text>
          </Box>
        )}
      </Box>
      <AuthLink to={back.to}>{back.label}</AuthLink>
    </>
  );
}
