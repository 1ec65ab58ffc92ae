import { Badge, Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import {
  broadbandAddressLine,
  broadbandTypeHeading,
  type AvailabilityQuery,
  type TypeAvailability,
} from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import { helpPhone } from '../../../config/help-phone.ts';
import * as journeyPaths from '../../../config/journey-paths.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { availabilityQueryOptions } from '../api/broadband-api.ts';
import { signupStore } from '../journey.ts';
import { AddressSearch } from './address-search.tsx';

export const availabilityText = {
  title: 'Check broadband availability',
  intro: 'Find out which business broadband you can have: enter your postcode and choose your address.',
  check: 'Check availability',
  resultsTitle: 'Broadband at your address',
  checking: 'Checking availability',
  failed: 'Availability could not be checked',
  available: 'Available',
  notAvailable: 'Not available',
  nothing: 'Sorry, no broadband is available at this address yet.',
  nothingNext: 'Try another address, or call us on',
  nothingNextAfter: 'and we will tell you when it arrives.',
  signUp: 'Sign up for broadband',
  anotherAddress: 'Check another address',
  speeds: (down: number, up: number) => `Up to ${down} Mbps download and ${up} Mbps upload`,
} as const;

const NETWORK_NAMES = { network_1: 'network 1', network_2: 'network 2' } as const;

/** Which networks offer a type, in words: "Available on network 1 and network 2". */
export function networksText(a: Pick<TypeAvailability, 'network_1' | 'network_2'>): string {
  const names = (['network_1', 'network_2'] as const).filter((n) => a[n]).map((n) => NETWORK_NAMES[n]);
  return names.length ? `Available on ${names.join(' and ')}` : 'Not offered by any network here';
}

/** The query of the results page for an address, and back. */
export function resultsSearch(query: AvailabilityQuery): string {
  return `?${new URLSearchParams({ postcode: query.postcode, address_ref: query.address_ref, css_database_code: query.css_database_code }).toString()}`;
}
export function queryFromSearch(search: URLSearchParams): AvailabilityQuery | null {
  const postcode = search.get('postcode');
  const address_ref = search.get('address_ref');
  const css_database_code = search.get('css_database_code');
  return postcode && address_ref && css_database_code ? { postcode, address_ref, css_database_code } : null;
}

/** /broadband-availability (spec 000 section 2): the postcode and the address to check. */
export function AvailabilityPage() {
  usePageTitle(availabilityText.title);
  const navigate = useNavigate();
  return (
    <Flex direction="column" gap="6">
      <Box>
        <Heading as="h1" size="3xl" mb="3">
          {availabilityText.title}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {availabilityText.intro}
        </Text>
      </Box>
      <AddressSearch
        idPrefix="availability"
        chooseText={availabilityText.check}
        onChoose={({ address }) =>
          navigate(
            `${journeyPaths.broadbandAvailabilityResults.build()}${resultsSearch({ postcode: address.postcode, address_ref: address.addressReference ?? '', css_database_code: address.cssDatabaseCode ?? '' })}`,
          )
        }
      />
    </Flex>
  );
}

function TypeCard({ type }: { type: TypeAvailability }) {
  const available = type.network_1 || type.network_2;
  const heading = broadbandTypeHeading(type.broadband_type);
  return (
    <Box as="section" aria-label={heading} borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }} bg="bg" flex="1">
      <Flex justify="space-between" align="center" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="xl">
          {heading}
        </Heading>
        <Badge size="lg" colorPalette={available ? 'green' : 'gray'}>
          {available ? availabilityText.available : availabilityText.notAvailable}
        </Badge>
      </Flex>
      {available && type.download_mbps !== null && type.upload_mbps !== null ? (
        <>
          <Text fontWeight="semibold">{availabilityText.speeds(type.download_mbps, type.upload_mbps)}</Text>
          <Text color="fg.muted">{networksText(type)}</Text>
        </>
      ) : (
        <Text color="fg.muted">{networksText(type)}</Text>
      )}
    </Box>
  );
}

/** /broadband-availability/results (spec 000 section 2): what is available at the address, per type, and the next step. */
export function AvailabilityResultsPage({ query }: { query: AvailabilityQuery }) {
  usePageTitle(availabilityText.resultsTitle);
  const navigate = useNavigate();
  const availability = useQuery(availabilityQueryOptions(query));
  const anotherAddress = (
    <Button asChild variant="outline" colorPalette="brand" size="lg" type={undefined}>
      <RouterLink to={journeyPaths.broadbandAvailability.build()}>{availabilityText.anotherAddress}</RouterLink>
    </Button>
  );
  if (availability.isPending) return <Loading label={availabilityText.checking} />;
  if (availability.isError)
    return (
      <Flex direction="column" gap="6" align="flex-start">
        <Heading as="h1" size="3xl">
          {availabilityText.resultsTitle}
        </Heading>
        <LoadError
          title={availabilityText.failed}
          error={availability.error}
          onRetry={() => void availability.refetch()}
          retrying={availability.isFetching}
        />
        {anotherAddress}
      </Flex>
    );
  const { address, availability: types } = availability.data;
  const anything = types.some((t) => t.network_1 || t.network_2);
  const line = broadbandAddressLine(address);
  const signUp = () => {
    signupStore().chooseAddress({
      address_ref: query.address_ref,
      css_database_code: query.css_database_code,
      postcode: address.postcode,
      line,
    });
    navigate(journeyPaths.broadbandSignupPage.build({ page: 'tariffs' }));
  };
  return (
    <Flex direction="column" gap="6">
      <Box>
        <Heading as="h1" size="3xl" mb="2">
          {availabilityText.resultsTitle}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {line}
        </Text>
      </Box>
      <Flex direction={{ base: 'column', md: 'row' }} gap="4">
        {types.map((type) => (
          <TypeCard key={type.broadband_type} type={type} />
        ))}
      </Flex>
      {!anything && (
        <Box role="status" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="md" p="4">
          <Text fontWeight="semibold">{availabilityText.nothing}</Text>
          <Text>
            {availabilityText.nothingNext}{' '}
            <Link href={`tel:${helpPhone.tel}`} color="brand.fg" fontWeight="semibold" textDecoration="underline">
              {helpPhone.display}
            </Link>{' '}
            {availabilityText.nothingNextAfter}
          </Text>
        </Box>
      )}
      <Flex direction={{ base: 'column', sm: 'row' }} gap="3">
        {anything && (
          <Button colorPalette="brand" size="lg" onClick={signUp}>
            {availabilityText.signUp}
          </Button>
        )}
        {anotherAddress}
      </Flex>
    </Flex>
  );
}
