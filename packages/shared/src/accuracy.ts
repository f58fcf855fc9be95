import { z } from 'zod';

/**
 * GET /api/email-settings/accuracy (issue 36, item 1): how the assistant would have filed the owner's
 * past mail, each message judged by a model that never saw it (apps/server/src/ai/past-mail-replay.ts).
 */
export const accuracyReportSchema = z.object({
  generatedAt: z.string(),
  /** The engine that was measured ('local'). */
  engine: z.string(),
  /** The past mail is cut into this many runs in date order; each is judged by a model trained on the runs before it. */
  chunks: z.number().int(),
  judged: z.number().int(),
  agreed: z.number().int(),
  categories: z.array(
    z.object({
      categoryId: z.string(),
      name: z.string(),
      /** Messages the owner filed in this category's folder. */
      filed: z.number().int(),
      /** Messages the assistant would have filed here. */
      chosen: z.number().int(),
      agreed: z.number().int(),
      /** agreed / chosen; null when it would have filed none here. */
      precision: z.number().nullable(),
      /** agreed / filed; null when nothing was filed here. */
      recall: z.number().nullable(),
    }),
  ),
  /** The newest messages where the assistant would not have done what the owner did (at most 100). */
  disagreements: z.array(
    z.object({
      date: z.string().nullable(),
      from: z.object({ name: z.string(), address: z.string() }).nullable(),
      subject: z.string(),
      /** Where the message is, to open it in the webmail. */
      folder: z.string(),
      uid: z.string(),
      owner: z.object({ id: z.string(), name: z.string() }),
      /** Null: it would have left the message where it arrived. */
      assistant: z.object({ id: z.string(), name: z.string() }).nullable(),
    }),
  ),
  /**
   * The owner's latest replies next to the draft the assistant would have written to the message they
   * answer (without that reply among its examples): their text similarity (text-similarity.ts).
   */
  replies: z.object({
    judged: z.number().int(),
    meanSimilarity: z.number().nullable(),
    /** A few side by side, the closest and the farthest. */
    examples: z.array(
      z.object({
        subject: z.string(),
        date: z.string().nullable(),
        /** The message answered, to open it in the webmail. */
        folder: z.string(),
        uid: z.string(),
        draft: z.string(),
        reply: z.string(),
        similarity: z.number(),
      }),
    ),
  }),
});
export type AccuracyReport = z.infer<typeof accuracyReportSchema>;

export const DISAGREEMENTS_KEPT = 100;
