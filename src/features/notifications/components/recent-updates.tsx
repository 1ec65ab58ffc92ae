import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useId } from 'react';

import { LoadError, Loading } from '../../../components/states.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useNotificationCentre } from '../api/get-notification-lists.ts';
import { itemSummary, TYPE_LABELS } from '../logic/describe.ts';
import { recentItems } from '../logic/items.ts';
import { setPanelOpen } from '../logic/panel-open.ts';
import { visuallyHidden } from './safe-html.tsx';

/**
 * Home's recent updates (spec 000 and 001: recent notifications are the first 3): the three newest
 * of the notification centre's merged list (service updates, notifications and orders, the bell's
 * rule and caches), read or not, and "See all notifications", which opens the bell's panel.
 * A chunk of its own, loaded after home has painted.
 */
export default function RecentUpdates() {
  const centre = useNotificationCentre();
  const headingId = useId();
  const { serviceUpdates, notifications, orders } = centre.lists;
  const lists = [serviceUpdates, notifications, orders];
  const items = recentItems(centre.items);
  const failed = lists.find((list) => list.isError);

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" id={headingId} size="xl">
          Recent updates
        </Heading>
        <Button size="sm" variant="outline" colorPalette="brand" onClick={() => setPanelOpen(true)}>
          See all notifications
        </Button>
      </Flex>
      {!centre.loaded && lists.some((list) => list.isPending) ? (
        <Loading label="Loading recent updates…" />
      ) : !centre.loaded && failed ? (
        <LoadError
          title="Recent updates could not be loaded"
          error={failed.error}
          onRetry={() => lists.forEach((list) => void list.refetch())}
          retrying={lists.some((list) => list.isFetching)}
        />
      ) : items.length === 0 ? (
        <Text color="fg.muted">No recent updates</Text>
      ) : (
        <Box as="ul" listStyleType="none" borderWidth="1px" rounded="md" divideY="1px">
          {items.map((item) => {
            const { title } = itemSummary(item);
            return (
              <Box as="li" key={item.key} px="4" py="3" data-read={item.read}>
                <Text fontSize="xs" color="fg.muted">
                  {!item.read && <span style={visuallyHidden}>Unread. </span>}
                  {TYPE_LABELS[item.type]} · {formatDate(item.date)}
                </Text>
                <Text fontWeight={item.read ? 'normal' : 'semibold'} overflowWrap="anywhere">
                  {title}
                </Text>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
