import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type SetPasswordInput = { token: string; password: string; confirmPassword: string };

/** POST /api/invitations/set-password (public): creates the member's account and consumes the token. */
export const setInvitationPassword = (input: SetPasswordInput) =>
  apiRequest<{ success: true }>('/api/invitations/set-password', { method: 'POST', body: input });

export function useSetInvitationPassword() {
  return useMutation({ mutationFn: setInvitationPassword });
}
