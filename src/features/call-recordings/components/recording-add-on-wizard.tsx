import { Box, Button, chakra, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { priceWithVat, type AddOn } from '@portal/contract';

import { Checkbox } from '../../../components/checkbox.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { recordingsKey, setUserAddOns, useSeats } from '../api/call-recordings-api.ts';
import { ON_DEMAND, plannedChanges, STORAGE_OPTIONS, WIZARD_STEPS } from '../logic/add-on-wizard.ts';

function Choice({
  name,
  value,
  checked,
  disabled,
  onChange,
  label,
  hint,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  label: string;
  hint: string;
}) {
  const id = `${name}-${value}`;
  return (
    <Box
      display="flex"
      gap="3"
      alignItems="flex-start"
      borderWidth="1px"
      rounded="md"
      p="3"
      opacity={disabled ? 0.7 : 1}
    >
      <chakra.input
        type="radio"
        id={id}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        aria-describedby={`${id}-hint`}
        w="5"
        h="5"
        mt="0.5"
        accentColor="brand.solid"
      />
      <Box>
        <chakra.label htmlFor={id} fontWeight="medium">
          {label}
        </chakra.label>
        <Text id={`${id}-hint`} color="fg.muted" fontSize="sm">
          {hint}
        </Text>
      </Box>
    </Box>
  );
}

/**
 * The recording add-on wizard (spec 001: recording, interaction and storage parts, a numeric step from 0):
 * whose calls are recorded, how (every call; on-demand is 'Call us to upgrade'), how long recordings are kept
 * (3 or 5 years), then a review that adds the storage add-on to each chosen user.
 */
export function RecordingAddOnWizard({ productId, onClose }: { productId: number; onClose: () => void }) {
  const seats = useSeats(productId);
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [storage, setStorage] = useState<AddOn>(STORAGE_OPTIONS[0]);

  const users = seats.data?.results ?? [];
  const changes = plannedChanges(
    users.filter((seat) => chosen.has(seat.id)),
    storage,
  );
  const toAdd = changes.filter((change) => change.next !== null);
  const last = WIZARD_STEPS.length - 1;

  const adding = useMutation({
    mutationFn: async () => {
      for (const change of toAdd) await setUserAddOns(productId, change.seat.id, change.next!);
      await queryClient.invalidateQueries({ queryKey: [...recordingsKey(productId), 'seats'] });
    },
    onSuccess: () => {
      toaster.create({
        type: 'success',
        title: `${storage.display_name} added for ${toAdd.length} user${toAdd.length === 1 ? '' : 's'}`,
      });
      onClose();
    },
  });
  const busy = adding.isPending;
  const error = adding.error ? userErrorText(adding.error) : null;
  const finish = () => adding.mutate();

  const canGoOn = step !== 0 || chosen.size > 0;
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      width="40rem"
      title={`Call recording: ${WIZARD_STEPS[step]}`}
      footer={
        <>
          <Button variant="outline" onClick={step === 0 ? onClose : () => setStep(step - 1)} disabled={busy}>
            {step === 0 ? 'Cancel' : 'Back'}
          </Button>
          {step < last ? (
            <Button colorPalette="brand" disabled={!canGoOn} onClick={() => setStep(step + 1)}>
              Next
            </Button>
          ) : (
            <Button colorPalette="brand" loading={busy} disabled={toAdd.length === 0} onClick={finish}>
              Add call recording
            </Button>
          )}
        </>
      }
    >
      <Text color="fg.muted" mb="4">
        Step {step + 1} of {WIZARD_STEPS.length}
      </Text>
      {step === 0 &&
        (seats.isPending ? (
          <Loading label="Loading users" />
        ) : seats.isError ? (
          <LoadError title="The users could not be loaded" error={seats.error} onRetry={() => void seats.refetch()} />
        ) : (
          <Stack gap="3" role="group" aria-label="Users whose calls are recorded">
            <Text>Choose the users whose calls are recorded.</Text>
            {users.map((seat) => (
              <Checkbox
                key={seat.id}
                id={`record-${seat.id}`}
                label={`${seat.name} (ext. ${seat.extension})`}
                hint={seat.add_ons.find((name) => name.startsWith('Call recording')) ?? 'No call recording yet'}
                checked={chosen.has(seat.id)}
                onChange={(on) =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (on) next.add(seat.id);
                    else next.delete(seat.id);
                    return next;
                  })
                }
              />
            ))}
          </Stack>
        ))}
      {step === 1 && (
        <Stack gap="3" role="radiogroup" aria-label="How calls are recorded">
          <Choice
            name="interaction"
            value="every-call"
            checked
            onChange={() => {}}
            label="Every call"
            hint="Every call of the chosen users is recorded; included with the storage you choose next."
          />
          <Choice
            name="interaction"
            value="on-demand"
            checked={false}
            disabled
            onChange={() => {}}
            label={ON_DEMAND.display_name}
            hint={`Users start and stop recording during a call${ON_DEMAND.backtrack ? '; a recording started mid-call still holds the call from its start' : ''}. Call us to upgrade.`}
          />
        </Stack>
      )}
      {step === 2 && (
        <Stack gap="3" role="radiogroup" aria-label="How long recordings are kept">
          {STORAGE_OPTIONS.map((option) => (
            <Choice
              key={option.id}
              name="storage"
              value={String(option.id)}
              checked={storage.id === option.id}
              onChange={() => setStorage(option)}
              label={option.display_name}
              hint={`${priceWithVat(option.standard_price)} a month per user, VAT included`}
            />
          ))}
        </Stack>
      )}
      {step === 3 && (
        <Stack gap="3">
          <Text>
            {storage.display_name}, every call, {priceWithVat(storage.standard_price)} a month per user (VAT included):
          </Text>
          <Stack as="ul" gap="1" ps="5" aria-label="Users">
            {changes.map((change) => (
              <li key={change.seat.id}>
                {change.seat.name}: {change.keeps ?? 'added'}
              </li>
            ))}
          </Stack>
          {error && (
            <Text role="alert" color="fg.error">
              {error}
            </Text>
          )}
        </Stack>
      )}
    </Dialog>
  );
}
