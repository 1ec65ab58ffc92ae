import { Box, Button, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { cloaStatusChip, orderChip, type Order } from '@portal/contract';

import { LoadError, Loading } from '../../../components/states.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { userErrorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { markOrderRead, OrderFacts, orderTitle, TrackingLink, transferNumbers } from '../../notifications/index.ts';
import { useOrdersPage } from '../api/get-orders.ts';
import { emptyText, KIND_FILTERS, pageCount, readView, writeView, type TrackerView } from '../logic/tracker-filter.ts';

/** What each kind of order is called above its title. */
const KIND_LABELS: Record<Order['kind'], string> = {
  HARDWARE_ORDER: 'Hardware order',
  NUMBER_TRANSFER: 'Number transfer',
  APPOINTMENT: 'Appointment',
};

/** The line under an order's title: its parts and quantities, its numbers, or when the engineer comes. */
function summaryOf(order: Order): string {
  switch (order.kind) {
    case 'HARDWARE_ORDER':
      return order.hardware.parts_to_order.map((part) => `${part.quantity} × ${part.name}`).join(', ');
    case 'NUMBER_TRANSFER':
      return transferNumbers(order.number_transfer);
    case 'APPOINTMENT':
      return `${formatDate(order.appointment.appointment_date)}, ${order.appointment.appointment_window}`;
  }
}

/** One order: a heading button that opens its details (and marks it read), its chips, summary and tracking link. */
function OrderCard({ order, open, onToggle }: { order: Order; open: boolean; onToggle: () => void }) {
  const detailsId = useId();
  const loa = cloaStatusChip(order);
  return (
    <chakra.li
      borderWidth="1px"
      borderColor={order.read ? 'border' : 'brand.solid'}
      rounded="lg"
      bg="bg"
      data-read={order.read}
    >
      <Heading as="h2" fontSize="md" fontWeight="normal" m="0">
        <chakra.button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={onToggle}
          display="flex"
          gap="3"
          w="full"
          alignItems="flex-start"
          textAlign="start"
          px="4"
          pt="3"
          pb="2"
          roundedTop="lg"
          cursor="pointer"
          _hover={{ bg: 'bg.muted' }}
          _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '-3px' }}
        >
          <Box
            as="span"
            aria-hidden="true"
            flexShrink={0}
            w="2.5"
            h="2.5"
            mt="1.5"
            rounded="full"
            bg={order.read ? 'transparent' : 'brand.solid'}
          />
          {/* The chips beside the title, or under it on a phone, where the title needs the width. */}
          <Flex as="span" flex="1" minW="0" direction={{ base: 'column', sm: 'row' }} gap={{ base: '1.5', sm: '3' }}>
            <Box as="span" display="block" flex="1" minW="0">
              <Box as="span" display="block" fontSize="xs" color="fg.muted">
                {!order.read && <chakra.span srOnly>Unread. </chakra.span>}
                {KIND_LABELS[order.kind]} · Ordered {formatDate(order.date_ordered)}
              </Box>
              <Box as="span" display="block" fontWeight={order.read ? 'medium' : 'bold'} overflowWrap="anywhere">
                {orderTitle(order)}
              </Box>
            </Box>
            <Flex as="span" gap="2" wrap="wrap" justify={{ base: 'flex-start', sm: 'flex-end' }} align="center">
              <StatusChip chip={orderChip(order)} label="Status" />
              {loa && <StatusChip chip={loa} label="Letter of authority" />}
            </Flex>
          </Flex>
          {/* A chevron drawn by two borders: down when closed, up when open. */}
          <Box
            as="span"
            aria-hidden="true"
            flexShrink={0}
            w="2"
            h="2"
            mt={open ? '2.5' : '1.5'}
            borderRightWidth="2px"
            borderBottomWidth="2px"
            borderColor="fg.muted"
            transform={open ? 'rotate(-135deg)' : 'rotate(45deg)'}
          />
        </chakra.button>
      </Heading>
      {/* Under the title: past the button's padding, the unread dot and its gap (16 + 10 + 12 px). */}
      <Stack gap="1" pr="4" pb="3" pl="38px">
        <Text overflowWrap="anywhere">{summaryOf(order)}</Text>
        {order.kind === 'HARDWARE_ORDER' && (
          <div>
            <TrackingLink order={order} />
          </div>
        )}
        <Box id={detailsId} hidden={!open} borderTopWidth="1px" borderColor="border" mt="2">
          {open && <OrderFacts order={order} />}
        </Box>
      </Stack>
    </chakra.li>
  );
}

function Pager({ view, pages, onPage }: { view: TrackerView; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1 && view.page === 1) return null;
  return (
    <Flex as="nav" aria-label="Pages of orders" gap="3" align="center" justify="space-between" wrap="wrap">
      <Button
        variant="outline"
        size="sm"
        disabled={view.page <= 1}
        onClick={() => onPage(Math.min(view.page - 1, pages))}
      >
        Previous page
      </Button>
      <Text aria-current="page">
        Page {view.page} of {pages}
      </Text>
      <Button variant="outline" size="sm" disabled={view.page >= pages} onClick={() => onPage(view.page + 1)}>
        Next page
      </Button>
    </Flex>
  );
}

/**
 * The order tracker (/my-orders; spec 000 sections 2-4): every order of the account (hardware
 * orders, number transfers, appointments), newest updated first, with the spec's chips, dates,
 * parts, carrier tracking links and appointment windows; a filter by kind and pages, both in the
 * address bar. Opening an order marks it read as the notification centre does, so the bell's count drops.
 */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const list = useOrdersPage(view);
  const queryClient = useQueryClient();
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());

  const go = (next: TrackerView) => setParams((current) => writeView(current, next));
  const toggle = (order: Order) => {
    const opening = !openIds.has(order.id);
    setOpenIds((ids) => {
      const next = new Set(ids);
      if (opening) next.add(order.id);
      else next.delete(order.id);
      return next;
    });
    // Opening marks it read (spec 000 section 4), as in the notification centre.
    if (opening && !order.read) {
      markOrderRead(queryClient, order.id).catch((error: unknown) => {
        toaster.create({ type: 'error', title: 'It could not be marked as read', description: userErrorText(error) });
      });
    }
  };

  const data = list.data;
  const pages = data ? pageCount(data.count) : 1;

  return (
    <Stack gap="6" maxW="4xl">
      <div>
        <Heading as="h1" size="3xl" mb="2">
          Order tracker
        </Heading>
        <Text color="fg.muted">
          Your hardware orders, number transfers and appointments, last updated first. Open an order to see its details.
        </Text>
      </div>
      <Tabs label="Kind of order" items={KIND_FILTERS} value={view.kind} onChange={(kind) => go({ kind, page: 1 })}>
        <Box aria-live="polite" aria-busy={list.isFetching}>
          {list.isPending ? (
            <Loading label="Loading your orders" />
          ) : list.isError ? (
            <LoadError
              title="Your orders could not be loaded"
              error={list.error}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          ) : data!.results.length === 0 ? (
            <Stack gap="3" align="flex-start">
              <Text fontWeight="semibold">{data!.count === 0 ? emptyText(view.kind) : 'No orders on this page.'}</Text>
              {data!.count > 0 && (
                <Button variant="outline" size="sm" onClick={() => go({ ...view, page: 1 })}>
                  First page
                </Button>
              )}
            </Stack>
          ) : (
            <Stack gap="4">
              <Text color="fg.muted">
                {data!.count} {data!.count === 1 ? 'order' : 'orders'}
              </Text>
              <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="3" aria-label="Orders">
                {data!.results.map((order) => (
                  <OrderCard key={order.id} order={order} open={openIds.has(order.id)} onToggle={() => toggle(order)} />
                ))}
              </chakra.ul>
              <Pager view={view} pages={pages} onPage={(page) => go({ ...view, page })} />
            </Stack>
          )}
        </Box>
      </Tabs>
    </Stack>
  );
}
