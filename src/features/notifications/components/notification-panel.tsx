import { Box, Button, chakra, Flex, Heading } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

import { orderChip, type DisplayChip } from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { WARNING_SOLID, WARNING_SUBTLE } from '../../../components/tones.ts';
import { userErrorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { useClearAll } from '../api/clear-all.ts';
import { useNotificationCentre } from '../api/get-notification-lists.ts';
import { markItemRead } from '../api/mark-as-read.ts';
import { notificationChip, serviceUpdateChip } from '../logic/chips.ts';
import { itemSummary, transferNumbers, TYPE_LABELS } from '../logic/describe.ts';
import type { CentreItem } from '../logic/items.ts';
import { DetailDialog } from './detail-dialog.tsx';
import { panelFrame } from './panel-frame.ts';
import { visuallyHidden } from './safe-html.tsx';

function chipOf(item: CentreItem): DisplayChip | null {
  switch (item.type) {
    case 'SERVICE_UPDATE':
      return serviceUpdateChip(item.data);
    case 'NOTIFICATION':
      return notificationChip(item.data);
    case 'ORDER':
      return orderChip(item.data);
  }
}

const rowStyles = {
  type: 'button',
  display: 'flex',
  gap: '3',
  w: 'full',
  textAlign: 'start',
  px: '3',
  py: '3',
  rounded: 'md',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' },
} as const;

function ItemRow({ item, onOpen }: { item: CentreItem; onOpen: (item: CentreItem) => void }) {
  const { title, text } = itemSummary(item);
  const chip = chipOf(item);
  return (
    <chakra.button {...rowStyles} data-read={item.read} onClick={() => onOpen(item)}>
      <Box
        as="span"
        aria-hidden="true"
        flexShrink={0}
        w="2.5"
        h="2.5"
        mt="1.5"
        rounded="full"
        bg={item.read ? 'transparent' : 'brand.solid'}
      />
      <Box as="span" display="block" flex="1" minW="0">
        <Flex as="span" justify="space-between" align="center" gap="2">
          <Box as="span" fontSize="xs" color="fg.muted">
            {!item.read && <span style={visuallyHidden}>Unread. </span>}
            {TYPE_LABELS[item.type]} · {formatDate(item.date)}
          </Box>
          {chip && <StatusChip chip={chip} />}
        </Flex>
        <Box as="span" display="block" fontWeight={item.read ? 'normal' : 'semibold'} overflowWrap="anywhere">
          {title}
        </Box>
        {text && (
          <Box as="span" display="block" fontSize="sm" color="fg.muted" lineClamp={2} overflowWrap="anywhere">
            {text}
          </Box>
        )}
      </Box>
    </chakra.button>
  );
}

export interface NotificationPanelProps {
  id: string;
  bellRef: RefObject<HTMLButtonElement | null>;
  /** Closes the panel; `returnFocus` puts focus back on the bell (Escape). */
  onClose: (returnFocus: boolean) => void;
}

/**
 * The notification panel (spec 000, notification menu): a non-modal dialog under the bell,
 * headed "Notifications", with "Clear all", the recent updates newest first, and each
 * item's detail dialog. It lists what is unread, and keeps in place what it showed unread
 * while it is open; "Clear all" marks everything read and empties it. A letter of authority that
 * waits to be signed stays reachable even once read, since it is why the bell is amber.
 * Escape closes it and focus returns to the bell; Tab out of it or a click outside closes it.
 */
export default function NotificationPanel({ id, bellRef, onClose }: NotificationPanelProps) {
  const centre = useNotificationCentre();
  const queryClient = useQueryClient();
  const panelRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  // Items seen unread while the panel is open stay listed once read, so no row moves under
  // the pointer (opening one, or a service update reading its notifications); Clear all empties it.
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  const [openKey, setOpenKey] = useState<string | null>(null);
  const clear = useClearAll();

  // The latest onClose, for the listener added once.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    panelRef.current?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !bellRef.current?.contains(target)) onCloseRef.current(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [bellRef]);

  const unseen = centre.items.filter((item) => !item.read && !seen.has(item.key));
  // Adjusting state while rendering (React re-renders at once), not in an effect a frame later.
  if (unseen.length > 0) setSeen(new Set([...seen, ...unseen.map((item) => item.key)]));
  const shown = centre.items.filter((item) => !item.read || seen.has(item.key));
  // Read letters of authority still waiting to be signed, not in the list.
  const waiting = centre.items.filter(
    (item): item is Extract<CentreItem, { type: 'NOTIFICATION' }> =>
      item.type === 'NOTIFICATION' &&
      item.data.kind === 'CLOA' &&
      item.data.cloa.kind === 'UNSIGNED' &&
      !shown.includes(item),
  );
  const openItem = openKey ? (centre.items.find((item) => item.key === openKey) ?? null) : null;
  const { serviceUpdates, notifications, orders } = centre.lists;
  const lists = [
    { name: 'Service updates', query: serviceUpdates },
    { name: 'Notifications', query: notifications },
    { name: 'Orders', query: orders },
  ];
  const pending = lists.some((list) => list.query.isPending);
  const anyLoaded = lists.some((list) => list.query.isSuccess);

  const open = (item: CentreItem) => {
    setOpenKey(item.key);
    // Opening marks it read (spec 000 section 4).
    if (!item.read) {
      markItemRead(queryClient, item).catch((error: unknown) => {
        toaster.create({ type: 'error', title: 'It could not be marked as read', description: userErrorText(error) });
      });
    }
  };

  const clearEverything = () => {
    clear.mutateAsync().then(
      () => setSeen(new Set()),
      (error: unknown) => {
        setSeen(new Set());
        toaster.create({
          type: 'error',
          title: 'Not everything could be marked as read',
          description: userErrorText(error),
        });
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // An open detail dialog handles its own Escape.
    if (event.key === 'Escape' && openKey === null) {
      event.preventDefault();
      onClose(true);
    }
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !panelRef.current?.contains(next) && !bellRef.current?.contains(next)) onClose(false);
  };

  return (
    <Box
      {...panelFrame}
      ref={panelRef}
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      outline="none"
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <Flex justify="space-between" align="center" gap="3" px="4" py="3" borderBottomWidth="1px">
        <Heading as="h2" id={headingId} size="md">
          Notifications
        </Heading>
        <Button size="sm" variant="outline" colorPalette="brand" onClick={clearEverything} loading={clear.isPending}>
          Clear all
        </Button>
      </Flex>
      <Box overflowY="auto" flex="1" p="2">
        {waiting.length > 0 && (
          <Box
            as="section"
            aria-label="Waiting for you"
            borderWidth="1px"
            borderColor={WARNING_SOLID}
            bg={WARNING_SUBTLE.bg}
            rounded="md"
            p="1"
            mb="2"
          >
            {waiting.map((item) => (
              <chakra.button
                key={item.key}
                {...rowStyles}
                color={WARNING_SUBTLE.color}
                fontWeight="semibold"
                onClick={() => setOpenKey(item.key)}
              >
                Letter of authority not signed:{' '}
                {item.data.kind === 'CLOA' ? transferNumbers(item.data.cloa.order.number_transfer) : ''}
              </chakra.button>
            ))}
          </Box>
        )}
        {lists.map(
          (list) =>
            list.query.isError && (
              <Box key={list.name} mb="2">
                <LoadError
                  title={`${list.name} could not be loaded`}
                  error={list.query.error}
                  onRetry={() => void list.query.refetch()}
                  retrying={list.query.isFetching}
                />
              </Box>
            ),
        )}
        {shown.length > 0 && (
          <chakra.ul aria-label="Recent updates" listStyleType="none">
            {shown.map((item) => (
              <li key={item.key}>
                <ItemRow item={item} onOpen={open} />
              </li>
            ))}
          </chakra.ul>
        )}
        {pending ? (
          <Box px="2">
            <Loading label="Loading notifications" />
          </Box>
        ) : (
          anyLoaded &&
          shown.length === 0 && (
            <Box role="status" px="3" py="6" textAlign="center" color="fg.muted">
              No recent updates
            </Box>
          )
        )}
      </Box>
      <DetailDialog item={openItem} onClose={() => setOpenKey(null)} />
    </Box>
  );
}
