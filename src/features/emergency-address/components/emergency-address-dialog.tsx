import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';

import type { InstallationAddressInput } from '@portal/contract';

import { ErrorAlert } from '../../../components/error-alert.tsx';
import { brand } from '../../../config/brand.ts';
import { helpPhone } from '../../../config/help-phone.ts';
import { track } from '../../../lib/analytics.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { useSaveEmergencyAddress } from '../api/patch-emergency-contact-details.ts';
import { AddressFinder, addressFinderText } from './address-finder.tsx';
import { FullScreenDialog } from './full-screen-dialog.tsx';

export const emergencyAddressText = {
  greeting: (name: string) => `Hey ${name || 'there'} - Finish your set up`,
  regulator:
    'Ofcom, the UK communications regulator, requires us to hold the address where your phone is used, so that the emergency services can find you if you dial 999. Until you give us this address, some features of your phone are limited.',
  ...addressFinderText,
  saveFailed: 'Your emergency address could not be saved',
  logout: 'Logout',
  logoutFailed: 'You could not be signed out',
  admin: 'Admin',
  help: 'Need help? Call us on',
} as const;

export interface EmergencyAddressDialogProps {
  /** The buy-now cloud phone the address is for. */
  productId: number;
  /** The signed-in person's first name, for the greeting. */
  firstName: string;
  /** Signs out; rejects when the server refuses, and the dialog says so. */
  onLogout: () => Promise<void>;
  /** Opens the admin dialog; the Admin button shows only when given (the manage-other-users role). */
  onAdmin?: () => void;
}

/**
 * The emergency-address dialog (spec 000 sections 2, 4 and 5): over the whole screen, not
 * dismissible, until a buy-now cloud phone has its installation address. The address finder
 * (address-finder.tsx) looks a postcode up or takes the address by hand. A failed save keeps
 * everything typed and shows the server's words.
 */
export function EmergencyAddressDialog({ productId, firstName, onLogout, onAdmin }: EmergencyAddressDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const introId = `${id}-intro`;

  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  const postcodeRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const save = useSaveEmergencyAddress(productId);
  const busy = save.isPending || signingOut;

  useEffect(() => {
    if (failure) alertRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failure]);

  const send = (address: InstallationAddressInput) => {
    setFailure(null);
    save.mutate(address, {
      // Spec: on failure the dialog stays open; what was typed stays too.
      onError: (error) => {
        const message = userErrorText(error);
        track('Emergency address update failed', { error: message });
        setFailure({ title: emergencyAddressText.saveFailed, message });
      },
    });
  };

  const logout = () => {
    setFailure(null);
    setSigningOut(true);
    onLogout().then(
      () => setSigningOut(false),
      (error: unknown) => {
        setSigningOut(false);
        setFailure({ title: emergencyAddressText.logoutFailed, message: userErrorText(error) });
      },
    );
  };

  return (
    <FullScreenDialog labelledBy={titleId} describedBy={introId} initialFocus={postcodeRef} busy={busy}>
      <Flex direction="column" minH="full">
        <Flex
          align="center"
          justify="space-between"
          gap="3"
          px={{ base: '4', lg: '6' }}
          py="3"
          borderBottomWidth="1px"
          borderColor="border"
        >
          <Text fontWeight="bold" fontSize="lg">
            {brand.portalName}
          </Text>
          <Flex gap="2">
            {onAdmin && (
              <Button variant="ghost" onClick={onAdmin} disabled={busy}>
                {emergencyAddressText.admin}
              </Button>
            )}
            <Button
              variant="outline"
              onClick={logout}
              loading={signingOut}
              loadingText={emergencyAddressText.logout}
              disabled={save.isPending}
            >
              {emergencyAddressText.logout}
            </Button>
          </Flex>
        </Flex>

        <Box flex="1" w="full" maxW="40rem" mx="auto" px={{ base: '4', lg: '6' }} py={{ base: '6', lg: '10' }}>
          <Heading as="h2" id={titleId} size={{ base: '2xl', lg: '3xl' }} mb="4" overflowWrap="anywhere">
            {emergencyAddressText.greeting(firstName)}
          </Heading>
          <Text id={introId} mb="8" fontSize="lg">
            {emergencyAddressText.regulator}
          </Text>

          {failure && (
            <Box ref={alertRef}>
              <ErrorAlert title={failure.title} message={failure.message} />
            </Box>
          )}

          <AddressFinder
            idPrefix={id}
            postcodeRef={postcodeRef}
            saving={save.isPending}
            disabled={signingOut}
            onSave={send}
            onModeChange={() => setFailure(null)}
          />

          <Text mt="10" color="fg.muted">
            {emergencyAddressText.help}{' '}
            <Link href={`tel:${helpPhone.tel}`} color="brand.fg" fontWeight="semibold" textDecoration="underline">
              {helpPhone.display}
            </Link>
          </Text>
        </Box>
      </Flex>
    </FullScreenDialog>
  );
}
