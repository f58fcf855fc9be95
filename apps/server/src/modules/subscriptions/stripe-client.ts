import Stripe from 'stripe';

export type StripeCredentials = { secretKey: string; endpointBase?: string };

/**
 * The Stripe SDK for our account. `endpointBase` points it at another host (the test suite's
 * Stripe-shaped server); the SDK retries network errors and 429/409s itself (with the same
 * idempotency key).
 */
export function createStripe(credentials: StripeCredentials): Stripe {
  const base = credentials.endpointBase ? new URL(credentials.endpointBase) : null;
  return new Stripe(credentials.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'mail-assistant' },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

export type { Stripe };
