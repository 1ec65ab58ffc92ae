import {
  signatureMatches,
  type CardSetupOutcome,
  type CardSetupRequest,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type SessionOutcome,
} from './provider.ts';

/** The settings of a real hosted-checkout provider (PORTAL_PAYMENTS_*). */
export interface HostedProviderSettings {
  apiUrl: string;
  secretKey: string;
  publicKey: string;
  webhookSecret: string;
  /** The provider's checkout page and script, answered to the browser. */
  checkoutAction: string;
  checkoutSrc: string;
}

/**
 * A hosted-payments provider in the manner of Checkout.com's Hosted Payments Page: POST
 * {api}/hosted-payments opens a session (with the Cko-Idempotency-Key header), GET
 * {api}/payments/{session id} tells its outcome, and webhooks are signed with HMAC-SHA256 of the
 * body (header cko-signature). The secret key never leaves the server.
 */
export function hostedProvider(settings: HostedProviderSettings, fetcher: typeof fetch = fetch): PaymentProvider {
  const call = async (path: string, init: RequestInit & { idempotencyKey?: string } = {}) => {
    const response = await fetcher(`${settings.apiUrl.replace(/\/+$/, '')}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${settings.secretKey}`,
        'content-type': 'application/json',
        ...(init.idempotencyKey && { 'cko-idempotency-key': init.idempotencyKey }),
      },
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`payment provider answered ${response.status} to ${path}`);
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    mode: 'hosted',
    checkout: { action: settings.checkoutAction, publicKey: settings.publicKey, src: settings.checkoutSrc },
    async createSession(request: CheckoutRequest): Promise<CheckoutSession> {
      const body = await call('/hosted-payments', {
        method: 'POST',
        idempotencyKey: request.idempotencyKey,
        body: JSON.stringify({
          amount: request.amountPence,
          currency: 'GBP',
          reference: request.reference,
          success_url: request.returnUrl,
          failure_url: request.returnUrl,
          cancel_url: request.returnUrl,
        }),
      });
      const links = body?._links as { redirect?: { href?: string } } | undefined;
      if (typeof body?.id !== 'string' || typeof links?.redirect?.href !== 'string')
        throw new Error('payment provider answered no session');
      return { id: body.id, redirectUrl: links.redirect.href };
    },
    async outcome(sessionId: string): Promise<SessionOutcome | null> {
      const body = await call(`/payments/${encodeURIComponent(sessionId)}`);
      if (!body) return null;
      const status = String(body.status ?? '');
      const links = body._links as { redirect?: { href?: string } } | undefined;
      return {
        status: body.approved === true ? 'approved' : status === 'Pending' ? 'pending' : 'declined',
        paymentId: typeof body.id === 'string' ? body.id : null,
        amountPence: Number(body.amount ?? 0),
        redirectUrl: links?.redirect?.href ?? null,
      };
    },
    // Card set-up is the hosted page's card verification: amount 0, the card stored for merchant-initiated
    // recurring payments; the payment's `source` then carries the instrument id, scheme and last 4 digits.
    async createCardSetup(request: CardSetupRequest): Promise<CheckoutSession> {
      const body = await call('/hosted-payments', {
        method: 'POST',
        idempotencyKey: request.idempotencyKey,
        body: JSON.stringify({
          amount: 0,
          currency: 'GBP',
          payment_type: 'Recurring',
          store_for_future_use: true,
          reference: request.reference,
          success_url: request.returnUrl,
          failure_url: request.returnUrl,
          cancel_url: request.returnUrl,
        }),
      });
      const links = body?._links as { redirect?: { href?: string } } | undefined;
      if (typeof body?.id !== 'string' || typeof links?.redirect?.href !== 'string')
        throw new Error('payment provider answered no session');
      return { id: body.id, redirectUrl: links.redirect.href };
    },
    async cardSetupOutcome(sessionId: string): Promise<CardSetupOutcome | null> {
      const body = await call(`/payments/${encodeURIComponent(sessionId)}`);
      if (!body) return null;
      const status = String(body.status ?? '');
      const links = body._links as { redirect?: { href?: string } } | undefined;
      const source = (body.source ?? {}) as { id?: unknown; scheme?: unknown; last4?: unknown };
      const verified = body.approved === true && typeof source.id === 'string';
      return {
        status: verified ? 'approved' : status === 'Pending' ? 'pending' : 'declined',
        sourceId: verified ? (source.id as string) : null,
        card:
          verified && typeof source.last4 === 'string' && /^\d{4}$/.test(source.last4)
            ? { brand: typeof source.scheme === 'string' ? source.scheme : 'Card', last4: source.last4 }
            : null,
        redirectUrl: links?.redirect?.href ?? null,
      };
    },
    verifyWebhook: (body, signature) => signatureMatches(body, signature, settings.webhookSecret),
  };
}
