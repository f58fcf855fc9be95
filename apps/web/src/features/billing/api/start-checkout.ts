import { checkoutResponseSchema, type CheckoutResponse } from '@app/shared/billing';
import type { BillingCycle, PlanId } from '@app/shared/plans';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '@/lib/api-client';

export type CheckoutAnswer = CheckoutResponse | { success: false; url: null; message: string; status: number; code: string };

/**
 * GET /api/users/{userId}/subscriptions/checkouts: the hosted checkout's url. On error it answers
 * `{ success: false, message, status }` instead of failing (spec 01 §7); the message defaults to
 * 'Invalid request parameters' (the i18n key billing.invalidRequest) when the server gives none.
 */
export async function startCheckout(userId: string, plan: PlanId, billingCycle: BillingCycle): Promise<CheckoutAnswer> {
  try {
    return await apiRequest(`/api/users/${encodeURIComponent(userId)}/subscriptions/checkouts`, {
      query: { plan, billingCycle },
      schema: checkoutResponseSchema,
    });
  } catch (error) {
    const status = error instanceof ApiRequestError ? error.status : 0;
    const message = error instanceof ApiRequestError && error.message ? error.message : 'billing.invalidRequest';
    const code = error instanceof ApiRequestError ? error.code : '';
    return { success: false, url: null, message, status, code };
  }
}

export function useStartCheckout(userId: string) {
  return useMutation({
    mutationFn: ({ plan, billingCycle }: { plan: PlanId; billingCycle: BillingCycle }) =>
      startCheckout(userId, plan, billingCycle),
  });
}
