import { z } from 'zod';
import {
  KNOWLEDGE_MAX_PAGE_SIZE,
  KNOWLEDGE_PAGE_SIZE,
  KNOWLEDGE_SEARCH_MAX,
  KNOWLEDGE_TEXT_MAX,
  KNOWLEDGE_TITLE_MAX,
} from './constants';

/**
 * Who may read an entry through the assistant: `quotable` entries may be copied into replies;
 * `internal` ones help the assistant understand a message but are never quoted or revealed in one.
 */
export const KNOWLEDGE_VISIBILITIES = ['quotable', 'internal'] as const;
export type KnowledgeVisibility = (typeof KNOWLEDGE_VISIBILITIES)[number];

/** Body of POST /api/data and POST /api/data/{context}. Error messages are i18n keys. */
export const knowledgeInputSchema = z.object({
  title: z
    .string({ error: 'knowledge.titleRequired' })
    .trim()
    .min(1, 'knowledge.titleRequired')
    .max(KNOWLEDGE_TITLE_MAX, 'knowledge.titleTooLong'),
  text: z.string().max(KNOWLEDGE_TEXT_MAX, 'knowledge.textTooLong').default(''),
  visibility: z.enum(KNOWLEDGE_VISIBILITIES, { error: 'knowledge.visibilityInvalid' }).default('quotable'),
});
export type KnowledgeInput = z.input<typeof knowledgeInputSchema>;

/**
 * Body of POST /api/data/{context}: as a creation, except that a missing visibility keeps the
 * entry's own (a client unaware of it must not turn an internal entry quotable).
 */
export const knowledgeUpdateSchema = knowledgeInputSchema.extend({
  visibility: z.enum(KNOWLEDGE_VISIBILITIES, { error: 'knowledge.visibilityInvalid' }).optional(),
});

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
  visibility: z.enum(KNOWLEDGE_VISIBILITIES),
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
