import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { LoadError, Loading } from '../../../components/states.tsx';
import { useSeats } from '../api/users-api.ts';
import { LockedUserBanner, SeatCard } from './seat-actions.tsx';
import { AddUserDialog } from './user-dialogs.tsx';

/** Users and devices, Users: the locked users' banners, the seats, and "Add a user". */
export function UsersTab({ productId }: { productId: number }) {
  const seats = useSeats(productId);
  const [adding, setAdding] = useState(false);
  if (seats.isPending) return <Loading label="Loading your users" />;
  if (seats.isError)
    return (
      <LoadError
        title="Your users could not be loaded"
        error={seats.error}
        onRetry={() => void seats.refetch()}
        retrying={seats.isFetching}
      />
    );
  const locked = seats.data.filter((seat) => seat.locked);
  return (
    <Flex direction="column" gap="5">
      {locked.map((seat) => (
        <LockedUserBanner key={seat.id} productId={productId} seat={seat} />
      ))}
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Text color="fg.muted">
          {seats.data.length === 1 ? '1 user' : `${seats.data.length} users`} on this phone. Each has an extension, a
          PIN for the apps and desk phones, and their own add-ons.
        </Text>
        <Button colorPalette="brand" onClick={() => setAdding(true)}>
          Add a user
        </Button>
      </Flex>
      {seats.data.length === 0 ? (
        <Text>No users yet. Add one to start making calls.</Text>
      ) : (
        <Box as="ul" display="flex" flexDirection="column" gap="3" aria-label="Users">
          {seats.data.map((seat) => (
            <SeatCard key={seat.id} productId={productId} seat={seat} />
          ))}
        </Box>
      )}
      {adding && <AddUserDialog productId={productId} onClose={() => setAdding(false)} />}
    </Flex>
  );
}
