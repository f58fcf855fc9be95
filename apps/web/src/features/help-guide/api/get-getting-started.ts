import type { GettingStarted } from '@app/shared/getting-started';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { helpGuideKeys } from './keys';

/** What the user has set up, read on the server (GET /api/getting-started); typed, not parsed again. */
export const gettingStartedQueryOptions = queryOptions({
  queryKey: helpGuideKeys.gettingStarted,
  queryFn: () => apiRequest<GettingStarted>('/api/getting-started'),
  staleTime: 30_000,
});

export function useGettingStarted(enabled: boolean) {
  return useQuery({ ...gettingStartedQueryOptions, enabled });
}
