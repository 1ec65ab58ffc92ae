import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

import { formatPence } from '@portal/contract';

import { CSRF_FORM_FIELD } from '../../plugins/csrf.ts';
import { escapeHtml } from '../oauth/pages.ts';
import {
  cardBrandOf,
  SANDBOX_CHECKOUT_PATH,
  SANDBOX_TEST_CARDS,
  sandboxPaymentId,
  sandboxSourceId,
} from './provider.ts';
import { checkoutSessionById, decideCheckoutSession, type SandboxCheckoutSession } from './sessions-repository.ts';

const FORM_BODY_LIMIT = 4 * 1024;

/** The outcome of a card typed on the sandbox's page: chosen by the test card number, as real providers do. */
export function cardOutcome(cardNumber: string): 'approved' | 'declined' | 'challenge' {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === SANDBOX_TEST_CARDS.approve) return 'approved';
  if (digits === SANDBOX_TEST_CARDS.threeDSecure) return 'challenge';
  return 'declined';
}

/** What is wrong with the card form, or null. The number is checked, never kept. */
function cardProblem(fields: Record<string, string>): string | null {
  if (!/^[\d\s-]{12,23}$/.test(fields.card_number ?? '')) return 'Enter the card number, 12 to 19 digits.';
  if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(fields.expiry ?? '')) return 'Enter the expiry date as MM/YY.';
  if (!/^\d{3,4}$/.test(fields.cvc ?? '')) return 'Enter the 3 or 4 digit security code.';
  return null;
}

const back = (session: SandboxCheckoutSession) => {
  const url = new URL(session.successUrl, 'http://sandbox.invalid');
  url.searchParams.set('cko-session-id', session.id);
  return url.host === 'sandbox.invalid' ? `${url.pathname}${url.search}` : url.toString();
};

function page(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} - Sandbox payments</title>
  <style nonce="${nonce}">
    body { font-family: system-ui, sans-serif; margin: 0; color: #0b0c0c; line-height: 1.5; background: #f3f2f1; }
    main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 8px; }
    .banner { background: #1d3557; color: #fff; padding: .5rem 1rem; font-weight: 600; }
    label { display: block; font-weight: 600; margin-top: 1rem; }
    input { font: inherit; width: 100%; box-sizing: border-box; padding: .5rem; border: 2px solid #0b0c0c; border-radius: 4px; }
    button { font: inherit; margin-top: 1.25rem; padding: .6rem 1.2rem; border: 0; border-radius: 4px; background: #00703c; color: #fff; font-weight: 600; cursor: pointer; }
    button.secondary { background: #505a5f; }
    .error { border-left: 4px solid #d4351c; padding-left: .75rem; color: #d4351c; font-weight: 600; }
    .hint { color: #505a5f; font-size: .9rem; }
  </style>
</head>
<body>
  <div class="banner">Sandbox payments: a test provider, no real money moves</div>
  <main>${body}</main>
</body>
</html>`;
}

function sendPage(reply: FastifyReply, status: number, html: string, nonce: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Whether the session saves a card for future payments (charging nothing) rather than paying. */
const savesCard = (session: SandboxCheckoutSession) => session.mode === 'card_setup';

/** The approved state of a session: a payment id, or for a card set-up the saved card's id, brand and last four digits. */
function approval(session: SandboxCheckoutSession, card: { brand: string; last4: string } | null) {
  if (!savesCard(session)) return { status: 'approved' as const, paymentId: sandboxPaymentId() };
  return { status: 'approved' as const, sourceId: sandboxSourceId(), ...(card && { card }) };
}

function cardPage(session: SandboxCheckoutSession, csrfToken: string, nonce: string, problem: string | null): string {
  const action = `${SANDBOX_CHECKOUT_PATH}${encodeURIComponent(session.id)}`;
  const setup = savesCard(session);
  const submit = setup ? 'Save card' : `Pay ${formatPence(session.amountPence)}`;
  return page(
    setup ? 'Save a card' : 'Pay by card',
    `<h1>${setup ? 'Save a card for future payments' : `Pay ${formatPence(session.amountPence)}`}</h1>
    ${setup ? '<p>Nothing is charged now: the card is kept for your bills.</p>' : ''}
    <p>Reference ${escapeHtml(session.reference)}</p>
    ${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
    <form method="post" action="${action}" novalidate>
      <input type="hidden" name="${CSRF_FORM_FIELD}" value="${escapeHtml(csrfToken)}">
      <label for="card_number">Card number</label>
      <p class="hint" id="card-hint">Test cards: ${SANDBOX_TEST_CARDS.approve} approves, ${SANDBOX_TEST_CARDS.decline} is declined, ${SANDBOX_TEST_CARDS.threeDSecure} asks for 3-D Secure.</p>
      <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" aria-describedby="card-hint">
      <label for="expiry">Expiry date (MM/YY)</label>
      <input id="expiry" name="expiry" autocomplete="cc-exp">
      <label for="cvc">Security code</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc">
      <button type="submit">${escapeHtml(submit)}</button>
    </form>
    <form method="post" action="${action}/cancel">
      <input type="hidden" name="${CSRF_FORM_FIELD}" value="${escapeHtml(csrfToken)}">
      <button type="submit" class="secondary">Cancel and go back</button>
    </form>`,
    nonce,
  );
}

function challengePage(session: SandboxCheckoutSession, csrfToken: string, nonce: string): string {
  const action = `${SANDBOX_CHECKOUT_PATH}${encodeURIComponent(session.id)}/3ds`;
  const token = `<input type="hidden" name="${CSRF_FORM_FIELD}" value="${escapeHtml(csrfToken)}">`;
  return page(
    '3-D Secure',
    `<h1>Confirm it is you</h1>
    <p>${savesCard(session) ? 'Your bank asks you to confirm saving this card for future payments.' : `Your bank asks you to confirm the payment of ${formatPence(session.amountPence)}.`}</p>
    <form method="post" action="${action}">${token}<input type="hidden" name="result" value="pass"><button type="submit">Complete authentication</button></form>
    <form method="post" action="${action}">${token}<input type="hidden" name="result" value="fail"><button type="submit" class="secondary">Fail authentication</button></form>`,
    nonce,
  );
}

const donePage = (session: SandboxCheckoutSession, nonce: string) =>
  page(
    'Finished',
    `<h1>This ${savesCard(session) ? 'card set-up' : 'payment'} is finished</h1><p><a href="${escapeHtml(back(session))}">Go back to the portal</a></p>`,
    nonce,
  );

/**
 * The sandbox payment provider's hosted checkout: the provider's side, on this server
 * only while the sandbox provider is in use (app.ts), hidden from the OpenAPI document.
 * - GET/POST /sandbox/checkout/{id}: the card page; the test card number chooses the outcome. A
 *   session in card set-up mode saves the card instead of paying (nothing charged).
 * - GET/POST /sandbox/checkout/{id}/3ds: the 3-D Secure step.
 * - POST /sandbox/checkout/{id}/cancel: back to the portal, declined.
 * Each ends by sending the browser to the portal's return address with cko-session-id. The card
 * number is read from the form and dropped: not stored, not logged (request bodies never are).
 */
export async function registerSandboxCheckout(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    const hide = { schema: { hide: true } };
    const form = { ...hide, config: { csrf: 'form' as const } };
    const sessionOf = (params: unknown) => checkoutSessionById(scope.db, String((params as { id?: unknown }).id ?? ''));
    const nonce = () => randomBytes(16).toString('base64');

    scope.get(`${SANDBOX_CHECKOUT_PATH}:id`, hide, async (request, reply) => {
      const session = await sessionOf(request.params);
      const n = nonce();
      if (!session) return sendPage(reply, 404, page('Not found', '<h1>No such payment</h1>', n), n);
      if (session.status === 'challenge') return reply.redirect(`${SANDBOX_CHECKOUT_PATH}${session.id}/3ds`, 303);
      if (session.status !== 'pending') return sendPage(reply, 200, donePage(session, n), n);
      return sendPage(reply, 200, cardPage(session, request.csrfToken, n, null), n);
    });

    scope.post(`${SANDBOX_CHECKOUT_PATH}:id`, form, async (request, reply) => {
      const session = await sessionOf(request.params);
      const n = nonce();
      if (!session) return sendPage(reply, 404, page('Not found', '<h1>No such payment</h1>', n), n);
      if (session.status !== 'pending') return sendPage(reply, 200, donePage(session, n), n);
      const fields = (request.body ?? {}) as Record<string, string>;
      const problem = cardProblem(fields);
      if (problem) return sendPage(reply, 400, cardPage(session, request.csrfToken, n, problem), n);
      const digits = (fields.card_number ?? '').replace(/[\s-]/g, '');
      const outcome = cardOutcome(digits);
      // A card being saved: the provider keeps what it tells the merchant (brand, last four digits); the number is dropped here.
      const card =
        savesCard(session) && outcome !== 'declined' ? { brand: cardBrandOf(digits), last4: digits.slice(-4) } : null;
      const decided = await decideCheckoutSession(
        scope.db,
        session.id,
        ['pending'],
        outcome === 'approved' ? approval(session, card) : { status: outcome, ...(card && { card }) },
      );
      if (decided?.status === 'challenge') return reply.redirect(`${SANDBOX_CHECKOUT_PATH}${session.id}/3ds`, 303);
      return reply.redirect(back(session), 303);
    });

    scope.get(`${SANDBOX_CHECKOUT_PATH}:id/3ds`, hide, async (request, reply) => {
      const session = await sessionOf(request.params);
      const n = nonce();
      if (!session) return sendPage(reply, 404, page('Not found', '<h1>No such payment</h1>', n), n);
      if (session.status !== 'challenge') return sendPage(reply, 200, donePage(session, n), n);
      return sendPage(reply, 200, challengePage(session, request.csrfToken, n), n);
    });

    scope.post(`${SANDBOX_CHECKOUT_PATH}:id/3ds`, form, async (request, reply) => {
      const session = await sessionOf(request.params);
      const n = nonce();
      if (!session) return sendPage(reply, 404, page('Not found', '<h1>No such payment</h1>', n), n);
      const passed = (request.body as Record<string, string> | undefined)?.result === 'pass';
      await decideCheckoutSession(
        scope.db,
        session.id,
        ['challenge'],
        passed ? approval(session, null) : { status: 'declined' },
      );
      return reply.redirect(back(session), 303);
    });

    scope.post(`${SANDBOX_CHECKOUT_PATH}:id/cancel`, form, async (request, reply) => {
      const session = await sessionOf(request.params);
      const n = nonce();
      if (!session) return sendPage(reply, 404, page('Not found', '<h1>No such payment</h1>', n), n);
      await decideCheckoutSession(scope.db, session.id, ['pending', 'challenge'], { status: 'declined' });
      return reply.redirect(back(session), 303);
    });
  });
}
