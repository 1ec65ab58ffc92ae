import { eq, sql, type SQLWrapper } from 'drizzle-orm';

import type { FlowNode } from '@portal/editor-core';

import { jsonRows } from '../../db/json-rows.ts';
import { callFlows } from '../../db/schema/call-flows.ts';
import { products } from '../../db/schema/customers.ts';
import { users } from '../../db/schema/identity.ts';
import { cloudPhonesOf } from '../customers/index.ts';
import { selectWithSession, sessionQuery } from '../identity/index.ts';

// A read model of the call-flows module: GET call-flow list's one query. It joins the identity module's users and
// tokens (the session) and the customers module's products (the ownership check) to call-flows' own callFlows, and
// writes nothing.

/** A flow as the list shows it: no tree, but its validity; `data` only while `valid` is not yet known. */
interface FlowSummaryRow {
  id: number;
  name: string;
  enable: boolean;
  version: number;
  updatedAt: Date;
  valid: boolean | null;
  data: FlowNode | null;
}

/** A flow of the list as the query's JSON gives it (db/json-rows.ts): its time as text. */
type FlowSummaryJson = Omit<FlowSummaryRow, 'updatedAt'> & { updatedAt: string };

/**
 * GET call-flow list in one round trip: the session (identity/tokens-repository.ts `selectWithSession`), the ownership
 * check and the product's flows (one JSON array, by id) in one row, prepared once per database (its SQL is built
 * once; PostgreSQL plans it once per pooled connection). The session's row comes back even when the product is not a
 * cloud phone of the session's account (`productId` null), so "not live", "not yours" and "no flows yet" stay apart.
 * Trees are read only for flows whose validity is not stored yet.
 */
export const flowSummariesWithSession = sessionQuery('call_flow_summaries_with_session', (db) =>
  selectWithSession(db, {
    productId: products.id,
    flows: jsonRows<FlowSummaryJson>(
      {
        id: callFlows.id,
        name: callFlows.name,
        enable: callFlows.enable,
        version: callFlows.version,
        updatedAt: callFlows.updatedAt,
        valid: callFlows.valid,
        data: sql`case when ${callFlows.valid} is null then ${callFlows.data} end`,
      } satisfies Record<keyof FlowSummaryJson, SQLWrapper>,
      sql`${callFlows} where ${callFlows.productId} = ${products.id}`,
      callFlows.id,
    ),
  }).leftJoin(products, cloudPhonesOf(users.accountId, eq(products.id, sql.placeholder('productId')))),
);

/** The flows of the list's row, oldest first; null when the product is not a cloud phone of the session's account. */
export function flowSummariesOf(
  row: { productId: number | null; flows: FlowSummaryJson[] } | undefined,
): FlowSummaryRow[] | null {
  if (row?.productId == null) return null;
  return row.flows.map((flow) => ({ ...flow, updatedAt: new Date(flow.updatedAt) }));
}
