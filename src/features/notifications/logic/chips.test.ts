import { describe, expect, it } from 'vitest';

import {
  appointmentChip,
  cloaStatusChip,
  hardwareChip,
  loaChip,
  numberTransferChip,
  orderChip,
} from '@portal/contract';

import {
  appointmentOrder,
  cloaNotification,
  hardwareOrder,
  numberChangeNotification,
  serviceUpdate,
  targetedNotification,
  transferOrder,
} from '../test-fixtures.ts';
import { notificationChip, serviceUpdateChip } from './chips.ts';

const text = (chip: { text: string } | null) => chip?.text ?? null;

describe('order chips (spec 000 section 4)', () => {
  it.each([
    ['COMPLETED', 'Completed'],
    ['PORTED', 'Completed'],
    ['COMMITTED', 'Accepted'],
    ['SUBMITTED', 'Accepted'],
    ['ACCEPTED', 'Accepted'],
    ['REJECTED', 'Accepted'],
    ['PRE_ORDER_VALIDATION', 'Accepted'],
    ['READY_TO_PORT', 'Accepted'],
    ['PORTING', 'Accepted'],
    ['CANCELLED', 'Cancelled'],
    ['NEW', 'Processing'],
    ['', 'Processing'],
    ['completed', 'Processing'],
  ])('number transfer %s gives "%s"', (status, expected) => {
    expect(numberTransferChip(status).text).toBe(expected);
    expect(orderChip(transferOrder({ status })).text).toBe(expected);
  });

  it.each([
    ['COMPLETED', 'Delivered'],
    ['COMMITTED', 'Accepted'],
    ['CANCELLED', 'Cancelled'],
    ['DISPATCHED', 'Processing'],
    ['SUBMITTED', 'Processing'],
    ['PORTED', 'Processing'],
  ])('hardware %s gives "%s"', (status, expected) => {
    expect(hardwareChip(status).text).toBe(expected);
    expect(orderChip(hardwareOrder({ status })).text).toBe(expected);
  });

  it.each([
    ['UPCOMING', 'Upcoming'],
    ['COMPLETED', 'Completed'],
    ['CANCELLED', 'Cancelled'],
  ] as const)('appointment %s gives "%s", whatever the order status', (status, expected) => {
    expect(appointmentChip(status).text).toBe(expected);
    const order = appointmentOrder({ status: 'SOMETHING_ELSE' });
    expect(orderChip({ ...order, appointment: { ...order.appointment, status } }).text).toBe(expected);
  });

  it('gives the letter-of-authority chip: Signed, Unsigned (urgent), Expired, Cancelled', () => {
    expect(loaChip('SIGNED')).toEqual({ type: 'success', text: 'Signed' });
    expect(loaChip('UNSIGNED')).toEqual({ type: 'warning', text: 'Unsigned', urgent: true });
    expect(loaChip('EXPIRED')).toEqual({ type: 'error', text: 'Expired' });
    expect(loaChip('CANCELLED')).toEqual({ type: 'neutral', text: 'Cancelled' });
    expect(text(cloaStatusChip(transferOrder()))).toBe('Unsigned');
    expect(cloaStatusChip(hardwareOrder())).toBeNull();
  });
});

describe('service update and notification chips', () => {
  it("shows a service update's own chip, else its first tag, else none", () => {
    expect(serviceUpdateChip(serviceUpdate())).toEqual({ type: 'warning', text: 'Investigating' });
    expect(
      serviceUpdateChip(
        serviceUpdate({
          chip: null,
          tags: [
            { name: 'Planned maintenance', color: 'orange' },
            { name: 'Cloud phone', color: 'grey' },
          ],
        }),
      ),
    ).toEqual({ type: 'warning', text: 'Planned maintenance' });
    expect(serviceUpdateChip(serviceUpdate({ chip: null, tags: [] }))).toBeNull();
  });

  it("shows a notification's letter of authority, number change or first tag", () => {
    expect(notificationChip(cloaNotification())).toMatchObject({ text: 'Unsigned', urgent: true });
    expect(text(notificationChip(cloaNotification({ cloa: { kind: 'SIGNED', order: transferOrder() } })))).toBe(
      'Signed',
    );
    expect(text(notificationChip(numberChangeNotification()))).toBe('Added');
    expect(
      text(notificationChip(numberChangeNotification({ number_change: { type: 'REMOVED', number: '0', text: '' } }))),
    ).toBe('Removed');
    expect(notificationChip(targetedNotification())).toEqual({ type: 'info', text: 'Broadband' });
    expect(
      notificationChip(targetedNotification({ targeted: { ...targetedNotification().targeted, tags: [] } })),
    ).toBeNull();
  });
});
