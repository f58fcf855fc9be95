import { profileSchema, type profileInputSchema } from '@app/shared/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/session';
import { profileKeys } from './keys';

export type ProfileValues = z.output<typeof profileInputSchema>;

/** POST /api/user-profiles when there is no profile yet, else PUT /api/user-profiles/{id}. */
export const saveProfile = ({ id, values }: { id: string | null; values: ProfileValues }) =>
  id
    ? apiRequest(`/api/user-profiles/${encodeURIComponent(id)}`, { method: 'PUT', body: values, schema: profileSchema })
    : apiRequest('/api/user-profiles', { method: 'POST', body: values, schema: profileSchema });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileKeys.profile, profile);
      await queryClient.invalidateQueries(sessionQueryOptions);
    },
  });
}
