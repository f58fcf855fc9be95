import type { MailLanguage, Profile } from '@app/shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/session';
import { profileKeys } from './keys';

/** The daily digest's settings on the profile (issue 36, item 4), each saved on its own. */
export type DigestChanges = Partial<{ language: MailLanguage; timeZone: string; dailyDigest: boolean }>;

/**
 * PUT /api/user-profiles/{id} with the changed digest settings only. The answer is not parsed again
 * with the shared schema here: this runs in the signed-in layout too (the capture at sign-in),
 * whose download carries no zod; the server checks its answers against the schema.
 */
export const updateProfile = ({ id, changes }: { id: string; changes: DigestChanges }) =>
  apiRequest<Profile>(`/api/user-profiles/${encodeURIComponent(id)}`, { method: 'PUT', body: changes });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileKeys.profile, profile);
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    },
  });
}
