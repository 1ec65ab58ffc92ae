import {
  displayPrice,
  type CreditControlStatus,
  type LockedUser,
  type NavigationProduct,
  type ServiceStatus,
} from '@portal/contract';

import { helpPhone } from '../../config/help-phone.ts';
import * as paths from '../../config/paths.ts';
import { formatDate } from '../../lib/format.ts';
import { productKindLabels } from '../navigation/index.ts';

/**
 * The status cards (spec 000 section 2): credit-control statuses, locked-user statuses,
 * and a suspended-service status for each product whose service status is blocked. Plain
 * functions, so the wording and the order are tested without a page.
 */

export interface StatusCard {
  key: string;
  kind: 'credit-control' | 'locked-user' | 'suspended-service';
  title: string;
  text: string;
  /** A page of the portal (`to`), or a link out of it such as the help line's tel: (`href`). */
  action: { label: string; to: string } | { label: string; href: string };
}

const billingOf = (accountId: number) => ({ label: 'Go to billing', to: paths.billing.build({}, { id: accountId }) });

export function creditControlCard(status: CreditControlStatus): StatusCard {
  const amount = displayPrice(status.balance_due);
  const due = status.due_date ? ` was due on ${formatDate(status.due_date)} and` : '';
  const key = `credit-${status.account_id}-${status.stage}`;
  switch (status.stage) {
    case 'overdue':
      return {
        key,
        kind: 'credit-control',
        title: 'Payment overdue',
        text: `${amount}${due} has not been paid. Please pay it to keep your services running.`,
        action: billingOf(status.account_id),
      };
    case 'final_notice':
      return {
        key,
        kind: 'credit-control',
        title: 'Final notice',
        text: `${amount}${due} is still unpaid. Pay it now to avoid your services being restricted.`,
        action: billingOf(status.account_id),
      };
    case 'restricted':
      return {
        key,
        kind: 'credit-control',
        title: 'Services restricted',
        text: `Outgoing calls are barred until the overdue ${amount} is paid.`,
        action: billingOf(status.account_id),
      };
  }
}

export function lockedUserCard(product: NavigationProduct, user: LockedUser): StatusCard {
  return {
    key: `locked-${product.product_id}-${user.user_id}`,
    kind: 'locked-user',
    title: `${user.name} is locked out`,
    text: `${user.name} (extension ${user.extension}) on ${product.product_detail} cannot use their phone after too many wrong PIN attempts. Reset their PIN to let them back in.`,
    action: {
      label: 'Go to users and devices',
      to: paths.usersDevices.build({ id: product.product_id }, { tab: 'users' }),
    },
  };
}

/**
 * A suspended product's card always says the way out: while its account owes (a credit-control
 * status), paying, with the help line beside it; otherwise the help line to call.
 */
export function suspendedServiceCard(
  product: NavigationProduct,
  reason: string | null,
  owed?: CreditControlStatus,
): StatusCard {
  const label = productKindLabels[product.product_kind];
  const blocked = `${reason ?? 'The service is suspended'}: calls to and from ${product.product_detail} are blocked.`;
  const card = {
    key: `suspended-${product.product_id}`,
    kind: 'suspended-service',
    title: `${label} suspended`,
  } as const;
  if (owed) {
    return {
      ...card,
      text: `${blocked} Pay the ${displayPrice(owed.balance_due)} overdue to restore it, or call us on ${helpPhone.display}.`,
      action: billingOf(product.account_id),
    };
  }
  return {
    ...card,
    text: `${blocked} Call us on ${helpPhone.display} to restore it.`,
    action: { label: `Call ${helpPhone.display}`, href: `tel:${helpPhone.tel}` },
  };
}

export interface StatusCardsInput {
  products: readonly NavigationProduct[];
  credit: readonly CreditControlStatus[];
  /** Locked users of the products they were loaded for. */
  locked: ReadonlyArray<{ product: NavigationProduct; users: readonly LockedUser[] }>;
  service: ServiceStatus | undefined;
}

/** Every status card, credit control first, then locked users, then suspended services in the products' order. */
export function statusCards({ products, credit, locked, service }: StatusCardsInput): StatusCard[] {
  const suspended = products.flatMap((product) => {
    const entry = service?.results.find((status) => status.product_id === product.product_id);
    const owed = credit.find((status) => status.account_id === product.account_id);
    return entry?.service_status === 'blocked' ? [suspendedServiceCard(product, entry.reason, owed)] : [];
  });
  return [
    ...credit.map(creditControlCard),
    ...locked.flatMap(({ product, users }) => users.map((user) => lockedUserCard(product, user))),
    ...suspended,
  ];
}
