import { z } from 'zod';

/**
 * Each owner's own AI provider (issue 39, item 5): a provider, a model and a key (or an
 * OpenAI-compatible address), tested with one call before it is saved, encrypted at rest and never
 * returned. It applies to that user's own mailbox and assistant; without one, the operator's default.
 */
export const AI_PROVIDERS = ['openai', 'anthropic', 'mistral', 'openai-compatible'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

export const aiProviderInputSchema = z
  .object({
    provider: z.enum(AI_PROVIDERS, 'aiProvider.validation.provider'),
    model: z.string().trim().min(1, 'aiProvider.validation.modelRequired').max(200, 'aiProvider.validation.modelTooLong'),
    /** Required for the hosted providers; an OpenAI-compatible server may need none. */
    apiKey: z.string().trim().max(500, 'aiProvider.validation.keyTooLong').optional(),
    /** An OpenAI-compatible server's address (Ollama, vLLM…): http(s), public unless the operator allows private hosts. */
    baseUrl: z
      .string()
      .trim()
      .max(500, 'aiProvider.validation.urlTooLong')
      .refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'aiProvider.validation.url')
      .optional(),
  })
  .refine((v) => v.provider === 'openai-compatible' || Boolean(v.apiKey), {
    message: 'aiProvider.validation.keyRequired',
    path: ['apiKey'],
  })
  .refine((v) => v.provider !== 'openai-compatible' || Boolean(v.baseUrl), {
    message: 'aiProvider.validation.urlRequired',
    path: ['baseUrl'],
  });
export type AiProviderInput = z.input<typeof aiProviderInputSchema>;

/** GET /api/ai-provider: which engine answers for the caller, and their own provider without its key. */
export const aiProviderViewSchema = z.object({
  active: z.object({
    /** 'local' (the built-in engine) or a provider's name. */
    engine: z.string(),
    model: z.string().nullable(),
    source: z.enum(['own', 'operator', 'builtin']),
  }),
  own: z
    .object({
      provider: z.enum(AI_PROVIDERS),
      model: z.string(),
      baseUrl: z.string().nullable(),
      hasKey: z.boolean(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type AiProviderView = z.infer<typeof aiProviderViewSchema>;

const count = z.number().int().nonnegative();
/** GET /api/ai-provider/usage: per day (UTC, newest first), the AI calls made for the caller, their tokens and the credits spent. */
export const aiUsageSchema = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      calls: count,
      /** Null when the provider reported none. */
      inputTokens: count.nullable(),
      outputTokens: count.nullable(),
      credits: count,
    }),
  ),
});
export type AiUsage = z.infer<typeof aiUsageSchema>;
