import { randomBytes } from 'node:crypto';

import type { Database } from '../../db/connect.ts';
import { signatureMatches, type PaymentProvider } from '../../payments/provider.ts';
import { addCheckoutSession, checkoutSessionById } from './sessions-repository.ts';

/** The sandbox's webhook secret: it sends none, but the check is the hosted provider's. */
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret';

/** Where the sandbox's hosted checkout lives on this server. */
export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout/';

/**
 * Test cards of the sandbox's hosted checkout, as real providers have them (docs/demo-accounts.md):
 * one approves, one is declined, one asks for a 3-D Secure step first. Any other number is declined.
 * The same numbers work in card set-up mode (a card saved for recurring payments).
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
export function sandboxProvider(db: Database): PaymentProvider {
  return {
    mode: 'sandbox',
    checkout: { action: SANDBOX_CHECKOUT_PATH, publicKey: 'pk_sandbox_portal', src: '' },
    async createSession(request) {
      const id = newId('cks');
      await addCheckoutSession(db, {
        id,
        amountPence: request.amountPence,
        reference: request.reference,
        successUrl: request.returnUrl,
        failureUrl: request.returnUrl,
      });
      return { id, redirectUrl: `${SANDBOX_CHECKOUT_PATH}${id}` };
    },
    async outcome(sessionId) {
      const session = await checkoutSessionById(db, sessionId);
      if (!session || session.mode !== 'payment') return null;
      const pending = session.status === 'pending' || session.status === 'challenge';
      return {
        status: pending ? 'pending' : session.status === 'approved' ? 'approved' : 'declined',
        paymentId: session.paymentId,
        amountPence: session.amountPence,
        redirectUrl:
          session.status === 'challenge'
            ? `${SANDBOX_CHECKOUT_PATH}${sessionId}/3ds`
            : pending
              ? `${SANDBOX_CHECKOUT_PATH}${sessionId}`
              : null,
      };
    },
    async createCardSetup(request) {
      const id = newId('cks');
      await addCheckoutSession(db, {
        id,
        mode: 'card_setup',
        amountPence: 0,
        reference: request.reference,
        successUrl: request.returnUrl,
        failureUrl: request.returnUrl,
      });
      return { id, redirectUrl: `${SANDBOX_CHECKOUT_PATH}${id}` };
    },
    async cardSetupOutcome(sessionId) {
      const session = await checkoutSessionById(db, sessionId);
      if (!session || session.mode !== 'card_setup') return null;
      const pending = session.status === 'pending' || session.status === 'challenge';
      const approved = session.status === 'approved' && session.sourceId !== null;
      return {
        status: pending ? 'pending' : approved ? 'approved' : 'declined',
        sourceId: approved ? session.sourceId : null,
        card:
          approved && session.cardBrand && session.cardLast4
            ? { brand: session.cardBrand, last4: session.cardLast4 }
            : null,
        redirectUrl:
          session.status === 'challenge'
            ? `${SANDBOX_CHECKOUT_PATH}${sessionId}/3ds`
            : pending
              ? `${SANDBOX_CHECKOUT_PATH}${sessionId}`
              : null,
      };
    },
    verifyWebhook: (body, signature) => signatureMatches(body, signature, SANDBOX_WEBHOOK_SECRET),
  };
}

/** A new instrument (saved card) id of the sandbox provider. */
export const sandboxSourceId = () => newId('src_sbx');

/**
 * The brand of a card number by its leading digits, as a provider tells its merchant (with the
 * last four digits): Visa 4, Mastercard 51-55 and 2221-2720, American Express 34 and 37.
 */
export function cardBrandOf(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  if (two === 34 || two === 37) return 'American Express';
  return 'Card';
}

/** A new payment id of the sandbox provider. */
export const sandboxPaymentId = () => newId('pay_sbx');
