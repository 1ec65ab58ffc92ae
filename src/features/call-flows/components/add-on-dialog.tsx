import { Box, Button, chakra, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { formatPence, type AdvancedCallFlowAddOn } from '@portal/contract';

import { Checkbox } from '../../../components/checkbox.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { useEnableAdvancedCallFlowAddOn } from '../api/patch-advanced-call-flow-add-on.ts';
import { ADD_ON_PROMO, addOnPrice, VAT_RATE } from '../logic/pricing.ts';

/** Wording of the add-on dialog and its snackbars (spec 001 sections 5 and 8). */
export const addOnTexts = {
  accept: 'I accept the additional monthly charges',
  successTitle: 'Success',
  success: 'The Advanced callflows add-on has been added successfully',
  failureTitle: 'Error',
  failure: 'The Advanced callflows add-on was unsuccessful',
} as const;

interface AddOnDialogProps {
  open: boolean;
  productId: number;
  addOn: AdvancedCallFlowAddOn;
  onClose: () => void;
  /** After the add-on was added (the enable dialog comes next). */
  onAdded: () => void;
}

/**
 * The advanced call flows add-on (spec 001 sections 4, 9): monthly price from
 * standard_price, VAT at 20 %, the monthly total and the promotion; Save only once the
 * charges are accepted.
 */
export function AddOnDialog({ open, ...props }: AddOnDialogProps) {
  // Mounted per opening, so the acceptance box starts unticked each time.
  return open ? <OpenAddOnDialog {...props} /> : null;
}

function OpenAddOnDialog({ productId, addOn, onClose, onAdded }: Omit<AddOnDialogProps, 'open'>) {
  const [accepted, setAccepted] = useState(false);
  const [failed, setFailed] = useState(false);
  const enable = useEnableAdvancedCallFlowAddOn(productId);
  const price = addOnPrice(addOn.standard_price);
  const name = addOn.display_name || 'Advanced call flows';

  const save = () => {
    setFailed(false);
    enable.mutate(undefined, {
      onSuccess: () => {
        toaster.create({ type: 'success', title: addOnTexts.successTitle, description: addOnTexts.success });
        onAdded();
      },
      onError: () => {
        setFailed(true);
        toaster.create({ type: 'error', title: addOnTexts.failureTitle, description: addOnTexts.failure });
      },
    });
  };

  const rows: Array<[string, string]> = price
    ? [
        ['Monthly price', formatPence(price.price)],
        [`VAT (${Math.round(VAT_RATE * 100)}%)`, formatPence(price.vat)],
        ['Monthly total', formatPence(price.total)],
        ['Offer', ADD_ON_PROMO],
      ]
    : [['Offer', ADD_ON_PROMO]];

  return (
    <Dialog
      open
      onClose={onClose}
      busy={enable.isPending}
      title={`Add the ${name} add-on`}
      footer={
        <>
          <Button variant="outline" colorPalette="gray" onClick={onClose} disabled={enable.isPending}>
            Cancel
          </Button>
          <Button
            colorPalette="brand"
            onClick={save}
            disabled={!accepted}
            loading={enable.isPending}
            loadingText="Saving"
          >
            Save
          </Button>
        </>
      }
    >
      <Text mb="4">
        Custom call flows with dial menus, queues and more need the {name} add-on. It is added to your monthly bill from
        today.
      </Text>
      <chakra.dl
        display="grid"
        gridTemplateColumns="1fr auto"
        rowGap="2"
        columnGap="6"
        mb="5"
        borderWidth="1px"
        rounded="md"
        p="4"
      >
        {rows.map(([label, value]) => (
          <Box key={label} display="contents">
            <chakra.dt
              color={label === 'Monthly total' ? 'fg' : 'fg.muted'}
              fontWeight={label === 'Monthly total' ? 'semibold' : 'normal'}
            >
              {label}
            </chakra.dt>
            <chakra.dd
              textAlign="end"
              fontWeight={label === 'Monthly total' || label === 'Offer' ? 'semibold' : 'normal'}
            >
              {value}
            </chakra.dd>
          </Box>
        ))}
      </chakra.dl>
      {!price && (
        <Text color="fg.muted" mb="4">
          The price could not be shown. Please contact customer service before adding the add-on.
        </Text>
      )}
      <Checkbox id="add-on-accept" label={addOnTexts.accept} checked={accepted} onChange={setAccepted} />
      {failed && (
        <Text role="alert" color="fg.error" fontWeight="semibold" mt="4">
          The add-on could not be added. Please try again.
        </Text>
      )}
    </Dialog>
  );
}
