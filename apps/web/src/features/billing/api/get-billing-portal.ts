import { billingPortalSchema } from '@app/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { billingKeys } from './keys';

/** GET /api/billing/{userId}: the payment provider's billing portal url, or null. */
export const getBillingPortal = (userId: string) =>
  apiRequest(`/api/billing/${encodeURIComponent(userId)}`, { schema: billingPortalSchema });

export const billingPortalQueryOptions = (userId: string) =>
  queryOptions({ queryKey: billingKeys.portal(userId), queryFn: () => getBillingPortal(userId), staleTime: 0, gcTime: 0 });

export function useBillingPortal(userId: string, enabled = true) {
  return useQuery({ ...billingPortalQueryOptions(userId), enabled });
}
