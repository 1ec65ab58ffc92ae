import {
  loaChip,
  type Chip,
  type DisplayChip,
  type Notification,
  type ServiceUpdate,
  type Tag,
  type TagColor,
} from '@portal/contract';

/**
 * The chips of the notification centre's service updates and notifications. The order and
 * letter-of-authority chips (spec 000 section 4, "Order chips") are shared with the order
 * tracker, in contract/src/orders.ts.
 */

const TAG_CHIP: Record<TagColor, Chip['type']> = {
  green: 'success',
  blue: 'info',
  orange: 'warning',
  red: 'error',
  grey: 'neutral',
};

/** A tag as a chip. */
export function tagChip(tag: Tag): DisplayChip {
  return { type: TAG_CHIP[tag.color], text: tag.name };
}

/** A service update's chip: its own, else its first tag's (spec: "the first shows as a chip"); null when neither. */
export function serviceUpdateChip(update: ServiceUpdate): DisplayChip | null {
  if (update.chip) return update.chip;
  const [first] = update.tags;
  return first ? tagChip(first) : null;
}

/** A notification's chip: the letter of authority's status, Added/Removed for a number change, else the first tag. */
export function notificationChip(notification: Notification): DisplayChip | null {
  switch (notification.kind) {
    case 'CLOA':
      return loaChip(notification.cloa.kind);
    case 'NUMBER_CHANGE':
      return notification.number_change.type === 'ADDED'
        ? { type: 'success', text: 'Added' }
        : { type: 'neutral', text: 'Removed' };
    case 'TARGETED': {
      const [first] = notification.targeted.tags.length > 0 ? notification.targeted.tags : notification.tags;
      return first ? tagChip(first) : null;
    }
  }
}
