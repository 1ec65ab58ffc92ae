import { Box, chakra, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

import { statusCards, type StatusCard, type StatusCardsInput } from '../rules.ts';

/** Whether a link leads to the page already shown (its path, whatever its query). */
const onPage = (to: string, pathname: string) =>
  new URL(to, 'http://portal').pathname.replace(/\/$/, '') === pathname.replace(/\/$/, '');

const accent: Record<StatusCard['kind'], string> = {
  'credit-control': 'red.600',
  'locked-user': 'brand.solid',
  'suspended-service': 'red.600',
};

/**
 * The status cards (spec 000 section 2): credit-control, locked-user and suspended-service
 * statuses (api/use-statuses.ts loads them). Loaded with the home page only when there is one.
 * They stand above every page of the layout, so they hold no headings: the page's h1 is its first
 * heading. A card's link to the page it is on (billing's, on billing) is left out.
 */
export function StatusCards({ statuses }: { statuses: StatusCardsInput }) {
  const here = useLocation();
  const cards = statusCards(statuses);
  if (cards.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="status-cards-title">
      <Text id="status-cards-title" fontSize="xl" fontWeight="semibold" mb="4">
        Needs your attention
      </Text>
      <chakra.ul
        listStyle="none"
        display="grid"
        gap="3"
        gridTemplateColumns={{ base: '1fr', md: 'repeat(auto-fill, minmax(320px, 1fr))' }}
      >
        {cards.map((card) => (
          <Box
            as="li"
            key={card.key}
            borderWidth="1px"
            borderLeftWidth="4px"
            borderLeftColor={accent[card.kind]}
            rounded="lg"
            bg="bg"
            p="4"
          >
            <Text mb="1">
              <chakra.strong fontSize="md">{card.title}</chakra.strong>
            </Text>
            {'to' in card.action ? (
              <>
                <Text mb={onPage(card.action.to, here.pathname) ? '0' : '3'}>{card.text}</Text>
                {!onPage(card.action.to, here.pathname) && (
                  <Link asChild color="brand.fg" fontWeight="semibold" textDecoration="underline">
                    <RouterLink to={card.action.to}>{card.action.label}</RouterLink>
                  </Link>
                )}
              </>
            ) : (
              <>
                <Text mb="3">{card.text}</Text>
                <Link href={card.action.href} color="brand.fg" fontWeight="semibold" textDecoration="underline">
                  {card.action.label}
                </Link>
              </>
            )}
          </Box>
        ))}
      </chakra.ul>
    </Box>
  );
}
