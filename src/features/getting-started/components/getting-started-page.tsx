import { Button, Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Loading, LoadError } from '../../../components/states.tsx';
import * as paths from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { gettingStartedDetailsQueryOptions } from '../api/getting-started-calls.ts';
import { GettingStartedFlow, gettingStartedText } from './getting-started-flow.tsx';

export const gettingStartedPageText = {
  loading: 'Loading your phone',
  loadFailed: 'Getting started could not be loaded',
  notFound: 'This phone could not be found',
  notFoundText: 'It is not one of the cloud phones of the account you are signed in to.',
  noPhone: 'No cloud phone chosen',
  noPhoneText: 'Getting started is for one cloud phone at a time. Home takes you to the one still to set up, if there is one.',
} as const;

function HomeLink() {
  return (
    <Button asChild colorPalette="brand" size="lg" type={undefined}>
      <RouterLink to={paths.index.build()}>{gettingStartedText.home}</RouterLink>
    </Button>
  );
}

function Message({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <>
      <Heading as="h1" size="3xl" mb="4">
        {title}
      </Heading>
      <Text mb="8" fontSize="lg">
        {text}
      </Text>
      <HomeLink />
    </>
  );
}

/** Getting started for the product `productId` (null when the address names none). */
export function GettingStartedPage({ productId }: { productId: number | null }) {
  // Without an id (staff with no customer's phone selected, an address typed by hand): home, whose
  // start-up sends a customer with a phone due to its getting started.
  if (productId === null) return <Message title={gettingStartedPageText.noPhone} text={gettingStartedPageText.noPhoneText} />;
  return <ProductGettingStarted key={productId} productId={productId} />;
}

function ProductGettingStarted({ productId }: { productId: number }) {
  const details = useQuery(gettingStartedDetailsQueryOptions(productId));
  usePageTitle(gettingStartedText.title);
  if (details.isPending) return <Loading label={gettingStartedPageText.loading} />;
  if (details.isError) {
    if (isApiError(details.error) && details.error.status === 404) return <Message title={gettingStartedPageText.notFound} text={gettingStartedPageText.notFoundText} />;
    return <LoadError title={gettingStartedPageText.loadFailed} error={details.error} onRetry={() => void details.refetch()} retrying={details.isFetching} />;
  }
  return <GettingStartedFlow details={details.data} />;
}
