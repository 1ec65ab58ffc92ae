import { Box, Button, chakra, Flex, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import {
  ADD_ON_GROUPS,
  addOnGroupLabels,
  addOnOptions,
  addOnPrices,
  displayPrice,
  usersMessages,
  type AddOnGroup,
  type Seat,
} from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { postUserAddOns, refreshUsers, useAddOnCatalogue, useUserAddOns } from '../api/users-api.ts';

interface Props {
  productId: number;
  seat: Seat;
  onClose: () => void;
}

/**
 * A user's add-ons by group (spec 001 sections 4 and 9): the current one selected, lower ranks
 * and the 'Call us to upgrade' ones disabled, '(Included)' on a disabled current one, prices
 * with VAT. Saving posts the whole list (POST /api/v1/voip/users/{userId}/tariff/add-ons/).
 */
export function AddOnsDialog({ productId, seat, onClose }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const catalogue = useAddOnCatalogue();
  const current = useUserAddOns(productId, seat.id);
  const [chosen, setChosen] = useState<Partial<Record<AddOnGroup, number>>>({});

  const ready = catalogue.data && current.data;
  const selectedIn = (group: AddOnGroup) => {
    if (!ready) return undefined;
    return (
      chosen[group] ?? addOnOptions(catalogue.data, group, current.data).find((option) => option.selected)?.addOn.id
    );
  };
  const next = ADD_ON_GROUPS.flatMap((group) => {
    const value = selectedIn(group);
    return value === undefined ? [] : [value];
  });
  const changed = ready
    ? next.length !== current.data.length || next.some((value) => !current.data.includes(value))
    : false;

  const saving = useMutation({
    mutationFn: async () => {
      await postUserAddOns(productId, seat.id, next);
      await refreshUsers(queryClient, productId);
    },
    onSuccess: () => {
      toaster.create({ type: 'success', title: `${seat.name}'s add-ons have been changed` });
      onClose();
    },
  });
  const failure = saving.error ? userErrorText(saving.error) : null;
  const save = () => saving.mutate();

  return (
    <Dialog
      open
      title={`Add-ons for ${seat.name}`}
      onClose={onClose}
      busy={saving.isPending}
      width="40rem"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving.isPending}>
            Cancel
          </Button>
          <Button
            colorPalette="brand"
            onClick={save}
            loading={saving.isPending}
            loadingText="Saving"
            disabled={!changed}
          >
            Save add-ons
          </Button>
        </>
      }
    >
      {catalogue.isError || current.isError ? (
        <LoadError
          title="The add-ons could not be loaded"
          error={catalogue.error ?? current.error}
          onRetry={() => void Promise.all([catalogue.refetch(), current.refetch()])}
        />
      ) : !ready ? (
        <Loading label="Loading the add-ons" />
      ) : (
        <Flex direction="column" gap="5">
          <Text color="fg.muted">
            Prices are a month, VAT included. An add-on can be changed to a higher one, not a lower one.
          </Text>
          {ADD_ON_GROUPS.map((group) => (
            <chakra.fieldset key={group} borderWidth="1px" borderColor="border" rounded="md" p="4">
              <chakra.legend fontWeight="semibold" px="1">
                {addOnGroupLabels[group]}
              </chakra.legend>
              <Flex direction="column" gap="2">
                {addOnOptions(catalogue.data, group, current.data).map((option) => {
                  const inputId = `${id}-${option.addOn.id}`;
                  const { total } = addOnPrices(option.addOn.standard_price);
                  const note = option.reason === 'call-us' && !option.selected ? usersMessages.callToUpgrade : null;
                  return (
                    <chakra.label
                      key={option.addOn.id}
                      htmlFor={inputId}
                      display="flex"
                      alignItems="center"
                      gap="3"
                      opacity={option.disabled && !option.selected ? 0.7 : 1}
                      cursor={option.disabled ? 'not-allowed' : 'pointer'}
                    >
                      <chakra.input
                        type="radio"
                        id={inputId}
                        name={`${id}-${group}`}
                        value={option.addOn.id}
                        checked={selectedIn(group) === option.addOn.id}
                        disabled={option.disabled}
                        onChange={() => setChosen((was) => ({ ...was, [group]: option.addOn.id }))}
                        w="5"
                        h="5"
                        accentColor="var(--chakra-colors-brand-solid)"
                      />
                      <Box flex="1">
                        <Text>{option.label}</Text>
                        {note && (
                          <Text fontSize="sm" color="fg.muted">
                            {note}
                          </Text>
                        )}
                      </Box>
                      <Text whiteSpace="nowrap">{displayPrice(total)}</Text>
                    </chakra.label>
                  );
                })}
              </Flex>
            </chakra.fieldset>
          ))}
          <FormAlert message={failure} />
        </Flex>
      )}
    </Dialog>
  );
}
