import { Box, Link, Text } from '@chakra-ui/react';
import { useQueries } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';

import { phoneDisplay } from '@portal/contract';

import { phoneSetupPage } from '../../../config/paths.ts';
import { divertQuery } from '../api/settings-api.ts';

interface DivertNoticesProps {
  /** The cloud phones to check, with the name the notice gives each when there are several. */
  products: ReadonlyArray<{ id: number; label: string }>;
}

/**
 * While a temporary divert is on, says so with a link to turn it off: on home for
 * each cloud phone, on the call-flow pages for theirs. Nothing shows while loading or on an
 * error (the divert tab itself shows those); it is a reminder, not the setting.
 */
export function DivertNotices({ products }: DivertNoticesProps) {
  const answers = useQueries({ queries: products.map((product) => divertQuery(product.id)) });
  const on = products.flatMap((product, index) => {
    const destination = answers[index]?.data;
    return typeof destination === 'string' ? [{ ...product, destination }] : [];
  });
  if (on.length === 0) return null;
  return (
    <>
      {on.map((product) => (
        <Box
          key={product.id}
          role="region"
          aria-label="Calls are diverted"
          borderWidth="1px"
          borderColor="border.warning"
          bg="bg.warning"
          rounded="md"
          p="4"
        >
          <Text fontWeight="semibold">
            {products.length > 1 ? `${product.label}: every` : 'Every'} call is diverted to{' '}
            {phoneDisplay(product.destination)}
          </Text>
          <Text>
            Your call flows do not run while the divert is on.{' '}
            <Link asChild color="brand.fg" textDecoration="underline">
              <RouterLink to={phoneSetupPage(product.id, 'temporary-divert')}>Turn off the divert</RouterLink>
            </Link>
          </Text>
        </Box>
      ))}
    </>
  );
}
