import { Button, Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { Loading, LoadError } from '../../../components/states.tsx';
import * as paths from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { gettingStartedQueryOptions } from '../../status/index.ts';
import { gettingStartedDetailsQueryOptions } from '../api/getting-started-calls.ts';
import { GettingStartedFlow, gettingStartedText } from './getting-started-flow.tsx';

export const gettingStartedPageText = {
  loading: 'Loading your phone',
  loadFailed: 'Getting started could not be loaded',
  notFound: 'This phone could not be found',
  notFoundText: 'It is not one of the cloud phones of the account you are signed in to.',
  nothing: 'Nothing to set up',
  nothingText: 'Every cloud phone of this account is set up.',
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

/** Without an id (staff with no product selected): the first product of the getting-started list, or nothing to do. */
function FirstDue() {
  const list = useQuery(gettingStartedQueryOptions());
  usePageTitle(gettingStartedText.title);
  if (list.isPending) return <Loading label={gettingStartedPageText.loading} />;
  if (list.isError) return <LoadError title={gettingStartedPageText.loadFailed} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  const first = list.data.getting_started_product_ids[0];
  if (first === undefined) return <Message title={gettingStartedPageText.nothing} text={gettingStartedPageText.nothingText} />;
  return <Navigate replace to={paths.gettingStartedPage.build({ page: 'welcome' }, { id: first })} />;
}

/** Getting started for the product `productId` (null when the address names none). */
export function GettingStartedPage({ productId }: { productId: number | null }) {
  if (productId === null) return <FirstDue />;
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
