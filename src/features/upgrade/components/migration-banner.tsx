import { Box, Flex, Link, Text } from '@chakra-ui/react';

import type { ProvisioningStatus } from '@portal/contract';

import { MIGRATIONS_BOOKING_URL } from '../../../config/migrations.ts';
import { ProvisioningProgress } from './provisioning-progress.tsx';

export const migrationBannerText = {
  title: 'Your phone system is moving to our latest platform',
  book: 'Our migrations team moves your numbers, users and call flows for you, at a time that suits you.',
  link: 'Book a call with our migrations team',
  newTab: '(opens in a new tab)',
  underWay: 'Your migration is under way',
} as const;

/**
 * The migration banner (spec 001 section 4, "Upgrade (2 to 3)"): shown when eligibility says
 * show_migration_banner; the migrations team's booking link, and the migration's progress
 * while one is under way.
 */
export function MigrationBanner({ migration }: { migration: ProvisioningStatus | null }) {
  return (
    <Box
      as="section"
      aria-label="Migration"
      borderWidth="1px"
      borderColor="blue.300"
      bg="blue.50"
      _dark={{ bg: 'blue.950', borderColor: 'blue.700' }}
      rounded="md"
      p={{ base: '4', md: '5' }}
    >
      <Flex direction="column" gap="2">
        <Text fontWeight="bold">{migration ? migrationBannerText.underWay : migrationBannerText.title}</Text>
        {migration ? (
          <ProvisioningProgress status={migration} compact />
        ) : (
          <>
            <Text>{migrationBannerText.book}</Text>
            <Link
              href={MIGRATIONS_BOOKING_URL}
              target="_blank"
              rel="noopener noreferrer"
              color="brand.fg"
              fontWeight="semibold"
              textDecoration="underline"
              alignSelf="flex-start"
            >
              {migrationBannerText.link}
              <Text as="span" srOnly>
                {' '}
                {migrationBannerText.newTab}
              </Text>
            </Link>
          </>
        )}
      </Flex>
    </Box>
  );
}
