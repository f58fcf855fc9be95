export type KnowledgeListParams = { page: number; limit: number; search: string };

/** Query keys of the knowledge base (one root: saving or deleting an entry refreshes lists and items). */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  list: (params: KnowledgeListParams) => [...knowledgeKeys.all, 'list', params] as const,
  item: (context: string) => [...knowledgeKeys.all, 'item', context] as const,
};
