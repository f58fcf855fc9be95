import { subscriptionStateSchema } from '@app/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { billingKeys } from './keys';

/** GET /api/users/{userId}/subscriptions: the owner's subscription with its current period. */
export const getSubscription = (userId: string) =>
  apiRequest(`/api/users/${encodeURIComponent(userId)}/subscriptions`, { schema: subscriptionStateSchema });

export const subscriptionQueryOptions = (userId: string) =>
  queryOptions({ queryKey: billingKeys.subscription(userId), queryFn: () => getSubscription(userId) });

export function useSubscription(userId: string, enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(userId), enabled });
}
