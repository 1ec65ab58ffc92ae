import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { displayPrice, REFERRAL_CREDIT, REFERRAL_TERMS } from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { selfSignupCalls } from '../api/self-signup-api.ts';

/** Spec 001 section 9: the copy tooltip says 'Copied!' (for 6000 ms) and 'Copy' again after 6250 ms. */
const COPY_AGAIN_MS = 6250;

function Terms() {
  return (
    <Box as="section" aria-labelledby="referral-terms">
      <Heading as="h2" id="referral-terms" size="lg" mb="2">
        Terms
      </Heading>
      <chakra.ul ps="5" display="grid" gap="1">
        {REFERRAL_TERMS.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </chakra.ul>
    </Box>
  );
}

/**
 * Referrals (/referrals; the spec lists the route only): a customer's personal link to copy,
 * the terms, and the referrals made (sign-ups started from the link). A visitor who is not
 * signed in reads how it works and is asked to sign in for their link.
 */
export function ReferralsPage({ loggedIn }: { loggedIn: boolean }) {
  usePageTitle('Refer a business');
  return (
    <Flex direction="column" gap="6">
      <Box>
        <Heading as="h1" size="2xl" mb="2">
          Refer a business
        </Heading>
        <Text color="fg.muted">
          Know a business that needs a better phone system? Send them your link: you get {displayPrice(REFERRAL_CREDIT)}{' '}
          credit, they get their first month free.
        </Text>
      </Box>
      {loggedIn ? (
        <YourReferrals />
      ) : (
        <Box>
          {/* type={undefined}: Button would put type="button" on the link */}
          <Button asChild colorPalette="brand" type={undefined}>
            <RouterLink to="/auth/login?next=%2Freferrals">Sign in to get your link</RouterLink>
          </Button>
        </Box>
      )}
      <Terms />
    </Flex>
  );
}

function YourReferrals() {
  const referrals = useQuery({ queryKey: ['referrals'], queryFn: ({ signal }) => selfSignupCalls.referrals(signal) });
  const [label, setLabel] = useState<'Copy' | 'Copied!'>('Copy');
  const [copyError, setCopyError] = useState<string | null>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  if (referrals.isPending) return <Loading label="Loading your referral link" />;
  if (referrals.isError)
    return (
      <LoadError
        title="We could not load your referral link"
        error={referrals.error}
        onRetry={() => void referrals.refetch()}
        retrying={referrals.isFetching}
      />
    );
  const { link, referrals: made } = referrals.data;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopyError(null);
      setLabel('Copied!');
      timers.current.forEach(clearTimeout);
      timers.current = [setTimeout(() => setLabel('Copy'), COPY_AGAIN_MS)];
    } catch {
      setCopyError('Your browser did not let us copy: select the link and copy it yourself.');
    }
  };
  return (
    <>
      <Box
        as="section"
        aria-labelledby="referral-link"
        borderWidth="1px"
        rounded="lg"
        p={{ base: '4', md: '6' }}
        bg="bg"
      >
        <Heading as="h2" id="referral-link" size="lg" mb="3">
          Your personal link
        </Heading>
        <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
          <chakra.input
            readOnly
            value={link}
            aria-label="Your referral link"
            flex="1"
            borderWidth="2px"
            rounded="md"
            px="3"
            py="2"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button colorPalette="brand" onClick={() => void copy()} aria-live="polite">
            {label}
          </Button>
        </Flex>
        {copyError && (
          <Text role="alert" color="fg.error" mt="2">
            {copyError}
          </Text>
        )}
      </Box>
      <Box as="section" aria-labelledby="referrals-made">
        <Heading as="h2" id="referrals-made" size="lg" mb="2">
          Referrals made
        </Heading>
        {made.length === 0 ? (
          <Text color="fg.muted">
            No referrals yet. When a business starts a sign-up with your link, it shows here.
          </Text>
        ) : (
          <chakra.table width="full">
            <thead>
              <tr>
                <chakra.th textAlign="start">Business</chakra.th>
                <chakra.th textAlign="start">Started</chakra.th>
                <chakra.th textAlign="start">Status</chakra.th>
              </tr>
            </thead>
            <tbody>
              {made.map((referral) => (
                <tr key={`${referral.business_name}-${referral.created_at}`}>
                  <td>{referral.business_name}</td>
                  <td>{formatDate(referral.created_at)}</td>
                  <td>{referral.status === 'signed_up' ? 'Signed up' : 'Sign-up started'}</td>
                </tr>
              ))}
            </tbody>
          </chakra.table>
        )}
      </Box>
    </>
  );
}
