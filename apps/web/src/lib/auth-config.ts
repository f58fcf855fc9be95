import { authConfigSchema } from '@app/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getAuthConfig = () => apiRequest('/api/auth-config', { schema: authConfigSchema });

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth-config'],
  queryFn: getAuthConfig,
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
