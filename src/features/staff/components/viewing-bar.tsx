import { Box, Button, chakra, Flex } from '@chakra-ui/react';

import type { Me } from '@portal/contract';

import { useReturnToOwnAccount } from '../api/return-to-own-account.ts';
import type { ViewingPlacement } from './viewing-indicator.tsx';

/** A full-width strip, as the top bar's phone layout has it, but in the page flow (`strip`). */
const STRIP_STYLE = {
  position: 'static',
  justify: 'center',
  h: '8',
  py: '0',
  rounded: 'none',
  borderWidth: '0',
  borderBottomWidth: '1px',
} as const;

/** "Viewing: {customer}" and the way back to the staff account (see viewing-indicator.tsx). */
export function ViewingBar({
  user,
  actingAs,
  placement,
}: {
  user: Me;
  actingAs: NonNullable<Me['logged_in_as']>;
  placement: ViewingPlacement;
}) {
  const returning = useReturnToOwnAccount();
  const customer = user.name.trim() || user.user_profile.email;

  return (
    // From md up a pill in the bar; on a phone, where the bar has no room, a strip just under it (the header is its containing block).
    <Flex
      align="center"
      justify={{ base: 'center', md: 'flex-start' }}
      gap="2"
      minW="0"
      position={{ base: 'absolute', md: 'static' }}
      top="100%"
      insetX={{ base: '0', md: 'auto' }}
      h={{ base: '6', md: 'auto' }}
      px="3"
      py={{ base: '0', md: '1' }}
      rounded={{ base: 'none', md: 'full' }}
      bg="brand.50"
      color="brand.800"
      borderColor="brand.600"
      borderWidth={{ base: '0', md: '1px' }}
      borderBottomWidth="1px"
      {...(placement === 'strip' && STRIP_STYLE)}
    >
      <Box
        as="p"
        minW="0"
        maxW={placement === 'strip' ? undefined : { md: '16rem', xl: '24rem' }}
        fontSize={{ base: 'xs', md: 'sm' }}
        truncate
        title={`Viewing: ${customer} (you are ${actingAs.name || actingAs.email})`}
      >
        Viewing: <chakra.strong>{customer}</chakra.strong>
      </Box>
      <Button
        size={{ base: '2xs', md: 'xs' }}
        variant="outline"
        bg="bg"
        flexShrink={0}
        onClick={() => returning.mutate()}
        // Still busy once back: the page reloads in a moment.
        loading={returning.isPending || returning.isSuccess}
        loadingText="Returning"
      >
        Return to my account
      </Button>
    </Flex>
  );
}
