import { subscriptionStateSchema } from '@app/shared/billing';
import { apiRequest } from '@/lib/api-client';

/** GET /api/users/{userId}/payments/process: after Stripe.js confirmed a payment, the server reads Stripe again. */
export const processPayment = (userId: string) =>
  apiRequest(`/api/users/${encodeURIComponent(userId)}/payments/process`, { schema: subscriptionStateSchema });
