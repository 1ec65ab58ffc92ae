import { Box, Button, chakra, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { checkTransferRange, displayPhone, earliestTransferDate, MAX_TRANSFER_RANGE } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTransferNumbers } from '../api/transfer-numbers.ts';

/** The spec's number transfer errors show the server's message field (spec 001 section 8). */
function transferErrorText(error: unknown): string {
  if (
    isApiError(error) &&
    typeof error.data === 'object' &&
    error.data !== null &&
    'message' in error.data &&
    typeof error.data.message === 'string'
  )
    return error.data.message;
  return userErrorText(error);
}

/**
 * Number transfer (port-in, spec 001 sections 2 and 7): one number or a range, and the
 * transfer date. Once asked for, the transfer is an order in the notification centre and its
 * letter of authority waits to be signed.
 */
export function TransferDialog({
  productId,
  open,
  onClose,
}: {
  productId: number;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Transfer a number">
      <TransferForm productId={productId} onClose={onClose} />
    </Dialog>
  );
}

function TransferForm({ productId, onClose }: { productId: number; onClose: () => void }) {
  const [kind, setKind] = useState<'single' | 'range'>('single');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const earliest = earliestTransferDate(new Date());
  const [date, setDate] = useState(earliest);
  const [problem, setProblem] = useState<{ field: 'range_start' | 'range_end'; text: string } | null>(null);
  const send = useTransferNumbers(productId);
  const done = send.data?.results;

  if (done) {
    const { range_start, range_end, confirmed_transfer_date } = done.number_transfer;
    return (
      <div role="status">
        <Text fontWeight="semibold" mb="2">
          Transfer requested:{' '}
          {range_end ? `${displayPhone(range_start)} to ${displayPhone(range_end)}` : displayPhone(range_start)}, on{' '}
          {formatDate(confirmed_transfer_date)}.
        </Text>
        <Text mb="2">Reference {done.order_id}. Letter of authority: Unsigned.</Text>
        <Text mb="4">
          We have e-mailed you the letter of authority: sign it so the transfer can go ahead. You can follow the
          transfer in your notifications.
        </Text>
        <Flex justify="flex-end">
          <Button colorPalette="brand" onClick={onClose}>
            Done
          </Button>
        </Flex>
      </div>
    );
  }

  return (
    <chakra.form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkTransferRange(start, kind === 'range' ? end : null);
        if ('problem' in checked) {
          setProblem({ field: checked.field, text: checked.problem });
          return;
        }
        setProblem(null);
        send.mutate({ range_start: start, range_end: kind === 'range' ? end : null, transfer_date: date });
      }}
    >
      <chakra.fieldset border="none" p="0" m="0" mb="4">
        <chakra.legend fontWeight="semibold" mb="2">
          What are you transferring?
        </chakra.legend>
        <Flex gap="5" wrap="wrap">
          {(
            [
              ['single', 'One number'],
              ['range', 'A range of numbers'],
            ] as const
          ).map(([value, label]) => (
            <chakra.label key={value} display="flex" gap="2" alignItems="center" cursor="pointer">
              <input
                type="radio"
                name="transfer-kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {label}
            </chakra.label>
          ))}
        </Flex>
      </chakra.fieldset>
      <Flex direction="column" gap="4">
        <TextField
          id="transfer-start"
          label={kind === 'range' ? 'First number of the range' : 'Number to transfer'}
          inputMode="tel"
          autoComplete="off"
          value={start}
          onChange={(event) => setStart(event.target.value)}
          error={problem?.field === 'range_start' ? problem.text : undefined}
        />
        {kind === 'range' && (
          <TextField
            id="transfer-end"
            label="Last number of the range"
            hint={`The whole number or its last digits, within one block of ${MAX_TRANSFER_RANGE} numbers.`}
            inputMode="tel"
            autoComplete="off"
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            error={problem?.field === 'range_end' ? problem.text : undefined}
          />
        )}
        <TextField
          id="transfer-date"
          label="Transfer date"
          type="date"
          min={earliest}
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
      </Flex>
      {send.error !== null && (
        <Box role="alert" color="fg.error" mt="4">
          {transferErrorText(send.error)}
        </Box>
      )}
      <Flex gap="3" justify="flex-end" mt="6" wrap="wrap">
        <Button variant="outline" onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" loading={send.isPending}>
          Request transfer
        </Button>
      </Flex>
    </chakra.form>
  );
}
