import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { displayPhone, type Seat } from '@portal/contract';

import { toaster } from '../../../components/toaster.tsx';
import * as paths from '../../../config/paths.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { useSendInvite } from '../api/send-invite.ts';
import { AddOnsDialog } from './add-ons-dialog.tsx';
import { EditUserDialog, ResetPinDialog } from './user-dialogs.tsx';

type Open = 'edit' | 'pin' | 'add-ons' | null;

/** The dialogs a seat's buttons open; one at a time. */
function useSeatDialogs(productId: number, seat: Seat) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const dialogs = (
    <>
      {open === 'edit' && <EditUserDialog productId={productId} seat={seat} onClose={close} />}
      {open === 'pin' && <ResetPinDialog productId={productId} seat={seat} onClose={close} />}
      {open === 'add-ons' && <AddOnsDialog productId={productId} seat={seat} onClose={close} />}
    </>
  );
  return { setOpen, dialogs };
}

/** Edit, reset PIN, add-ons and send the invite: the actions of one seat. */
export function SeatActions({ productId, seat }: { productId: number; seat: Seat }) {
  const { setOpen, dialogs } = useSeatDialogs(productId, seat);
  const invite = useSendInvite(productId);
  const sendTheInvite = async () => {
    try {
      const answer = await invite.mutateAsync(seat.id);
      toaster.create({ type: 'success', title: answer.detail });
    } catch (error) {
      toaster.create({ type: 'error', title: 'The invite was not sent', description: userErrorText(error) });
    }
  };
  return (
    <Flex gap="2" wrap="wrap">
      <Button size="sm" variant="outline" onClick={() => setOpen('edit')} aria-label={`Edit ${seat.name}`}>
        Edit
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen('pin')} aria-label={`Reset PIN of ${seat.name}`}>
        Reset PIN
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen('add-ons')} aria-label={`Add-ons of ${seat.name}`}>
        Add-ons
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void sendTheInvite()}
        loading={invite.isPending}
        loadingText="Sending"
        aria-label={`Send invite to ${seat.name}`}
      >
        Send invite
      </Button>
      {dialogs}
    </Flex>
  );
}

/** The banner of a locked user (spec 001 section 4): the PIN reset unlocks them, and the banner goes. */
export function LockedUserBanner({ productId, seat }: { productId: number; seat: Seat }) {
  const { setOpen, dialogs } = useSeatDialogs(productId, seat);
  return (
    <Box
      role="status"
      borderWidth="1px"
      borderColor="border.warning"
      bg="bg.warning"
      rounded="md"
      p="4"
      data-testid="locked-user-banner"
    >
      <Flex gap="3" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
        <Box flex="1">
          <Text fontWeight="semibold">{seat.name} is locked out</Text>
          <Text>
            {seat.name} (extension {seat.extension}) cannot use their phone after too many wrong PIN attempts. Reset
            their PIN to unlock them.
          </Text>
        </Box>
        <Button colorPalette="brand" onClick={() => setOpen('pin')}>
          Reset PIN and unlock
        </Button>
      </Flex>
      {dialogs}
    </Box>
  );
}

/** One seat in the users list: name, extension, service plan, add-ons, numbers and its actions. */
export function SeatCard({ productId, seat }: { productId: number; seat: Seat }) {
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderColor="border" rounded="md" p="4" data-testid="seat">
      <Flex justify="space-between" gap="3" wrap="wrap" mb="2">
        <Heading as="h3" size="md">
          <Link asChild colorPalette="brand" textDecoration="underline">
            <RouterLink to={paths.user.build({ id: seat.id })}>{seat.name}</RouterLink>
          </Link>
        </Heading>
        {seat.locked && (
          <Text as="span" fontWeight="semibold" color="fg.warning">
            Locked
          </Text>
        )}
      </Flex>
      <SeatFacts seat={seat} />
      <Box mt="3">
        <SeatActions productId={productId} seat={seat} />
      </Box>
    </Box>
  );
}

/** A seat's extension, service plan, add-ons and numbers, as a description list. */
export function SeatFacts({ seat }: { seat: Seat }) {
  const facts: Array<[string, string]> = [
    ['Extension', seat.extension],
    ['Service plan', seat.service_plan],
    ['Add-ons', seat.add_ons.length > 0 ? seat.add_ons.join(', ') : 'None'],
    ['Numbers', seat.numbers.length > 0 ? seat.numbers.map(displayPhone).join(', ') : 'None'],
    ['E-mail', seat.email],
  ];
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: '9rem 1fr' }} columnGap="4" rowGap="1">
      {facts.map(([term, value]) => (
        <Box key={term} display="contents">
          <Text as="dt" color="fg.muted">
            {term}
          </Text>
          <Text as="dd" overflowWrap="anywhere" mb={{ base: '2', sm: '0' }}>
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
