import { Button, Flex } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';

import { displayPhone, displayPrice } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { NOTIFICATION_CENTRE_KEY, numberKeys, reserveNumber } from '../api/numbers-api.ts';
import { NumberChooser } from './number-chooser.tsx';

/**
 * Buy a number (spec 001 sections 5, 7 and 9): the inventory to choose from, bought for the
 * customer's own phone (its price on the next bill).
 */
export function BuyNumberDialog({
  productId,
  open,
  onClose,
}: {
  productId: number;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <Dialog open={open} onClose={onClose} title="Buy a number" width="40rem">
      <NumberChooser
        listLabel="Numbers you can buy"
        reserve={(number) => reserveNumber(productId, number.id)}
        confirmLabel={(number) => `Buy ${displayPhone(number.number)}`}
        priceText={(price) =>
          price === '0.00' ? 'Included: no charge' : `${displayPrice(price)} one-off, added to your next bill`
        }
        onDone={async (number) => {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: numberKeys.siteNumbers(productId) }),
            queryClient.invalidateQueries({ queryKey: NOTIFICATION_CENTRE_KEY }),
          ]);
          toaster.create({
            type: 'success',
            title: `${displayPhone(number.number)} is now one of your numbers`,
            description: 'Assign it to a user from the list.',
          });
          onClose();
        }}
        footer={
          <Flex mt="6" justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </Flex>
        }
      />
    </Dialog>
  );
}
