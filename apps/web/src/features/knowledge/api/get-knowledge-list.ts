import type { KnowledgeList } from '@app/shared/knowledge';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { knowledgeKeys, type KnowledgeListParams } from './keys';

/** Typed, not parsed again: see `lib/api-client.ts`. */
export const getKnowledgeList = ({ page, limit, search }: KnowledgeListParams) =>
  apiRequest<KnowledgeList>('/api/data', { query: { page, limit, search } });

export const knowledgeListQueryOptions = (params: KnowledgeListParams) =>
  queryOptions({
    queryKey: knowledgeKeys.list(params),
    queryFn: () => getKnowledgeList(params),
    placeholderData: keepPreviousData,
    // Long enough for a page asked for when its button is pointed at to be taken as it is when clicked;
    // saving or deleting an entry marks every list stale at once.
    staleTime: 10_000,
  });

export function useKnowledgeList(params: KnowledgeListParams) {
  return useQuery(knowledgeListQueryOptions(params));
}
