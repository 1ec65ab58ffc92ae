import { Box, Button, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import {
  displayPhone,
  loaChip,
  orderChip,
  trackingLink,
  type Notification,
  type Order,
  type ServiceUpdate,
} from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { Facts } from '../../../components/facts.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { WARNING_SUBTLE } from '../../../components/tones.ts';
import { formatDate } from '../../../lib/format.ts';
import { notificationChip, serviceUpdateChip, tagChip } from '../logic/chips.ts';
import { transferNumbers } from '../logic/describe.ts';
import type { CentreItem } from '../logic/items.ts';
import { OrderFacts, TrackingLink } from './order-facts.tsx';
import { SafeHtml } from './safe-html.tsx';

/**
 * The detail dialogs of the notification centre (spec 000, notification menu): a service
 * update; a notification by kind (CLOA, NUMBER_CHANGE, TARGETED); an order by kind
 * (HARDWARE_ORDER and APPOINTMENT "Order details", NUMBER_TRANSFER "Transfer details").
 * Widths: service updates 700 px, notifications 585 px, orders 500 px.
 */

function Chips({ children }: { children: ReactNode }) {
  return (
    <Flex gap="2" wrap="wrap" mb="3">
      {children}
    </Flex>
  );
}

function UrgentNote({ children }: { children: ReactNode }) {
  return (
    <Box borderWidth="1px" {...WARNING_SUBTLE} rounded="md" p="3" mt="3">
      {children}
    </Box>
  );
}

function ServiceUpdateDetail({ update }: { update: ServiceUpdate }) {
  const chip = serviceUpdateChip(update);
  return (
    <>
      {chip && (
        <Chips>
          <StatusChip chip={chip} />
        </Chips>
      )}
      {update.subtitle && (
        <Text fontWeight="semibold" mb="3">
          {update.subtitle}
        </Text>
      )}
      <SafeHtml html={update.body} />
      <Text color="fg.muted" fontSize="sm" mt="4">
        Updated {formatDate(update.date)}
      </Text>
    </>
  );
}

function NotificationDetail({ notification }: { notification: Notification }) {
  switch (notification.kind) {
    case 'CLOA': {
      const { order, kind } = notification.cloa;
      return (
        <>
          <Chips>
            <StatusChip chip={loaChip(kind)} label="Letter of authority" />
          </Chips>
          <Text>{notification.text}</Text>
          {kind === 'UNSIGNED' && (
            <UrgentNote>
              We e-mailed you the letter of authority for this transfer. Sign it so your current provider releases the
              numbers: the transfer cannot go ahead until it is signed.
            </UrgentNote>
          )}
          <Facts
            rows={[
              ['Numbers', transferNumbers(order.number_transfer)],
              ['Order', order.order_id],
              ['Transfer', <StatusChip key="chip" chip={orderChip(order)} />],
              [
                'Transfer date',
                order.number_transfer.confirmed_transfer_date
                  ? formatDate(order.number_transfer.confirmed_transfer_date)
                  : 'Not confirmed yet',
              ],
              ['Ordered', formatDate(order.date_ordered)],
              ['Last updated', formatDate(notification.last_changed)],
            ]}
          />
        </>
      );
    }
    case 'NUMBER_CHANGE': {
      const chip = notificationChip(notification);
      return (
        <>
          {chip && (
            <Chips>
              <StatusChip chip={chip} />
            </Chips>
          )}
          <Text>{notification.number_change.text}</Text>
          <Facts
            rows={[
              ['Number', displayPhone(notification.number_change.number)],
              [
                notification.number_change.type === 'ADDED' ? 'Added' : 'Removed',
                formatDate(notification.last_changed),
              ],
            ]}
          />
        </>
      );
    }
    case 'TARGETED': {
      const { targeted } = notification;
      return (
        <>
          {targeted.tags.length > 0 && (
            <Chips>
              {targeted.tags.map((tag) => (
                <StatusChip key={tag.name} chip={tagChip(tag)} />
              ))}
            </Chips>
          )}
          {targeted.summary && (
            <Text fontWeight="semibold" mb="3">
              {targeted.summary}
            </Text>
          )}
          <SafeHtml html={targeted.body} />
          <Text color="fg.muted" fontSize="sm" mt="4">
            Sent {formatDate(targeted.created)}
          </Text>
        </>
      );
    }
  }
}

function OrderDetail({ order }: { order: Order }) {
  return (
    <>
      <Chips>
        <StatusChip chip={orderChip(order)} label="Status" />
        {order.kind === 'NUMBER_TRANSFER' && (
          <StatusChip chip={loaChip(order.number_transfer.cloa_status)} label="Letter of authority" />
        )}
      </Chips>
      {order.kind === 'NUMBER_TRANSFER' && order.number_transfer.cloa_status === 'UNSIGNED' && (
        <UrgentNote>The transfer is waiting for you to sign the letter of authority we e-mailed you.</UrgentNote>
      )}
      <OrderFacts order={order} />
      {order.kind === 'HARDWARE_ORDER' && trackingLink(order.hardware) && (
        <Text mt="4">
          <TrackingLink order={order} />
        </Text>
      )}
    </>
  );
}

/** The dialog's title and width for an item. */
export function detailFrame(item: CentreItem): { title: string; width: string } {
  switch (item.type) {
    case 'SERVICE_UPDATE':
      return { title: item.data.title, width: '700px' };
    case 'NOTIFICATION':
      return { title: item.data.kind === 'TARGETED' ? item.data.targeted.title : item.data.title, width: '585px' };
    case 'ORDER':
      return { title: item.data.kind === 'NUMBER_TRANSFER' ? 'Transfer details' : 'Order details', width: '500px' };
  }
}

/** The detail dialog of the item open, if any. */
export function DetailDialog({ item, onClose }: { item: CentreItem | null; onClose: () => void }) {
  if (!item) return null;
  const { title, width } = detailFrame(item);
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      width={width}
      footer={
        <Button colorPalette="brand" onClick={onClose}>
          Close
        </Button>
      }
    >
      {item.type === 'SERVICE_UPDATE' && <ServiceUpdateDetail update={item.data} />}
      {item.type === 'NOTIFICATION' && <NotificationDetail notification={item.data} />}
      {item.type === 'ORDER' && <OrderDetail order={item.data} />}
    </Dialog>
  );
}
