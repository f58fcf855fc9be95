import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryOptions, useAuth } from '@/lib/session';

/** PUT /api/user-profiles/{id} with `showGuide`: the help guide flag of the session user. */
export const setShowGuide = (profileId: string, showGuide: boolean) =>
  apiRequest(`/api/user-profiles/${encodeURIComponent(profileId)}`, { method: 'PUT', body: { showGuide } });

/** Spec 02 §2: entering the mail settings sets the flag (once per visit, only when it is off). */
export function useShowGuideOnEntry() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const done = useRef(false);
  const mutation = useMutation({
    mutationFn: (profileId: string) => setShowGuide(profileId, true),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
  });
  const { mutate } = mutation;
  useEffect(() => {
    if (done.current || !user?.profileId || user.showGuide) return;
    done.current = true;
    mutate(user.profileId);
  }, [user?.profileId, user?.showGuide, mutate]);
}
