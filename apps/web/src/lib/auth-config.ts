import type { AuthConfig } from '@app/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Checked by the server against `authConfigSchema` (defaults included) before it is sent. */
export const getAuthConfig = () => apiRequest<AuthConfig>('/api/auth-config');

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth-config'],
  queryFn: getAuthConfig,
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
