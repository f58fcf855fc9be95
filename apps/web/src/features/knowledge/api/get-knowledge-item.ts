import { knowledgeItemSchema } from '@app/shared/knowledge';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { knowledgeKeys } from './keys';

export const getKnowledgeItem = (context: string) =>
  apiRequest(`/api/data/${encodeURIComponent(context)}`, { schema: knowledgeItemSchema });

export const knowledgeItemQueryOptions = (context: string) =>
  queryOptions({ queryKey: knowledgeKeys.item(context), queryFn: () => getKnowledgeItem(context) });

/** Loads the item unless it came with the navigation (`enabled` false). */
export function useKnowledgeItem(context: string | undefined, enabled: boolean) {
  return useQuery({ ...knowledgeItemQueryOptions(context ?? ''), enabled: enabled && !!context });
}
