import { Box, Button, chakra, Flex, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';

import {
  AddUserRequest,
  displayPrice,
  PatchUserRequest,
  PIN_LENGTH,
  ResetPinRequest,
  rewordPinError,
  seatPrices,
  type Seat,
} from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { ErrorSummary } from '../../../components/error-summary.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { serverErrors, type FormErrors } from '../../../components/form/form-errors.ts';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { TextField } from '../../../components/text-field.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { addUser, patchUser, refreshUsers, resetPin } from '../api/users-api.ts';

interface DialogBase {
  productId: number;
  onClose: () => void;
}

/** The seat's monthly price, its VAT and the total, as shown before a user is added. */
export function SeatPrice() {
  const { price, vat, total } = seatPrices();
  return (
    <Box borderWidth="1px" borderColor="border" rounded="md" p="4" data-testid="seat-price">
      <Text fontWeight="semibold" mb="1">
        One more user costs {displayPrice(total)} a month
      </Text>
      <Text color="fg.muted">
        {displayPrice(price)} a month plus VAT of {displayPrice(vat)}. It is added to your next bill.
      </Text>
    </Box>
  );
}

/** Add a user (POST /api/v1/products/{id}/users/): name and e-mail, with the seat's price and VAT shown before confirming. */
export function AddUserDialog({ productId, onClose }: DialogBase) {
  const id = useId();
  const queryClient = useQueryClient();
  const { summary, summaryRef, submit, field, pending } = useForm({
    schema: AddUserRequest,
    ids: { first_name: `${id}-first`, last_name: `${id}-last`, email: `${id}-email` },
    initial: { first_name: '', last_name: '', email: '' },
    send: async (body) => {
      const seat = await addUser(productId, body);
      await refreshUsers(queryClient, productId);
      toaster.create({ type: 'success', title: `${seat.name} has been added on extension ${seat.extension}` });
      onClose();
      return seat;
    },
  });
  const { total } = seatPrices();
  return (
    <Dialog
      open
      title="Add a user"
      onClose={onClose}
      busy={pending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <SubmitButton pending={pending} pendingText="Adding" align="row" size="md" form={`${id}-form`}>
            {`Add user for ${displayPrice(total)} a month`}
          </SubmitButton>
        </>
      }
    >
      <ErrorSummary ref={summaryRef} errors={summary} />
      <chakra.form id={`${id}-form`} noValidate onSubmit={submit}>
        <Flex direction="column" gap="4">
          <TextField {...field('first_name')} label="First name" autoComplete="off" />
          <TextField {...field('last_name')} label="Last name" autoComplete="off" />
          <TextField
            {...field('email')}
            label="E-mail address"
            type="email"
            autoComplete="off"
            spellCheck={false}
            hint="We send the invite to this address."
          />
          <SeatPrice />
        </Flex>
      </chakra.form>
    </Dialog>
  );
}

/** The user edit popup (PATCH /api/v1/voip/{productId}/users/{userId}/): name and e-mail. */
export function EditUserDialog({ productId, seat, onClose }: DialogBase & { seat: Seat }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { summary, summaryRef, submit, field, pending } = useForm({
    schema: PatchUserRequest,
    ids: { first_name: `${id}-first`, last_name: `${id}-last`, email: `${id}-email` },
    initial: { first_name: seat.first_name, last_name: seat.last_name, email: seat.email },
    send: async (body) => {
      const saved = await patchUser(productId, seat.id, body);
      await refreshUsers(queryClient, productId);
      toaster.create({ type: 'success', title: `${saved.name}'s details have been saved` });
      onClose();
      return saved;
    },
  });
  return (
    <Dialog
      open
      title={`Edit ${seat.name}`}
      onClose={onClose}
      busy={pending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <SubmitButton pending={pending} pendingText="Saving" align="row" size="md" form={`${id}-form`}>
            Save
          </SubmitButton>
        </>
      }
    >
      <ErrorSummary ref={summaryRef} errors={summary} />
      <chakra.form id={`${id}-form`} noValidate onSubmit={submit}>
        <Flex direction="column" gap="4">
          <TextField {...field('first_name')} label="First name" autoComplete="off" />
          <TextField {...field('last_name')} label="Last name" autoComplete="off" />
          <TextField {...field('email')} label="E-mail address" type="email" autoComplete="off" spellCheck={false} />
        </Flex>
      </chakra.form>
    </Dialog>
  );
}

const PIN_FIELDS = ['pin', 'pin_confirmation'] as const;

/** Reset PIN (POST .../actions/reset-pin/): the rules of contract/src/pin.ts; a locked user is unlocked by it. */
export function ResetPinDialog({ productId, seat, onClose }: DialogBase & { seat: Seat }) {
  const id = useId();
  const queryClient = useQueryClient();
  // Two fields: each problem shows once, at its field (the focus goes there), with no summary repeating it; a
  // problem of no field shows above them.
  const { formError, summaryRef, submit, field, pending } = useForm({
    schema: ResetPinRequest,
    ids: { pin: `${id}-pin`, pin_confirmation: `${id}-pin-confirmation` },
    initial: { pin: '', pin_confirmation: '' },
    validate: 'after-submit',
    focus: 'field',
    // The platform's "too simple" details become the spec's words (spec 001 section 5), said once.
    serverErrors: (error): FormErrors<(typeof PIN_FIELDS)[number]> => {
      const found = serverErrors(error, PIN_FIELDS);
      const fieldErrors = Object.fromEntries(
        Object.entries(found.fieldErrors).map(([name, message]) => [name, message && rewordPinError(message)]),
      );
      const formError = found.formError && rewordPinError(found.formError);
      return { formError: formError && Object.values(fieldErrors).includes(formError) ? null : formError, fieldErrors };
    },
    send: async (body) => {
      const answer = await resetPin(productId, seat.id, body);
      await refreshUsers(queryClient, productId, { locked: seat.locked });
      toaster.create({
        type: 'success',
        title: seat.locked
          ? `${seat.name}'s PIN has been reset and they are unlocked`
          : `${answer.detail} for ${seat.name}`,
      });
      onClose();
      return answer;
    },
  });
  return (
    <Dialog
      open
      title={`Reset ${seat.name}'s PIN`}
      onClose={onClose}
      busy={pending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <SubmitButton pending={pending} pendingText="Resetting" align="row" size="md" form={`${id}-form`}>
            Reset PIN
          </SubmitButton>
        </>
      }
    >
      <Text mb="4">
        {seat.name} signs in to the phone apps and desk phones with this PIN.
        {seat.locked ? ' Resetting it also unlocks them.' : ''}
      </Text>
      <chakra.form id={`${id}-form`} noValidate onSubmit={submit}>
        <Flex direction="column" gap="4">
          <FormAlert ref={summaryRef} message={formError} />
          <TextField
            {...field('pin')}
            label="New PIN"
            hint={`${PIN_LENGTH} digits; not a run like 123456 and not a repeat like 555555.`}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={PIN_LENGTH * 2}
            maxW="12rem"
          />
          <TextField
            {...field('pin_confirmation')}
            label="Confirm new PIN"
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={PIN_LENGTH * 2}
            maxW="12rem"
          />
        </Flex>
      </chakra.form>
    </Dialog>
  );
}
