import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/session';

type GuideDone = { helpGuideSeen: true } | { gettingStartedClosed: true };

/**
 * PUT /api/user-profiles/{id} with `helpGuideSeen` or `gettingStartedClosed`: once opened, the guide
 * never opens by itself again, and once closed, the Getting started button stays closed, for this
 * user in any browser (this browser also remembers both in its progress).
 */
export function useMarkGuideDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, done }: { profileId: string; done: GuideDone }) =>
      apiRequest(`/api/user-profiles/${encodeURIComponent(profileId)}`, { method: 'PUT', body: done }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
  });
}
