import type { Notification, Order, ServiceUpdate } from '@portal/contract';

/** Items for the notification centre's unit tests, in the contract's shapes. */

export function serviceUpdate(overrides: Partial<ServiceUpdate> = {}): ServiceUpdate {
  return {
    id: 1,
    title: 'Broadband outage in Leeds LS11',
    subtitle: 'Engineers are on site',
    body: '<p>Some lines are down.</p>',
    summary: 'Some lines are down.',
    date: '2025-03-03T08:00:00.000Z',
    published: '2025-03-03T07:00:00.000Z',
    tags: [{ name: 'Broadband', color: 'blue' }],
    chip: { type: 'warning', text: 'Investigating' },
    read: false,
    ...overrides,
  };
}

const orderBase = {
  status: 'SUBMITTED',
  account_id: 3,
  date_ordered: '2025-02-25T09:00:00.000Z',
  last_updated_date: '2025-03-03T04:00:00.000Z',
  read: false,
};

export function transferOrder(
  overrides: Partial<Extract<Order, { kind: 'NUMBER_TRANSFER' }>> = {},
): Extract<Order, { kind: 'NUMBER_TRANSFER' }> {
  return {
    ...orderBase,
    id: 10,
    order_id: 'PT-20417',
    kind: 'NUMBER_TRANSFER',
    number_transfer: {
      range_start: '01632960500',
      range_end: '01632960509',
      isRange: true,
      confirmed_transfer_date: null,
      cloa_status: 'UNSIGNED',
    },
    ...overrides,
  };
}

export function hardwareOrder(
  overrides: Partial<Extract<Order, { kind: 'HARDWARE_ORDER' }>> = {},
): Extract<Order, { kind: 'HARDWARE_ORDER' }> {
  return {
    ...orderBase,
    id: 11,
    status: 'DISPATCHED',
    order_id: 'HW-88213',
    last_updated_date: '2025-03-02T07:00:00.000Z',
    kind: 'HARDWARE_ORDER',
    hardware: {
      parts_to_order: [{ name: 'Yealink T54W desk phone', quantity: 2 }],
      shipping_date: '2025-03-02',
      shipping_carrier_operator: 'DPD',
      shipping_post_code: 'LS11 5PZ',
      shipping_tracking_id: '15501234567890',
      shipping_tracking_link: null,
    },
    ...overrides,
  };
}

export function appointmentOrder(
  overrides: Partial<Extract<Order, { kind: 'APPOINTMENT' }>> = {},
): Extract<Order, { kind: 'APPOINTMENT' }> {
  return {
    ...orderBase,
    id: 12,
    status: 'UPCOMING',
    order_id: 'AP-55102',
    last_updated_date: '2025-03-01T09:00:00.000Z',
    kind: 'APPOINTMENT',
    appointment: {
      appointment_type: 'Fibre router installation',
      line_post_code: 'LS11 5PZ',
      appointment_date: '2025-03-08',
      appointment_window: '08:00-13:00',
      status: 'UPCOMING',
      last_changed: '2025-03-01T09:00:00.000Z',
    },
    ...overrides,
  };
}

const notificationBase = {
  read: false,
  date_ordered: null,
  last_updated_date: null,
  tags: [],
  service_update_id: null,
};

export function cloaNotification(
  overrides: Partial<Extract<Notification, { kind: 'CLOA' }>> = {},
): Extract<Notification, { kind: 'CLOA' }> {
  const order = transferOrder();
  return {
    ...notificationBase,
    id: 20,
    title: 'Sign your letter of authority',
    text: 'We cannot transfer 01632 960500 to 01632 960509 until the letter of authority is signed.',
    last_changed: '2025-03-03T04:00:00.000Z',
    kind: 'CLOA',
    cloa: { kind: 'UNSIGNED', order },
    ...overrides,
  };
}

export function targetedNotification(
  overrides: Partial<Extract<Notification, { kind: 'TARGETED' }>> = {},
): Extract<Notification, { kind: 'TARGETED' }> {
  return {
    ...notificationBase,
    id: 21,
    title: 'Your broadband may be affected',
    text: 'An outage in Leeds LS11 may affect your line.',
    last_changed: '2025-03-03T07:05:00.000Z',
    service_update_id: 1,
    kind: 'TARGETED',
    targeted: {
      title: 'Your broadband may be affected',
      summary: 'An outage may affect your line.',
      body: '<p>Engineers are fixing it.</p>',
      created: '2025-03-03T07:05:00.000Z',
      tags: [{ name: 'Broadband', color: 'blue' }],
    },
    ...overrides,
  };
}

export function numberChangeNotification(
  overrides: Partial<Extract<Notification, { kind: 'NUMBER_CHANGE' }>> = {},
): Extract<Notification, { kind: 'NUMBER_CHANGE' }> {
  return {
    ...notificationBase,
    id: 22,
    title: 'Number added',
    text: '02079460103 was added to your cloud phone.',
    last_changed: '2025-03-02T09:00:00.000Z',
    kind: 'NUMBER_CHANGE',
    number_change: { type: 'ADDED', number: '02079460103', text: '02079460103 was added to your cloud phone.' },
    ...overrides,
  };
}

/** A list answer of the API. */
export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
