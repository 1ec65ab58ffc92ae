import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AvailableNumber } from '@portal/contract';

import { numberKeys } from './numbers-api.ts';

/** A number as the confirming step shows it: one of the inventory, or one chosen earlier (a sign-up's draft), whose rating and place may be unknown. */
export type ChosenNumber = Pick<AvailableNumber, 'number'> & Partial<Pick<AvailableNumber, 'id' | 'area' | 'rating'>>;

interface TakeNumber {
  /** The page's reservation (spec 001 section 5), if it makes one: only a number of the inventory is reserved. */
  reserve?: (number: AvailableNumber) => Promise<unknown>;
  /** The page's next step once the number is taken (or chosen). */
  onDone: (number: ChosenNumber) => void | Promise<void>;
}

/**
 * The number chooser's confirming button: reserves the number through the page's call, then the
 * page's next step. Taken or not, the inventory has changed, and is fetched again.
 */
export function useTakeNumber({ reserve, onDone }: TakeNumber) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (number: ChosenNumber) => {
      if (reserve && number.id !== undefined) {
        try {
          await reserve(number as AvailableNumber);
        } finally {
          void queryClient.invalidateQueries({ queryKey: numberKeys.inventory });
        }
      }
      await onDone(number);
    },
  });
}
