import { Box, Button, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';

import { addressSummaryLine, type InstallationAddress, type InstallationAddressInput } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { AddressFinder, isCompleteAddress, missingFieldsText } from '../../emergency-address/index.ts';
import { useInstallationAddress } from '../api/get-site-address.ts';
import type { PricedBasket } from '../logic/basket.ts';
import { BasketSummary } from './basket-summary.tsx';

export const checkoutText = {
  deliveryTitle: 'Delivery address',
  installation: 'Your installation address',
  deliverHere: 'Deliver here',
  another: 'Deliver to another address',
  findAnother: 'Find the delivery address by postcode, or enter it by hand.',
  backToInstallation: 'Use the installation address',
  noInstallation:
    'We have no installation address for this phone: find the delivery address by postcode, or enter it by hand.',
  incomplete: (missing: string) => `Your installation address has no ${missing}. Add it to deliver here.`,
  summaryTitle: 'Checkout summary',
  deliverTo: 'Deliver to',
  payment: 'Payment',
  nextBill: 'Added to your next bill',
  changeAddress: 'Change address',
  continue: 'Continue to payment',
  cancel: 'Cancel',
  back: 'Back',
} as const;

const fromInstallation = ({
  post_code,
  line_one,
  line_two,
  city,
  county,
}: InstallationAddress): InstallationAddressInput => ({ post_code, line_one, line_two, city, county });

/** Where to deliver: the phone's installation address by default, or another found by postcode (the address finder). */
export function DeliveryAddressDialog({
  productId,
  onClose,
  onChoose,
}: {
  productId: number;
  onClose: () => void;
  onChoose: (address: InstallationAddressInput) => void;
}) {
  const id = useId();
  const installation = useInstallationAddress(productId);
  const [another, setAnother] = useState(false);
  // The installation address lacks a field a delivery needs (spec 000 section 5): completed here before payment.
  const [completing, setCompleting] = useState(false);
  const current = installation.data ?? null;
  const installationInput = current ? fromInstallation(current) : null;
  const complete = installationInput !== null && isCompleteAddress(installationInput);

  let body;
  if (installation.isPending) body = <Loading label="Loading your installation address" />;
  else if (installation.isError)
    body = (
      <LoadError
        title="Your installation address could not be loaded"
        error={installation.error}
        onRetry={() => void installation.refetch()}
        retrying={installation.isFetching}
      />
    );
  else if (completing && installationInput) {
    body = (
      <>
        <Text mb="4" role="status">
          {checkoutText.incomplete(missingFieldsText(installationInput))}
        </Text>
        <AddressFinder
          idPrefix={id}
          saving={false}
          onSave={onChoose}
          complete={installationInput}
          extraAction={
            <Button variant="outline" onClick={() => setCompleting(false)}>
              {checkoutText.back}
            </Button>
          }
        />
      </>
    );
  } else if (current && !another) {
    body = (
      <>
        <Box borderWidth="1px" borderColor="border" rounded="md" p="4" bg="bg.subtle" mb="4">
          <Text fontWeight="semibold" mb="1">
            {checkoutText.installation}
          </Text>
          <Text overflowWrap="anywhere">{current.summary_line}</Text>
        </Box>
        <Box display="flex" gap="3" flexWrap="wrap" justifyContent="flex-end">
          <Button variant="outline" onClick={() => setAnother(true)}>
            {checkoutText.another}
          </Button>
          <Button colorPalette="brand" onClick={() => (complete ? onChoose(installationInput) : setCompleting(true))}>
            {checkoutText.deliverHere}
          </Button>
        </Box>
      </>
    );
  } else {
    body = (
      <>
        <Text mb="4">{current ? checkoutText.findAnother : checkoutText.noInstallation}</Text>
        <AddressFinder
          idPrefix={id}
          saving={false}
          onSave={onChoose}
          extraAction={
            current ? (
              <Button variant="outline" onClick={() => setAnother(false)}>
                {checkoutText.backToInstallation}
              </Button>
            ) : undefined
          }
        />
      </>
    );
  }
  return (
    <Dialog open onClose={onClose} title={checkoutText.deliveryTitle} width="36rem">
      {body}
    </Dialog>
  );
}

/** The order before payment: its lines, delivery, VAT and total, where it goes and how it is paid. */
export function CheckoutSummaryDialog({
  priced,
  address,
  onClose,
  onChangeAddress,
  onContinue,
}: {
  priced: PricedBasket;
  address: InstallationAddressInput;
  onClose: () => void;
  onChangeAddress: () => void;
  onContinue: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={checkoutText.summaryTitle}
      width="36rem"
      footer={
        <>
          <Button variant="outline" onClick={onChangeAddress}>
            {checkoutText.changeAddress}
          </Button>
          <Button colorPalette="brand" onClick={onContinue}>
            {checkoutText.continue}
          </Button>
        </>
      }
    >
      <BasketSummary priced={priced} label="Order items" />
      <Text fontWeight="semibold" mt="4">
        {checkoutText.deliverTo}
      </Text>
      <Text overflowWrap="anywhere" data-testid="delivery-address">
        {addressSummaryLine({
          line_one: address.line_one,
          line_two: address.line_two ?? '',
          city: address.city,
          post_code: address.post_code,
        })}
      </Text>
      <Text fontWeight="semibold" mt="4">
        {checkoutText.payment}
      </Text>
      <Text>{checkoutText.nextBill}</Text>
    </Dialog>
  );
}
