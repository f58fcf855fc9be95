import { invoiceListSchema } from '@app/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { billingKeys } from './keys';

/** GET /api/users/{userId}/invoices: the owner's invoices, newest first. */
export const getInvoices = (userId: string) =>
  apiRequest(`/api/users/${encodeURIComponent(userId)}/invoices`, { schema: invoiceListSchema });

export const invoicesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: billingKeys.invoices(userId), queryFn: () => getInvoices(userId) });

export function useInvoices(userId: string, enabled = true) {
  return useQuery({ ...invoicesQueryOptions(userId), enabled });
}
