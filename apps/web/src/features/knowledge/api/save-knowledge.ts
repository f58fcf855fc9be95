import { knowledgeSaveResponseSchema, type KnowledgeInput } from '@app/shared/knowledge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { knowledgeKeys } from './keys';

/**
 * POST /api/data creates, POST /api/data/{context} updates; both answer `[context, item]`.
 * Returns the context.
 */
export async function saveKnowledge({ context, ...body }: KnowledgeInput & { context?: string | undefined }) {
  const path = context ? `/api/data/${encodeURIComponent(context)}` : '/api/data';
  const [savedContext] = await apiRequest(path, { method: 'POST', body, schema: knowledgeSaveResponseSchema });
  return savedContext;
}

export function useSaveKnowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveKnowledge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}
