import { promptSchema, type PromptInput } from '@app/shared/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { promptKeys } from './keys';

export type PromptValues = Omit<PromptInput, 'userId'>;

/** POST /api/user-prompts when there is no prompt yet, else PATCH /api/user-prompts/{id} with every field. */
export const savePrompt = ({ id, values }: { id: string | null; values: PromptValues }) =>
  id
    ? apiRequest(`/api/user-prompts/${encodeURIComponent(id)}`, { method: 'PATCH', body: values, schema: promptSchema })
    : apiRequest('/api/user-prompts', { method: 'POST', body: values, schema: promptSchema });

export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrompt,
    onSuccess: (prompt) => queryClient.setQueryData(promptKeys.prompt, prompt),
  });
}
