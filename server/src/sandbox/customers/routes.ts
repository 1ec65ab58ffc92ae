import type { FastifyInstance } from 'fastify';

import { SandboxCustomer, SandboxCustomerRequest } from '@portal/contract';

import { makeDemoCustomer } from '../../db/demo-factory.ts';

/**
 * POST /sandbox/customers/ {kind}: a new customer like one of the demo customers, with a fresh
 * e-mail address and password (db/demo-factory.ts), for an end-to-end test that changes what it
 * signs in as. Registered only while the sandbox is on (app.ts, as the outbox), never with a
 * production mail or SMS transport; CSRF-checked like every unsafe call; hidden from the OpenAPI document.
 */
export function registerSandboxCustomers(app: FastifyInstance) {
  app.post(
    '/sandbox/customers/',
    { schema: { hide: true, body: SandboxCustomerRequest, response: { 201: SandboxCustomer } } },
    async (request, reply) => {
      const { kind } = request.body as SandboxCustomerRequest;
      const customer = await makeDemoCustomer(app.db, app.audio, kind, app.now());
      return reply.code(201).header('cache-control', 'no-store').send(customer);
    },
  );
}
