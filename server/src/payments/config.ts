import type { PaymentsConfig } from '../config.ts';
import { hostedProvider } from './hosted-provider.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * The payment provider the configuration names (config.ts): PORTAL_PAYMENTS_PROVIDER=hosted with
 * PORTAL_PAYMENTS_API_URL, PORTAL_PAYMENTS_SECRET_KEY, PORTAL_PAYMENTS_PUBLIC_KEY,
 * PORTAL_PAYMENTS_WEBHOOK_SECRET and PORTAL_PAYMENTS_CHECKOUT_URL (PORTAL_PAYMENTS_CHECKOUT_SRC
 * optional) for a real one; the sandbox otherwise. A hosted provider missing a setting is a
 * start-up error, never a silent sandbox.
 */
export function paymentProvider(config: PaymentsConfig, sandbox: () => PaymentProvider): PaymentProvider {
  if (config.provider === 'sandbox') return sandbox();
  const { apiUrl, secretKey, publicKey, webhookSecret, checkoutAction, checkoutSrc } = config;
  return hostedProvider({ apiUrl, secretKey, publicKey, webhookSecret, checkoutAction, checkoutSrc });
}
