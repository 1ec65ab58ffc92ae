import { Box, chakra, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { statusCards, type StatusCard, type StatusCardsInput } from '../rules.ts';

const accent: Record<StatusCard['kind'], string> = {
  'credit-control': 'red.600',
  'locked-user': 'brand.solid',
  'suspended-service': 'red.600',
};

/**
 * The status cards (spec 000 section 2): credit-control, locked-user and suspended-service
 * statuses (api/use-statuses.ts loads them). Loaded with the home page only when there is one.
 */
export function StatusCards({ statuses }: { statuses: StatusCardsInput }) {
  const cards = statusCards(statuses);
  if (cards.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="status-cards-heading">
      <Heading as="h2" id="status-cards-heading" size="xl" mb="4">
        Needs your attention
      </Heading>
      <chakra.ul listStyle="none" display="grid" gap="3" gridTemplateColumns={{ base: '1fr', md: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
        {cards.map((card) => (
          <Box as="li" key={card.key} borderWidth="1px" borderLeftWidth="4px" borderLeftColor={accent[card.kind]} rounded="lg" bg="bg" p="4">
            <Heading as="h3" size="md" mb="1">
              {card.title}
            </Heading>
            <Text mb="3">{card.text}</Text>
            {'to' in card.action ? (
              <Link asChild color="brand.fg" fontWeight="semibold" textDecoration="underline">
                <RouterLink to={card.action.to}>{card.action.label}</RouterLink>
              </Link>
            ) : (
              <Link href={card.action.href} color="brand.fg" fontWeight="semibold" textDecoration="underline">
                {card.action.label}
              </Link>
            )}
          </Box>
        ))}
      </chakra.ul>
    </Box>
  );
}
