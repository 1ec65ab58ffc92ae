import { Box, Button, chakra, Flex, Text, useRecipe } from '@chakra-ui/react';
import { NUMBER_RATINGS, numberMessages, numbersToShow, type AvailableNumber, type NumberRating } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import { LoadError, Loading } from '../../../components/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { MOBILE_MEDIA_QUERY } from '../../../config/breakpoints.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { NOTIFICATION_CENTRE_KEY, numberKeys, reserveNumber, useNumberSearch } from '../api/numbers-api.ts';

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

/**
 * Buy a number (spec 001 sections 5, 7 and 9): search the inventory by area code and rating,
 * choose a number, see its price, buy it. Zero results is an error with a message.
 */
export function BuyNumberDialog({ productId, open, onClose }: { productId: number; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Buy a number" width="40rem">
      <BuyNumberForm productId={productId} onClose={onClose} />
    </Dialog>
  );
}

function BuyNumberForm({ productId, onClose }: { productId: number; onClose: () => void }) {
  const [areaCode, setAreaCode] = useState('');
  const [rating, setRating] = useState<NumberRating | ''>('');
  const [chosen, setChosen] = useState<AvailableNumber | null>(null);
  const small = useMediaQuery(MOBILE_MEDIA_QUERY);
  const found = useNumberSearch(areaCode, rating);
  const queryClient = useQueryClient();
  const selectStyles = useRecipe({ key: 'input' })({ size: 'md', variant: 'outline' });
  const buy = useAction(async (number: AvailableNumber) => {
    try {
      await reserveNumber(productId, number.id);
    } finally {
      // Taken or not, the inventory has changed.
      void queryClient.invalidateQueries({ queryKey: ['numbers', 'inventory'] });
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: numberKeys.siteNumbers(productId) }),
      queryClient.invalidateQueries({ queryKey: NOTIFICATION_CENTRE_KEY }),
    ]);
    toaster.create({ type: 'success', title: `${number.number} is now one of your numbers`, description: 'Assign it to a user from the list.' });
    onClose();
  });

  if (chosen) {
    const { label, price } = NUMBER_RATINGS[chosen.rating];
    return (
      <div>
        <Text mb="2">
          You are buying <strong>{chosen.number}</strong> ({chosen.area}), a {label} number.
        </Text>
        <Text fontSize="lg" fontWeight="semibold" mb="4">
          {price === '0.00' ? 'Included: no charge' : `£${price} one-off, added to your next bill`}
        </Text>
        {buy.error !== null && (
          <Text role="alert" color="fg.error" mb="4">
            {userErrorText(buy.error)}
          </Text>
        )}
        <Flex gap="3" justify="flex-end" wrap="wrap">
          <Button variant="outline" onClick={() => setChosen(null)} disabled={buy.isPending}>
            Back
          </Button>
          <Button colorPalette="brand" loading={buy.isPending} onClick={() => buy.run(chosen).catch(() => undefined)}>
            Buy {chosen.number}
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
          <chakra.select css={selectStyles} value={areaCode} onChange={(event) => setAreaCode(event.target.value)}>
            <option value="">Any area</option>
            {found.data?.area_codes.map((code) => (
              <option key={code.area_code} value={code.area_code}>
                {code.area_code} {code.area}
              </option>
            ))}
          </chakra.select>
        </chakra.label>
        <chakra.label display="flex" flexDirection="column" gap="1" flex="1" minW="10rem" fontWeight="semibold">
          Rating
          <chakra.select css={selectStyles} value={rating} onChange={(event) => setRating(event.target.value as NumberRating | '')}>
            <option value="">Any rating</option>
            {RATINGS.map((r) => (
              <option key={r} value={r}>
                {NUMBER_RATINGS[r].label} (£{NUMBER_RATINGS[r].price})
              </option>
            ))}
          </chakra.select>
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
        <Box as="ul" listStyleType="none" m="0" p="0" aria-label="Numbers you can buy">
          {shown.map((number) => (
            <Flex as="li" key={number.id} gap="3" py="2" borderBottomWidth="1px" align="center" wrap="wrap">
              <Box flex="1" minW="9rem">
                <Text fontWeight="semibold">{number.number}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {number.area}
                </Text>
              </Box>
              <Box minW="8rem">
                <Stars rating={number.rating} /> <Text as="span">{NUMBER_RATINGS[number.rating].label}</Text>
              </Box>
              <Text minW="4rem">£{number.price}</Text>
              <Button size="sm" colorPalette="brand" variant="outline" onClick={() => setChosen(number)} aria-label={`Choose ${number.number}`}>
                Choose
              </Button>
            </Flex>
          ))}
        </Box>
      )}
      <Flex mt="6" justify="flex-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </Flex>
    </div>
  );
}
