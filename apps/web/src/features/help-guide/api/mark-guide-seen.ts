import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/session';

/**
 * PUT /api/user-profiles/{id} with `helpGuideSeen`: once opened, the guide never opens by itself
 * again for this user, in any browser (this browser also remembers it in its progress).
 */
export function useMarkGuideSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) =>
      apiRequest(`/api/user-profiles/${encodeURIComponent(profileId)}`, { method: 'PUT', body: { helpGuideSeen: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
  });
}
