import { promptSchema } from '@app/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { promptKeys } from './keys';

/** PATCH /api/user-prompts/{id} with `enabled` only: the switch takes effect at once. */
export const togglePrompt = ({ id, enabled }: { id: string; enabled: boolean }) =>
  apiRequest(`/api/user-prompts/${encodeURIComponent(id)}`, { method: 'PATCH', body: { enabled }, schema: promptSchema });

export function useTogglePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: togglePrompt,
    onSuccess: (prompt) => queryClient.setQueryData(promptKeys.prompt, prompt),
  });
}
