import { Box, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';

import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import * as paths from '../../../config/paths.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useNavigationProducts } from '../../navigation/index.ts';
import { seatsQuery, usersKeys } from '../api/users-api.ts';
import { SeatDevices } from './devices-tab.tsx';
import { LockedUserBanner, SeatActions, SeatFacts } from './seat-actions.tsx';

/**
 * A user's own page (/user/{id}, spec 000 section 2): the route names the user, not the product
 * (no product is selected from it), so the seat is looked for among the customer's cloud phones.
 */
export function UserPageContent({ userId }: { userId: number }) {
  const navigation = useNavigationProducts();
  const phones = (navigation.data?.products ?? []).filter((product) => product.product_kind === 'voip2');
  const queryClient = useQueryClient();
  // Each phone's seats through its own cached query, so a change made here refreshes this page too.
  const lists = useQuery({
    queryKey: [...usersKeys.allSeats, phones.map((phone) => phone.product_id)],
    queryFn: () => Promise.all(phones.map((phone) => queryClient.fetchQuery(seatsQuery(phone.product_id)))),
    enabled: navigation.isSuccess,
  });
  const found = phones.flatMap((phone, index) => {
    const seat = lists.data?.[index]?.find((candidate) => candidate.id === userId);
    return seat ? [{ phone, seat }] : [];
  })[0];
  usePageTitle(found ? found.seat.name : 'User');

  if (found) {
    const { phone, seat } = found;
    return (
      <Flex direction="column" gap="6" maxW="4xl">
        <div>
          <Link asChild colorPalette="brand" textDecoration="underline" mb="3">
            <RouterLink to={paths.usersDevices.build({ id: phone.product_id }, { tab: 'users' })}>
              Back to users and devices
            </RouterLink>
          </Link>
          <Heading as="h1" size="3xl" mb="2">
            {seat.name}
          </Heading>
          <Text color="fg.muted">A user of {phone.product_detail}.</Text>
        </div>
        {seat.locked && <LockedUserBanner productId={phone.product_id} seat={seat} />}
        <Box as="section" aria-labelledby="user-details" borderWidth="1px" borderColor="border" rounded="md" p="4">
          <Heading as="h2" id="user-details" size="lg" mb="3">
            Details
          </Heading>
          <SeatFacts seat={seat} />
          <Box mt="4">
            <SeatActions productId={phone.product_id} seat={seat} />
          </Box>
        </Box>
        <Box as="section" aria-labelledby="user-devices" borderWidth="1px" borderColor="border" rounded="md" p="4">
          <Heading as="h2" id="user-devices" size="lg" mb="3">
            Devices
          </Heading>
          <SeatDevices productId={phone.product_id} seat={seat} />
        </Box>
      </Flex>
    );
  }
  const failed = navigation.isError ? navigation.error : lists.isError ? lists.error : null;
  if (failed)
    return (
      <LoadError
        title="This user could not be loaded"
        error={failed}
        onRetry={() => void Promise.all([navigation.refetch(), lists.refetch()])}
      />
    );
  if (navigation.isPending || lists.isPending) return <Loading label="Loading the user" />;
  return <NotFoundContent loggedIn />;
}
