import type { KnowledgeList } from '@app/shared/knowledge';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type KnowledgeListParams = { page: number; limit: number; search: string };

/** Typed, not parsed again: see `lib/api-client.ts`. */
export const getKnowledgeList = ({ page, limit, search }: KnowledgeListParams) =>
  apiRequest<KnowledgeList>('/api/data', { query: { page, limit, search } });

export const knowledgeListQueryOptions = (params: KnowledgeListParams) =>
  queryOptions({
    queryKey: ['knowledge', 'list', params],
    queryFn: () => getKnowledgeList(params),
    placeholderData: keepPreviousData,
  });

export function useKnowledgeList(params: KnowledgeListParams) {
  return useQuery(knowledgeListQueryOptions(params));
}
