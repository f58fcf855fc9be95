import { z } from 'zod';
import {
  KNOWLEDGE_MAX_PAGE_SIZE,
  KNOWLEDGE_PAGE_SIZE,
  KNOWLEDGE_SEARCH_MAX,
  KNOWLEDGE_TEXT_MAX,
  KNOWLEDGE_TITLE_MAX,
} from './constants';

/** Body of POST /api/data and POST /api/data/{context}. Error messages are i18n keys. */
export const knowledgeInputSchema = z.object({
  title: z
    .string({ error: 'knowledge.titleRequired' })
    .trim()
    .min(1, 'knowledge.titleRequired')
    .max(KNOWLEDGE_TITLE_MAX, 'knowledge.titleTooLong'),
  text: z.string().max(KNOWLEDGE_TEXT_MAX, 'knowledge.textTooLong').default(''),
});
export type KnowledgeInput = z.input<typeof knowledgeInputSchema>;

/** Query of GET /api/data. `userId` is accepted for the spec's sake and must be the caller's. */
export const knowledgeListQuerySchema = z.object({
  userId: z.string().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(KNOWLEDGE_MAX_PAGE_SIZE).default(KNOWLEDGE_PAGE_SIZE),
  search: z.string().trim().max(KNOWLEDGE_SEARCH_MAX).default(''),
});
export type KnowledgeListQuery = z.input<typeof knowledgeListQuerySchema>;

export const knowledgeItemSchema = z.object({
  _id: z.string(),
  context: z.string(),
  title: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeItem = z.infer<typeof knowledgeItemSchema>;

export const knowledgeListSchema = z.object({
  data: z.array(knowledgeItemSchema),
  totalCount: z.number().int(),
  /** True when a search matched more entries than were counted (see KNOWLEDGE_SEARCH_COUNT_CAP). */
  totalCapped: z.boolean(),
  totalPages: z.number().int(),
  page: z.number().int(),
});
export type KnowledgeList = z.infer<typeof knowledgeListSchema>;

/** Create and update answer with an array whose first element is the context. */
export const knowledgeSaveResponseSchema = z.tuple([z.string()]).rest(z.unknown());

export const contextParamSchema = z.object({ context: z.string().min(1).max(64) });

export const isContext = (value: string) => z.uuid().safeParse(value).success;
