import { hostedProvider } from './hosted-provider.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * The payment provider from the environment: PORTAL_PAYMENTS_PROVIDER=hosted with
 * PORTAL_PAYMENTS_API_URL, PORTAL_PAYMENTS_SECRET_KEY, PORTAL_PAYMENTS_PUBLIC_KEY,
 * PORTAL_PAYMENTS_WEBHOOK_SECRET and PORTAL_PAYMENTS_CHECKOUT_URL (PORTAL_PAYMENTS_CHECKOUT_SRC
 * optional) for a real one; the sandbox otherwise. A hosted provider missing a setting is a
 * start-up error, never a silent sandbox.
 */
export function paymentProviderFromEnv(env: Record<string, string | undefined>, sandbox: () => PaymentProvider): PaymentProvider {
  const choice = env.PORTAL_PAYMENTS_PROVIDER ?? 'sandbox';
  if (choice === 'sandbox') return sandbox();
  if (choice !== 'hosted') throw new Error(`PORTAL_PAYMENTS_PROVIDER is "${choice}": use sandbox or hosted`);
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`PORTAL_PAYMENTS_PROVIDER=hosted needs ${name}`);
    return value;
  };
  return hostedProvider({
    apiUrl: required('PORTAL_PAYMENTS_API_URL'),
    secretKey: required('PORTAL_PAYMENTS_SECRET_KEY'),
    publicKey: required('PORTAL_PAYMENTS_PUBLIC_KEY'),
    webhookSecret: required('PORTAL_PAYMENTS_WEBHOOK_SECRET'),
    checkoutAction: required('PORTAL_PAYMENTS_CHECKOUT_URL'),
    checkoutSrc: env.PORTAL_PAYMENTS_CHECKOUT_SRC ?? '',
  });
}
