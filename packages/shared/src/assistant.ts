import { z } from 'zod';

/** The AI chat assistant (spec 02 §2 /agent, §3 chat message, §4 chat, §7 POST /ask). Messages are i18n keys. */

export const PROMPT_TYPES = ['email', 'classification', 'ai'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** A question longer than this is refused (a pasted e-mail fits). */
export const ASSISTANT_QUESTION_MAX = 8_000;
/** At most this many earlier messages are sent as history (type ai only). */
export const ASSISTANT_HISTORY_MAX = 20;
/** Each history message is cut to this length by the client and refused beyond it by the server. */
export const ASSISTANT_HISTORY_MESSAGE_MAX = 8_000;
/** Questions per user per minute, for the ask endpoints together (`POST /api/ai/ask` and its stream). */
export const ASSISTANT_ASKS_PER_MINUTE = 20;

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant'], { error: 'agent.validation.role' }),
  content: z.string({ error: 'agent.validation.content' }).max(ASSISTANT_HISTORY_MESSAGE_MAX, 'agent.validation.contentTooLong'),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * POST /api/ai/ask (and /api/ai/ask/stream). `userId` is accepted for the spec's shape but never
 * trusted: the server answers for the signed-in user. `history` is read for type `ai` only.
 */
export const askInputSchema = z.object({
  userId: z.string().optional(),
  question: z
    .string({ error: 'agent.validation.questionRequired' })
    .trim()
    .min(1, 'agent.validation.questionRequired')
    .max(ASSISTANT_QUESTION_MAX, 'agent.validation.questionTooLong'),
  promptType: z.enum(PROMPT_TYPES, { error: 'agent.validation.promptType' }),
  history: z.array(chatMessageSchema).max(ASSISTANT_HISTORY_MAX, 'agent.validation.historyTooLong').default([]),
});
export type AskInput = z.input<typeof askInputSchema>;

/** The answer of POST /api/ai/ask: the spec reads success, answer, message and status; `engine` names the active engine. */
export const askAnswerSchema = z.object({
  success: z.literal(true),
  answer: z.string(),
  message: z.string(),
  status: z.number(),
  engine: z.string(),
});
export type AskAnswer = z.infer<typeof askAnswerSchema>;

/**
 * POST /api/ai/ask/stream answers Server-Sent Events: `delta` events carry `{ text }` (the next piece
 * of the answer), then one `done` event carries the whole answer as POST /api/ai/ask would, or one
 * `error` event carries the error shape `{ success:false, code, message, status }`.
 */
export const askDeltaSchema = z.object({ text: z.string() });
export const askErrorSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  status: z.number(),
});
export type AskError = z.infer<typeof askErrorSchema>;
