import { defaultSimpleCallFlowData, SIMPLE_CALL_FLOW_NAME, type SimpleCallFlowData } from '@portal/contract';

import type { Inserts } from '../../db/connect.ts';
import { callFlows, simpleCallFlows } from '../../db/schema/call-flows.ts';

/** The demo's call flows on its customers' phones (db/seed.ts, db/demo-factory.ts). */

/** A phone's simple call flow: on with the default answer unless said. */
export async function seedSimpleCallFlow(
  tx: Inserts,
  productId: number,
  now: Date,
  flow: { enable: boolean; data: SimpleCallFlowData } = { enable: true, data: defaultSimpleCallFlowData() },
): Promise<void> {
  await tx.insert(simpleCallFlows).values({ productId, name: SIMPLE_CALL_FLOW_NAME, ...flow, updatedAt: now });
}

/** A phone's custom call flows, made and last changed `now`. */
export async function seedCallFlows(
  tx: Inserts,
  productId: number,
  flows: ReadonlyArray<Pick<typeof callFlows.$inferInsert, 'name' | 'enable' | 'data'>>,
  now: Date,
): Promise<void> {
  if (flows.length === 0) return;
  await tx
    .insert(callFlows)
    .values(flows.map(({ name, enable, data }) => ({ productId, name, enable, data, createdAt: now, updatedAt: now })));
}
