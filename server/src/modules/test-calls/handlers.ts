import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { TEST_CALL_TOKEN_TTL_MS, TEST_CALL_USER_PREFIX, testCallMessages } from '@portal/contract';
import { londonTime, type CallFlow, type HolidayPeriod } from '@portal/editor-core';
import type { Handlers } from '../../routes/index.ts';
import { detailError } from '../../plugins/errors.ts';
import { notFound, ownedVoipProduct, rowId } from '../products/products.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where test calls are answered (`host:port` of the call runtime's SIP), or null when CALL_RUNTIME=off. */
    testCallSipHost: string | null;
  }
}

/** How a token is stored: its sha256, so the table never holds a callable address. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const testCallHandlers = {
  /**
   * A single-use SIP address for the flow as saved, at the chosen instant (now by default); "on a holiday" adds the
   * instant's London date to the product's holiday schedule for this call only.
   */
  startTestCall: async ({ params, body, request, reply }) => {
    const sipHost = request.server.testCallSipHost;
    if (!sipHost) throw detailError(503, testCallMessages.runtimeOff);
    const product = await ownedVoipProduct(request, params.id);
    const row = await request.server.callFlowsRepository.flow(product.id, rowId(params.flow));
    if (!row) throw notFound();
    const now = request.server.now();
    const at = body.at ? new Date(body.at) : now;
    if (Number.isNaN(at.getTime())) throw detailError(400, testCallMessages.badInstant);
    const holidays: HolidayPeriod[] = (await request.server.phoneSettingsRepository.holidays(product.id)).map((h) => ({ start_date: h.startDate, end_date: h.endDate }));
    if (body.holiday) {
      const { date } = londonTime(at);
      holidays.push({ start_date: date, end_date: date });
    }
    const names: Record<string, string> = {};
    for (const seat of await request.server.usersRepository.seats(product.id)) names[seat.extension] = `${seat.firstName} ${seat.lastName}`.trim();
    const flow: CallFlow = { id: String(row.id), name: row.name, enable: row.enable, data: row.data };
    const token = randomBytes(18).toString('base64url');
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + TEST_CALL_TOKEN_TTL_MS);
    await request.server.testCallsRepository.create({
      id,
      productId: product.id,
      flowId: row.id,
      flowVersion: row.version,
      tokenHash: tokenHash(token),
      flow,
      at,
      holidays,
      names,
      createdAt: now,
      expiresAt,
    });
    reply.header('cache-control', 'no-store');
    return { id, token, sip_uri: `sip:${TEST_CALL_USER_PREFIX}${token}@${sipHost}`, expires_at: expiresAt.toISOString(), flow_version: row.version };
  },
} satisfies Pick<Handlers, 'startTestCall'>;
