import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { knowledgeKeys } from './keys';

export const deleteKnowledge = (context: string) =>
  apiRequest<{ success: true }>(`/api/data/${encodeURIComponent(context)}`, { method: 'DELETE' });

/** The row leaves the list only once the server has deleted it (the list is refetched). */
export function useDeleteKnowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKnowledge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}
