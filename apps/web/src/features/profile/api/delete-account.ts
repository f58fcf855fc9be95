import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { loadAuthClient } from '@/lib/auth-client';

/** Deletes the account (409 HAS_TEAM_MEMBERS while members remain), then signs out. */
export async function deleteAccount(uid: string): Promise<void> {
  await apiRequest(`/api/accounts/${encodeURIComponent(uid)}`, { method: 'DELETE' });
  const authClient = await loadAuthClient();
  await authClient.signOut();
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
