import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';

import type { InstallationAddress, InstallationAddressInput } from '@portal/contract';

import { AddressFinder, isCompleteAddress, missingFieldsText } from '../../emergency-address/index.ts';

export const addressStepText = {
  heading: 'Confirm your installation address',
  why: 'This is where your phone is used: the emergency services are sent here if you dial 999.',
  current: 'Your installation address',
  useThis: 'Use this address',
  change: 'Change the address',
  none: 'We do not have an installation address for this phone yet. Find it by postcode, or enter it by hand.',
  keep: 'Keep the current address',
  incomplete: (missing: string) => `Your installation address has no ${missing}. Add it to use this address.`,
} as const;

interface AddressStepProps {
  /** The address the phone has (eligibility), or null. */
  current: InstallationAddress | null;
  /** What was chosen before going on (coming back from a later step). */
  chosen: InstallationAddressInput | null;
  onConfirm: (address: InstallationAddressInput) => void;
}

/**
 * The 'address' step: confirm the installation address the phone has, or change it with the
 * emergency-address feature's address finder (postcode lookup, or by hand).
 */
export function AddressStep({ current, chosen, onConfirm }: AddressStepProps) {
  const id = useId();
  const [changing, setChanging] = useState(current === null);
  // The address lacks a field the spec requires (spec 000 section 5): completed here, not refused at the end.
  const [completing, setCompleting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const known = chosen ?? (current && fromCurrent(current));
  return (
    <Flex direction="column" gap="5">
      <div>
        <Heading as="h2" size="xl" mb="1" ref={headingRef} tabIndex={-1} outline="none">
          {addressStepText.heading}
        </Heading>
        <Text color="fg.muted">{addressStepText.why}</Text>
      </div>
      {!changing && known ? (
        <>
          <Box borderWidth="1px" borderColor="border" rounded="md" p="4" bg="bg.subtle">
            <Text fontWeight="semibold" mb="1">
              {addressStepText.current}
            </Text>
            <Text data-testid="upgrade-current-address" overflowWrap="anywhere">
              {summaryOf(known)}
            </Text>
          </Box>
          <Flex direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button
              size="lg"
              colorPalette="brand"
              onClick={() => {
                if (isCompleteAddress(known)) onConfirm(known);
                else {
                  setCompleting(true);
                  setChanging(true);
                }
              }}
            >
              {addressStepText.useThis}
            </Button>
            <Button size="lg" variant="outline" onClick={() => setChanging(true)}>
              {addressStepText.change}
            </Button>
          </Flex>
        </>
      ) : (
        <>
          {!known && <Text>{addressStepText.none}</Text>}
          {completing && known && <Text role="status">{addressStepText.incomplete(missingFieldsText(known))}</Text>}
          <AddressFinder
            idPrefix={id}
            saving={false}
            onSave={onConfirm}
            complete={completing && known ? known : undefined}
          />
          {known && (
            <Box>
              <Button
                variant="plain"
                colorPalette="brand"
                textDecoration="underline"
                px="0"
                onClick={() => {
                  setChanging(false);
                  setCompleting(false);
                }}
              >
                {addressStepText.keep}
              </Button>
            </Box>
          )}
        </>
      )}
    </Flex>
  );
}

const fromCurrent = (address: InstallationAddress): InstallationAddressInput => ({
  post_code: address.post_code,
  line_one: address.line_one,
  line_two: address.line_two,
  city: address.city,
  county: address.county,
});

/** The one line of an address, as the summary shows it. */
export const summaryOf = (address: InstallationAddressInput): string =>
  [address.line_one, address.line_two ?? '', address.city, address.county, address.post_code]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
