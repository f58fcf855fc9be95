import { profileSchema, type Profile } from '@app/shared/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '@/lib/api-client';
import { profileKeys } from './keys';

/** The signed-in user's profile, or null when none was created yet (404). */
export async function getProfile(): Promise<Profile | null> {
  try {
    return await apiRequest('/api/user-profiles', { schema: profileSchema });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export const profileQueryOptions = queryOptions({ queryKey: profileKeys.profile, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions);
}
