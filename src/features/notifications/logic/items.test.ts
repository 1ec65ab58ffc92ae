import { describe, expect, it } from 'vitest';

import {
  appointmentOrder,
  cloaNotification,
  hardwareOrder,
  numberChangeNotification,
  serviceUpdate,
  targetedNotification,
  transferOrder,
} from '../test-fixtures.ts';
import { hasUnsignedLoa, mergeItems, recentItems, unreadCount } from './items.ts';

describe('recentItems', () => {
  it("is the merged list's first 3, read or not, newest first", () => {
    const items = mergeItems(
      [serviceUpdate({ id: 1, published: '2025-03-03T07:00:00Z', read: true })],
      [
        targetedNotification({ id: 21, last_changed: '2025-03-03T07:05:00Z' }),
        numberChangeNotification({ id: 22, last_changed: '2025-03-02T09:00:00Z' }),
      ],
      [transferOrder({ id: 10, last_updated_date: '2025-03-03T03:50:00Z' })],
    );
    expect(recentItems(items).map((item) => item.key)).toEqual(['NOTIFICATION:21', 'SERVICE_UPDATE:1', 'ORDER:10']);
    expect(recentItems(items.slice(0, 2))).toHaveLength(2);
  });
});

describe('mergeItems', () => {
  it('merges the three lists newest first, by published, last_changed and last_updated_date, each with its type', () => {
    const items = mergeItems(
      [
        serviceUpdate({ id: 1, published: '2025-03-03T07:00:00Z' }),
        serviceUpdate({ id: 2, published: '2025-02-28T09:00:00Z' }),
      ],
      [
        targetedNotification({ id: 21, last_changed: '2025-03-03T07:05:00Z' }),
        numberChangeNotification({ id: 22, last_changed: '2025-03-02T09:00:00Z' }),
      ],
      [
        transferOrder({ id: 10, last_updated_date: '2025-03-03T03:50:00Z' }),
        appointmentOrder({ id: 12, last_updated_date: '2025-03-01T09:00:00Z' }),
      ],
    );
    expect(items.map((item) => item.key)).toEqual([
      'NOTIFICATION:21',
      'SERVICE_UPDATE:1',
      'ORDER:10',
      'NOTIFICATION:22',
      'ORDER:12',
      'SERVICE_UPDATE:2',
    ]);
    expect(items.map((item) => item.type)).toEqual([
      'NOTIFICATION',
      'SERVICE_UPDATE',
      'ORDER',
      'NOTIFICATION',
      'ORDER',
      'SERVICE_UPDATE',
    ]);
    expect(items[0]?.date).toBe('2025-03-03T07:05:00Z');
  });

  it('orders the same time as service update, notification, order, then newest id; and compares instants, not text', () => {
    const at = '2025-03-03T07:00:00Z';
    const items = mergeItems(
      [serviceUpdate({ id: 1, published: '2025-03-03T08:00:00+01:00' })],
      [cloaNotification({ id: 20, last_changed: at }), numberChangeNotification({ id: 25, last_changed: at })],
      [hardwareOrder({ id: 11, last_updated_date: at })],
    );
    expect(items.map((item) => item.key)).toEqual([
      'SERVICE_UPDATE:1',
      'NOTIFICATION:25',
      'NOTIFICATION:20',
      'ORDER:11',
    ]);
  });

  it('takes lists not loaded yet as empty, and puts unreadable dates last', () => {
    expect(mergeItems(undefined, undefined, undefined)).toEqual([]);
    const items = mergeItems([serviceUpdate({ id: 1, published: 'not a date' })], undefined, [hardwareOrder()]);
    expect(items.map((item) => item.key)).toEqual(['ORDER:11', 'SERVICE_UPDATE:1']);
  });
});

describe('unread count and the warning colour', () => {
  it('counts unread items of all three kinds', () => {
    const items = mergeItems(
      [serviceUpdate(), serviceUpdate({ id: 2, read: true })],
      [cloaNotification()],
      [hardwareOrder({ read: true }), transferOrder()],
    );
    expect(unreadCount(items)).toBe(3);
    expect(unreadCount([])).toBe(0);
  });

  it('is a warning while any letter of authority is unsigned, read or not', () => {
    expect(hasUnsignedLoa([numberChangeNotification(), cloaNotification({ read: true })])).toBe(true);
    expect(hasUnsignedLoa([cloaNotification({ cloa: { kind: 'SIGNED', order: transferOrder() } })])).toBe(false);
    expect(hasUnsignedLoa([cloaNotification({ cloa: { kind: 'EXPIRED', order: transferOrder() } })])).toBe(false);
    expect(hasUnsignedLoa(undefined)).toBe(false);
  });
});
