import { checkoutStatusSchema } from '@app/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { billingKeys } from './keys';

/** GET /api/users/{userId}/checkouts/{sessionId}/status: the session as Stripe holds it, and the plan applied. */
export const getCheckoutStatus = (userId: string, sessionId: string) =>
  apiRequest(`/api/users/${encodeURIComponent(userId)}/checkouts/${encodeURIComponent(sessionId)}/status`, {
    schema: checkoutStatusSchema,
  });

/** While the session is still open (the payment is being settled), it is asked again every 2 s. */
export const checkoutStatusQueryOptions = (userId: string, sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.checkoutStatus(sessionId),
    queryFn: () => getCheckoutStatus(userId, sessionId),
    refetchInterval: (query) => (query.state.data?.status === 'open' && query.state.dataUpdateCount < 30 ? 2000 : false),
  });

export function useCheckoutStatus(userId: string, sessionId: string | null) {
  return useQuery({ ...checkoutStatusQueryOptions(userId, sessionId ?? ''), enabled: Boolean(sessionId) });
}
