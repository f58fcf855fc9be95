import { loadStripe } from '@stripe/stripe-js/pure';

export type Confirmation = { ok: true } | { ok: false; message: string };

/**
 * Confirms the card payment of an invoice with its client secret (spec 01 §4): Stripe.js runs
 * 3-D Secure when the bank asks for it. Stripe.js is loaded from js.stripe.com only when needed.
 * A failure answers Stripe's message, or an i18n key.
 */
export async function confirmCardPayment(publishableKey: string | null, clientSecret: string | null): Promise<Confirmation> {
  if (!publishableKey || !clientSecret) return { ok: false, message: 'billing.errors.PAYMENT_FAILED' };
  try {
    const stripe = await loadStripe(publishableKey);
    if (!stripe) return { ok: false, message: 'billing.errors.STRIPE_UNAVAILABLE' };
    const result = await stripe.confirmCardPayment(clientSecret);
    if (result.error) return { ok: false, message: result.error.message ?? 'billing.errors.PAYMENT_FAILED' };
    return { ok: true };
  } catch {
    return { ok: false, message: 'billing.errors.STRIPE_UNAVAILABLE' };
  }
}
