// zod/mini: these schemas load with every signed-in page (the default layout's start-up).
import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';
import { idText } from './ids.ts';

/**
 * The statuses the default layout loads at start-up (spec 000 section 4) and the home
 * page's status cards show: getting started, service status, locked users and customer
 * credit status.
 */

/** A path id: digits only; the server answers 404 for one that names no row of the customer's. */
const ProductParams = z.object({ id: idText('Unknown product') });

/** GET /api/v3/voip/getting-started/: products whose welcome (getting started) flow is still due; the first one starts it. */
export const GettingStarted = z.object({ getting_started_product_ids: z.array(z.int()) });
export type GettingStarted = z.infer<typeof GettingStarted>;

export const SERVICE_STATUSES = ['active', 'blocked'] as const;
export type ServiceStatusValue = (typeof SERVICE_STATUSES)[number];

/** One cloud phone's service: blocked means suspended (spec 000, status cards: "suspended-service statuses"). */
export const ProductServiceStatus = z.object({
  product_id: z.int(),
  service_status: z.enum(SERVICE_STATUSES),
  /** Why the service is blocked, in words for the customer; null when active or not said. */
  reason: z.nullable(z.string()),
});
export type ProductServiceStatus = z.infer<typeof ProductServiceStatus>;

export const ServiceStatus = z.object({ results: z.array(ProductServiceStatus) });
export type ServiceStatus = z.infer<typeof ServiceStatus>;

/** A user of a site locked out of their phone (spec 001 section 3: "Locked user: user_id"), with what a card needs to name them. */
export const LockedUser = z.object({ user_id: z.int(), name: z.string(), extension: z.string() });
export type LockedUser = z.infer<typeof LockedUser>;

export const LockedUsers = z.object({ results: z.array(LockedUser) });
export type LockedUsers = z.infer<typeof LockedUsers>;

/**
 * Credit-control stages, in the order an unpaid balance goes through them: overdue (a
 * reminder), final notice, then restricted (outgoing calls barred until paid).
 */
export const CREDIT_CONTROL_STAGES = ['overdue', 'final_notice', 'restricted'] as const;
export type CreditControlStage = (typeof CREDIT_CONTROL_STAGES)[number];

/** One credit-control status of the customer's account. */
export const CreditControlStatus = z.object({
  account_id: z.int(),
  stage: z.enum(CREDIT_CONTROL_STAGES),
  /** The overdue amount in pounds, two decimals, as text ("84.00"). */
  balance_due: z.string(),
  /** When it was due, YYYY-MM-DD. */
  due_date: z.nullable(z.string()),
});
export type CreditControlStatus = z.infer<typeof CreditControlStatus>;

export const CreditStatus = z.object({ results: z.array(CreditControlStatus) });
export type CreditStatus = z.infer<typeof CreditStatus>;

export const statusEndpoints = {
  getGettingStarted: endpoint({
    method: 'GET',
    path: '/api/v3/voip/getting-started/',
    summary: 'Cloud phones whose getting started is due',
    auth: true,
    response: GettingStarted,
  }),
  getServiceStatus: endpoint({
    method: 'GET',
    path: '/api/v3/voip/service-status/',
    summary: 'Service status of each cloud phone',
    auth: true,
    response: ServiceStatus,
  }),
  getLockedUsers: endpoint({
    method: 'GET',
    path: '/api/v3/voip/:id/users/locked/',
    summary: 'Locked users of a cloud phone',
    auth: true,
    params: ProductParams,
    response: LockedUsers,
  }),
  // Spec 001 section 7 lists this call as "GET customer/status/", at the API's root like /accounts/.
  getCreditStatus: endpoint({
    method: 'GET',
    path: '/customer/status/',
    summary: 'Credit-control statuses',
    auth: true,
    response: CreditStatus,
  }),
};
