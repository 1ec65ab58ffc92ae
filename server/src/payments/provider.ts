import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The card-payment provider, as the portal sees it: a hosted checkout where the customer types
 * their card (never on our pages, never through our server), and the outcome of a session.
 * The sandbox provider (server/src/sandbox/checkout/) runs on this server; the hosted provider
 * (hosted-provider.ts) is a real one, chosen by PORTAL_PAYMENTS_PROVIDER=hosted.
 */
export interface PaymentProvider {
  readonly mode: 'sandbox' | 'hosted';
  /** The checkout fields GET /api/v3/payment/balance/ answers (spec 001 section 3 "Checkout"). */
  readonly checkout: { action: string; publicKey: string; src: string };
  /** Opens a hosted checkout for an amount; the same idempotency key answers the same session. */
  createSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The outcome of a session, asked of the provider (never taken from the browser); null when it knows none. */
  outcome(sessionId: string): Promise<SessionOutcome | null>;
  /**
   * Opens the hosted page in card set-up mode: the customer types a card there, which the provider
   * verifies (3-D Secure when asked) and keeps for future payments, charging nothing. The same
   * idempotency key answers the same session.
   */
  createCardSetup(request: CardSetupRequest): Promise<CheckoutSession>;
  /** How a card set-up ended, asked of the provider; null when it knows no such session. */
  cardSetupOutcome(sessionId: string): Promise<CardSetupOutcome | null>;
  /** Whether a webhook body carries the provider's signature. */
  verifyWebhook(body: string, signature: string | undefined): boolean;
}

export interface CheckoutRequest {
  amountPence: number;
  /** Ours: the attempt's reference, shown on the provider's page and statements. */
  reference: string;
  /** Where the provider sends the browser back; it adds cko-session-id. */
  returnUrl: string;
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  /** The provider's page to send the browser to. */
  redirectUrl: string;
}

export interface SessionOutcome {
  status: 'pending' | 'approved' | 'declined';
  /** The provider's payment id once approved. */
  paymentId: string | null;
  amountPence: number;
  /** Where the browser must go to finish (a 3-D Secure step), while pending. */
  redirectUrl: string | null;
}

export interface CardSetupRequest {
  /** Ours: shown on the provider's page. */
  reference: string;
  /** Where the provider sends the browser back; it adds cko-session-id. */
  returnUrl: string;
  idempotencyKey: string;
}

/** A saved card as the provider describes it to the merchant: never its number. */
export interface ProviderCard {
  brand: string;
  last4: string;
}

export interface CardSetupOutcome {
  status: 'pending' | 'approved' | 'declined';
  /** The provider's instrument (source) id of the saved card, once approved. */
  sourceId: string | null;
  card: ProviderCard | null;
  /** Where the browser must go to finish (a 3-D Secure step), while pending. */
  redirectUrl: string | null;
}

/** HMAC-SHA256 of the body, hex: how providers sign their webhooks. */
export const webhookSignature = (body: string, secret: string): string =>
  createHmac('sha256', secret).update(body).digest('hex');

/** Whether `signature` is the body's, compared in constant time. */
export function signatureMatches(body: string, signature: string | undefined, secret: string): boolean {
  if (!signature || !secret) return false;
  const expected = Buffer.from(webhookSignature(body, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
