import { Button, Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Link as RouterLink } from 'react-router-dom';

import { LoadError, Loading } from '../../../components/states.tsx';
import * as paths from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useNavigationProducts } from '../../navigation/index.ts';
import { gettingStartedDetailsQueryOptions } from '../api/getting-started-calls.ts';
import { GettingStartedFlow, gettingStartedText } from './getting-started-flow.tsx';

export const gettingStartedPageText = {
  loading: 'Loading your phone',
  loadFailed: 'Getting started could not be loaded',
  notFound: 'This phone could not be found',
  notFoundText: 'It is not one of the cloud phones of the account you are signed in to.',
  noPhone: 'No cloud phone to set up',
  noPhoneText:
    "Getting started sets up a cloud phone, and this account has none. Staff: switch to the customer's account (Admin, Switch User), then choose Show getting started in the profile menu.",
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
  if (productId === null) return <FirstCloudPhone />;
  return <ProductGettingStarted key={productId} productId={productId} />;
}

/**
 * Without an id (staff just switched to a customer, an address typed by hand): the account's first cloud phone,
 * or, when it has none, what to do instead.
 */
function FirstCloudPhone() {
  const navigation = useNavigationProducts();
  if (navigation.isPending) return <Loading label={gettingStartedPageText.loading} />;
  if (navigation.isError)
    return (
      <LoadError
        title={gettingStartedPageText.loadFailed}
        error={navigation.error}
        onRetry={() => void navigation.refetch()}
        retrying={navigation.isFetching}
      />
    );
  const phone = navigation.data.products.find((product) => product.product_kind === 'voip2');
  if (!phone) return <Message title={gettingStartedPageText.noPhone} text={gettingStartedPageText.noPhoneText} />;
  return <Navigate replace to={paths.gettingStartedPage.build({ page: 'welcome' }, { id: phone.product_id })} />;
}

function ProductGettingStarted({ productId }: { productId: number }) {
  const details = useQuery(gettingStartedDetailsQueryOptions(productId));
  usePageTitle(gettingStartedText.title);
  if (details.isPending) return <Loading label={gettingStartedPageText.loading} />;
  if (details.isError) {
    if (isApiError(details.error) && details.error.status === 404)
      return <Message title={gettingStartedPageText.notFound} text={gettingStartedPageText.notFoundText} />;
    return (
      <LoadError
        title={gettingStartedPageText.loadFailed}
        error={details.error}
        onRetry={() => void details.refetch()}
        retrying={details.isFetching}
      />
    );
  }
  return <GettingStartedFlow details={details.data} />;
}
