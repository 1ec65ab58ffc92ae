import { randomBytes } from 'node:crypto';
import { signatureMatches, type PaymentProvider } from '../../payments/provider.ts';
import type { SandboxCheckoutRepository } from './sessions-repository.ts';

/** The sandbox's webhook secret: it sends none, but the check is the hosted provider's. */
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret';

/** Where the sandbox's hosted checkout lives on this server. */
export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout/';

/**
 * Test cards of the sandbox's hosted checkout, as real providers have them (README "Payments"):
 * one approves, one is declined, one asks for a 3-D Secure step first. Any other number is declined.
 */
export const SANDBOX_TEST_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  threeDSecure: '4000000000003220',
} as const;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The sandbox payment provider: its sessions live in this server's database (its own table),
 * its hosted checkout at /sandbox/checkout/{id} (routes.ts). The card typed there is read once
 * and dropped; only the outcome is kept.
 */
export function sandboxProvider(repository: () => SandboxCheckoutRepository): PaymentProvider {
  return {
    mode: 'sandbox',
    checkout: { action: SANDBOX_CHECKOUT_PATH, publicKey: 'pk_sandbox_portal', src: '' },
    async createSession(request) {
      const id = newId('cks');
      await repository().add({ id, amountPence: request.amountPence, reference: request.reference, successUrl: request.returnUrl, failureUrl: request.returnUrl });
      return { id, redirectUrl: `${SANDBOX_CHECKOUT_PATH}${id}` };
    },
    async outcome(sessionId) {
      const session = await repository().byId(sessionId);
      if (!session) return null;
      const pending = session.status === 'pending' || session.status === 'challenge';
      return {
        status: pending ? 'pending' : session.status === 'approved' ? 'approved' : 'declined',
        paymentId: session.paymentId,
        amountPence: session.amountPence,
        redirectUrl: session.status === 'challenge' ? `${SANDBOX_CHECKOUT_PATH}${sessionId}/3ds` : pending ? `${SANDBOX_CHECKOUT_PATH}${sessionId}` : null,
      };
    },
    verifyWebhook: (body, signature) => signatureMatches(body, signature, SANDBOX_WEBHOOK_SECRET),
  };
}

/** A new payment id of the sandbox provider. */
export const sandboxPaymentId = () => newId('pay_sbx');
