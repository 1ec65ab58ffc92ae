import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { displayPhone, type BuyNowSummary } from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import * as paths from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useBuyNowSummary } from '../api/get-buy-now-summary.ts';

/**
 * Buy-now complete (/buynow/complete/{id}, spec 000 sections 2 and 4): what the customer
 * bought online, the phone's new number, the next steps (the apps, call flows) and the way
 * to the account. The route's loader has made the welcome call by the time it shows.
 */
export function BuyNowComplete({ productId }: { productId: number }) {
  usePageTitle('Your cloud phone is ready');
  const summary = useBuyNowSummary(productId);
  return (
    <Flex direction="column" gap="8">
      <Box>
        <Heading as="h1" size="3xl" mb="3">
          Your cloud phone is ready
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          Thank you for buying online. Here is what you bought, your new number and what to do next.
        </Text>
      </Box>
      {summary.isPending ? (
        <Loading label="Loading what you bought" />
      ) : summary.isError ? (
        <LoadError
          title="What you bought could not be loaded"
          error={summary.error}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <Purchase summary={summary.data} />
      )}
      <NextSteps productId={productId} />
      <Box>
        {/* type={undefined}: Button would put type="button" on the link */}
        <Button asChild colorPalette="brand" size="lg" type={undefined} w={{ base: 'full', sm: 'auto' }}>
          <RouterLink to={paths.index.build()}>Go to your account</RouterLink>
        </Button>
      </Box>
    </Flex>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" rounded="lg" bg="bg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" id={id} size="xl" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** One line of the purchase: a term and its value, stacked on a phone, side by side above. */
function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Flex
      direction={{ base: 'column', sm: 'row' }}
      gap={{ base: '0', sm: '4' }}
      py="2"
      borderTopWidth="1px"
      _first={{ borderTopWidth: 0 }}
    >
      <chakra.dt fontWeight="semibold" minW={{ sm: '44' }}>
        {term}
      </chakra.dt>
      <chakra.dd ms="0">{children}</chakra.dd>
    </Flex>
  );
}

function Purchase({ summary }: { summary: BuyNowSummary }) {
  return (
    <>
      <Section id="new-number-heading" title="Your new number">
        {summary.pilot_number ? (
          <>
            <Text fontSize="3xl" fontWeight="bold" letterSpacing="wide" data-testid="new-number">
              {displayPhone(summary.pilot_number)}
            </Text>
            <Text color="fg.muted" mt="1">
              Calls to this number ring your cloud phone
              {summary.users[0] ? ` (${summary.users[0].name}, extension ${summary.users[0].extension})` : ''}.
            </Text>
            {summary.other_numbers.length > 0 && (
              <Text mt="3">Also yours: {summary.other_numbers.map(displayPhone).join(', ')}</Text>
            )}
          </>
        ) : (
          <>
            <Text fontWeight="semibold" data-testid="number-not-chosen">
              You have not chosen your number yet: until you do, your cloud phone has no number callers can dial.
            </Text>
            <Text mt="2">
              Choose it with the link in the email we sent you (“Choose your business phone number”), or now, on your
              phone numbers page.
            </Text>
            <Button asChild variant="outline" colorPalette="brand" size="sm" mt="3" type={undefined}>
              <RouterLink to={paths.phoneNumbers.build({ id: summary.product_id })}>Choose your number</RouterLink>
            </Button>
          </>
        )}
      </Section>
      <Section id="purchase-heading" title="What you bought">
        <chakra.dl>
          <Row term="Product">{summary.product_detail || 'Cloud phone'}</Row>
          <Row term="Ordered">{formatDate(summary.confirmed_date)}</Row>
          <Row term={summary.users.length === 1 ? 'User' : 'Users'}>
            {summary.users.length === 0 ? (
              'None yet'
            ) : (
              <chakra.ul listStyle="none">
                {summary.users.map((user) => (
                  <li key={`${user.extension} ${user.name}`}>
                    {user.name}, extension {user.extension}
                  </li>
                ))}
              </chakra.ul>
            )}
          </Row>
          <Row term="Installation address">
            {summary.installation_address ??
              'Not given yet: your account will ask for it, as it is needed for 999 calls.'}
          </Row>
        </chakra.dl>
      </Section>
    </>
  );
}

function NextSteps({ productId }: { productId: number }) {
  const steps = [
    {
      key: 'apps',
      title: 'Download the apps',
      text: 'Make and take calls on your phone and computer with our apps.',
      to: paths.downloadApps.build({ id: productId }),
      action: 'Download the apps',
    },
    {
      key: 'call-flows',
      title: 'Set up call flows',
      text: 'Choose what callers hear and where their calls ring, in and out of business hours.',
      to: paths.callFlowsPage(productId),
      action: 'Set up call flows',
    },
  ];
  return (
    <Section id="next-steps-heading" title="Next steps">
      <chakra.ol listStyle="none" display="grid" gap="4" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}>
        {steps.map((step, index) => (
          <Flex
            as="li"
            key={step.key}
            direction="column"
            gap="2"
            align="flex-start"
            borderWidth="1px"
            rounded="md"
            p="4"
          >
            <Heading as="h3" size="md">
              {index + 1}. {step.title}
            </Heading>
            <Text color="fg.muted" flex="1">
              {step.text}
            </Text>
            <Button asChild variant="outline" colorPalette="brand" size="sm" type={undefined}>
              <RouterLink to={step.to}>{step.action}</RouterLink>
            </Button>
          </Flex>
        ))}
      </chakra.ol>
    </Section>
  );
}
