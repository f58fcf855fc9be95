import { defaultConfigsSchema } from '@app/shared/mail-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

export const getDefaultConfigs = () => apiRequest('/api/default-configs', { schema: defaultConfigsSchema });

export const defaultConfigsQueryOptions = queryOptions({
  queryKey: mailSettingsKeys.defaultConfigs(),
  queryFn: getDefaultConfigs,
  staleTime: 5 * 60_000,
});

/** The default fetch period, its maximum and which providers the server can connect. */
export function useDefaultConfigs() {
  return useQuery(defaultConfigsQueryOptions);
}
