import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

import { displayPhone, displayPrice, type NumberRating } from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { reserveSelectedNumber, useNumberSelection } from '../api/numbers-api.ts';
import type { ChosenNumber } from '../api/take-number.ts';
import { NumberChooser } from './number-chooser.tsx';

const priceText = (price: string) =>
  price === '0.00' ? 'Included: no charge' : `${displayPrice(price)} one-off, on your first bill`;

/**
 * The number choice a number selection token opens (scope customer-number-selection): the
 * inventory, and the chosen number taken for the token's phone. In the buy-now journey and on
 * the /number-select page of the e-mailed link.
 */
export function NumberSelectionStep({
  token,
  onChosen,
  footer,
}: {
  token: string;
  onChosen: (number: ChosenNumber) => void;
  footer?: ReactNode;
}) {
  return (
    <NumberChooser
      listLabel="Numbers you can choose"
      reserve={(number) => reserveSelectedNumber(token, number.id)}
      confirmLabel={(number) => `Make ${displayPhone(number.number)} my number`}
      priceText={priceText}
      onDone={onChosen}
      footer={footer}
    />
  );
}

/**
 * The self sign-up's number step: the same inventory, but only chosen here. Its phone does not
 * exist yet; the server reserves the number for it (the numbers area's one rule) when the
 * sign-up's e-mail is confirmed. Opens on `initial`, the number the draft holds, if any.
 */
export function SignupNumberStep({
  initial,
  onChosen,
}: {
  initial: ChosenNumber | null;
  onChosen: (number: { number: string; area: string | null; rating: NumberRating | null }) => void;
}) {
  return (
    <NumberChooser
      listLabel="Numbers you can choose"
      initial={initial}
      backLabel="Choose another number"
      confirmLabel={(number) => `Continue with ${displayPhone(number.number)}`}
      priceText={priceText}
      onDone={(number) => onChosen({ number: number.number, area: number.area ?? null, rating: number.rating ?? null })}
    />
  );
}

/**
 * /number-select?token=... (spec 000: needs a signed token of scope customer-number-selection,
 * else home): the new customer chooses their business number from the e-mailed link, once.
 */
export function NumberSelectPage({ token }: { token: string }) {
  usePageTitle('Choose your number');
  const selection = useNumberSelection(token);
  const [taken, setTaken] = useState<ChosenNumber | null>(null);
  const navigate = useNavigate();
  // No token, or one not valid or expired: the spec sends the visitor home. (Not <Navigate>: it would add
  // react-router code to the entry chunk, over the home page's bundle budget.)
  const invalid = !token || (selection.isError && isApiError(selection.error) && selection.error.status === 404);
  useEffect(() => {
    if (invalid) void navigate('/', { replace: true });
  }, [invalid, navigate]);
  if (invalid || selection.isPending) return <Loading label="Opening your number choice" />;
  if (selection.isError) {
    return (
      <LoadError
        title="Your number choice could not be opened"
        error={selection.error}
        onRetry={() => void selection.refetch()}
        retrying={selection.isFetching}
      />
    );
  }
  const { business_name: business, first_name: firstName, chosen } = selection.data;
  if (taken || chosen) {
    return (
      <Flex direction="column" gap="4">
        <Heading as="h1" size="2xl">
          {taken ? `${displayPhone(taken.number)} is your business number` : 'Your number is chosen'}
        </Heading>
        <Text>
          {taken
            ? `It is now on ${business}'s phone system. Sign in to give it to a user or route it through a call flow.`
            : 'You have chosen your number already. Sign in to see it on your phone system.'}
        </Text>
        <Box>
          {/* type={undefined}: Button would put type="button" on the link */}
          <Button asChild colorPalette="brand" type={undefined}>
            <RouterLink to="/auth/login/">Sign in</RouterLink>
          </Button>
        </Box>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="4">
      <Box>
        <Heading as="h1" size="2xl" mb="2">
          Choose your business number
        </Heading>
        <Text color="fg.muted">
          {firstName ? `${firstName}, choose` : 'Choose'} the number {business}&apos;s customers will call. Gold and
          Silver numbers are easier to remember; Included numbers are free.
        </Text>
      </Box>
      <NumberSelectionStep token={token} onChosen={setTaken} />
    </Flex>
  );
}
