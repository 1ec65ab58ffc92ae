import { chakra, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { trackingLink, type Order } from '@portal/contract';

import { Facts } from '../../../components/facts.tsx';
import { formatDate } from '../../../lib/format.ts';
import { transferNumbers } from '../logic/describe.ts';

/** What an order shows when opened, by kind: in the notification centre's detail dialog and in the order tracker. */
export function OrderFacts({ order }: { order: Order }) {
  const common: Array<[string, ReactNode]> = [
    ['Order', order.order_id],
    ['Ordered', formatDate(order.date_ordered)],
    ['Last updated', formatDate(order.last_updated_date)],
  ];
  switch (order.kind) {
    case 'HARDWARE_ORDER': {
      const { hardware } = order;
      return (
        <Facts
          rows={[
            [
              'Items',
              <chakra.ul key="items" listStyleType="none">
                {hardware.parts_to_order.map((part) => (
                  <li key={part.name}>
                    {part.quantity} × {part.name}
                  </li>
                ))}
              </chakra.ul>,
            ],
            ...common,
            ['Dispatched', formatDate(hardware.shipping_date)],
            ['Carrier', hardware.shipping_carrier_operator ?? '-'],
            ['Tracking number', hardware.shipping_tracking_id ?? '-'],
            ['Delivery post code', hardware.shipping_post_code ?? '-'],
            ...(hardware.payment ? [['Payment', hardware.payment] as const] : []),
          ]}
        />
      );
    }
    case 'NUMBER_TRANSFER': {
      const transfer = order.number_transfer;
      return (
        <Facts
          rows={[
            [transfer.isRange ? 'Numbers' : 'Number', transferNumbers(transfer)],
            [
              'Transfer date',
              transfer.confirmed_transfer_date ? formatDate(transfer.confirmed_transfer_date) : 'Not confirmed yet',
            ],
            ...common,
          ]}
        />
      );
    }
    case 'APPOINTMENT': {
      const { appointment } = order;
      return (
        <Facts
          rows={[
            ['Appointment', appointment.appointment_type],
            ['Date', formatDate(appointment.appointment_date)],
            ['Time window', appointment.appointment_window],
            ['Line post code', appointment.line_post_code],
            ...common,
          ]}
        />
      );
    }
  }
}

/** A hardware order's carrier link (the contract's tracking rule), opening the carrier's page in a new tab. */
export function TrackingLink({ order }: { order: Extract<Order, { kind: 'HARDWARE_ORDER' }> }) {
  const link = trackingLink(order.hardware);
  if (!link) return null;
  return (
    <Link
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      color="brand.fg"
      textDecoration="underline"
      fontWeight="semibold"
    >
      Track your parcel with {link.carrier}
      <chakra.span srOnly> (opens in a new tab)</chakra.span>
    </Link>
  );
}
