import { Box, Button, chakra, Flex, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

import {
  displayPhone,
  displayPrice,
  NUMBER_RATINGS,
  numberMessages,
  numbersToShow,
  ratedNumberWords,
  type AvailableNumber,
  type NumberRating,
} from '@portal/contract';

import { Select } from '../../../components/form/select-field.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { MOBILE_MEDIA_QUERY } from '../../../config/breakpoints.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useNumberSearch } from '../api/numbers-api.ts';
import { useTakeNumber, type ChosenNumber } from '../api/take-number.ts';

const RATINGS = Object.keys(NUMBER_RATINGS) as NumberRating[];

/** ★★★ for gold, with the words for screen readers. */
function Stars({ rating }: { rating: NumberRating }) {
  const { stars, label } = NUMBER_RATINGS[rating];
  return (
    <Text as="span" color="orange.fg" aria-label={`${label}, ${stars} ${stars === 1 ? 'star' : 'stars'}`} role="img">
      {'★'.repeat(stars)}
      {'☆'.repeat(3 - stars)}
    </Text>
  );
}

export interface NumberChooserProps {
  /**
   * Takes the number (the numbers area's reservation rule, through whichever call the page may make).
   * Without it, choosing only confirms: the self sign-up reserves its number once its phone exists.
   */
  reserve?: (number: AvailableNumber) => Promise<unknown>;
  /** After the number is taken (or chosen). */
  onDone: (number: ChosenNumber) => void | Promise<void>;
  /** A number chosen before: the chooser opens on it, confirming. */
  initial?: ChosenNumber | null;
  /** The words of the button back from confirming to the list. */
  backLabel?: string;
  /** The confirming button's words, e.g. "Buy 01134960222". */
  confirmLabel: (number: ChosenNumber) => string;
  /** What the chosen number costs, as the page says it. */
  priceText: (price: string) => string;
  /** Shown at the foot of the list: a Close button in a dialog, say. */
  footer?: ReactNode;
  /** The results list's accessible name. */
  listLabel: string;
}

/**
 * The number inventory to choose from (spec 001 sections 5, 7 and 9): search by area code and
 * rating, choose a number, see its price, take it. Zero results is an error with a message.
 * Used by the numbers page's "Buy a number", by number selection after a purchase, and by the
 * self sign-up's number step (which only chooses: its phone does not exist yet).
 */
export function NumberChooser({
  reserve,
  onDone,
  initial = null,
  backLabel = 'Back',
  confirmLabel,
  priceText,
  footer,
  listLabel,
}: NumberChooserProps) {
  const [areaCode, setAreaCode] = useState('');
  const [rating, setRating] = useState<NumberRating | ''>('');
  const [chosen, setChosen] = useState<ChosenNumber | null>(initial);
  const small = useMediaQuery(MOBILE_MEDIA_QUERY);
  const found = useNumberSearch(areaCode, rating);
  const take = useTakeNumber({ reserve, onDone });

  if (chosen) {
    const rated = chosen.rating ? NUMBER_RATINGS[chosen.rating] : null;
    return (
      <div>
        <Text mb="2">
          You have chosen <strong>{displayPhone(chosen.number)}</strong>
          {chosen.area ? ` (${chosen.area})` : ''}
          {chosen.rating ? `, ${ratedNumberWords(chosen.rating)}` : ''}.
        </Text>
        {rated && (
          <Text fontSize="lg" fontWeight="semibold" mb="4">
            {priceText(rated.price)}
          </Text>
        )}
        {take.error !== null && (
          <Text role="alert" color="fg.error" mb="4">
            {userErrorText(take.error)}
          </Text>
        )}
        <Flex gap="3" justify="flex-end" wrap="wrap">
          <Button variant="outline" onClick={() => setChosen(null)} disabled={take.isPending}>
            {backLabel}
          </Button>
          <Button colorPalette="brand" loading={take.isPending} onClick={() => take.mutate(chosen)}>
            {confirmLabel(chosen)}
          </Button>
        </Flex>
      </div>
    );
  }

  const shown = found.data ? numbersToShow(found.data.results, { rating: rating || null, small }) : [];
  return (
    <div>
      <Flex gap="4" wrap="wrap" mb="4">
        <chakra.label display="flex" flexDirection="column" gap="1" flex="1" minW="10rem" fontWeight="semibold">
          Area code
          <Select fontWeight="normal" value={areaCode} onChange={(event) => setAreaCode(event.target.value)}>
            <option value="">Any area</option>
            {found.data?.area_codes.map((code) => (
              <option key={code.area_code} value={code.area_code}>
                {code.area_code} {code.area}
              </option>
            ))}
          </Select>
        </chakra.label>
        <chakra.label display="flex" flexDirection="column" gap="1" flex="1" minW="10rem" fontWeight="semibold">
          Rating
          <Select
            fontWeight="normal"
            value={rating}
            onChange={(event) => setRating(event.target.value as NumberRating | '')}
          >
            <option value="">Any rating</option>
            {RATINGS.map((r) => (
              <option key={r} value={r}>
                {NUMBER_RATINGS[r].label} ({displayPrice(NUMBER_RATINGS[r].price)})
              </option>
            ))}
          </Select>
        </chakra.label>
      </Flex>
      {found.isPending ? (
        <Loading label="Finding numbers" />
      ) : found.isError ? (
        <LoadError title="Numbers could not be found" error={found.error} onRetry={() => void found.refetch()} />
      ) : shown.length === 0 ? (
        <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md" p="4">
          {numberMessages.noneFound}
        </Box>
      ) : (
        <Box as="ul" listStyleType="none" m="0" p="0" aria-label={listLabel}>
          {shown.map((number) => (
            <Flex as="li" key={number.id} gap="3" py="2" borderBottomWidth="1px" align="center" wrap="wrap">
              <Box flex="1" minW="9rem">
                <Text fontWeight="semibold">{displayPhone(number.number)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {number.area}
                </Text>
              </Box>
              <Box minW="8rem">
                <Stars rating={number.rating} /> <Text as="span">{NUMBER_RATINGS[number.rating].label}</Text>
              </Box>
              <Text minW="4rem">{displayPrice(number.price)}</Text>
              <Button
                size="sm"
                colorPalette="brand"
                variant="outline"
                onClick={() => setChosen(number)}
                aria-label={`Choose ${displayPhone(number.number)}`}
              >
                Choose
              </Button>
            </Flex>
          ))}
        </Box>
      )}
      {footer}
    </div>
  );
}
