import { z } from 'zod';
import { textSimilarity } from './text-similarity';

/**
 * What an AI draft stands on, shown with it in the webmail's draft editor (issue 39, item 1): the
 * knowledge entries and past replies it used, and what the owner should check before sending it.
 * The product finds them on the texts (which sentence an entry supports); an AI provider's own
 * claims are kept only when they name what it was given.
 */
export const draftSourceSchema = z.discriminatedUnion('kind', [
  /** A knowledge entry, by its context (opens at /knowledge). */
  z.object({ kind: z.literal('knowledge'), id: z.string(), title: z.string() }),
  /** One of the owner's own past replies, by its first words. */
  z.object({ kind: z.literal('pastReply'), excerpt: z.string() }),
]);
export type DraftSource = z.infer<typeof draftSourceSchema>;

export const DRAFT_CHECK_KINDS = [
  /** A sentence of the draft that no entry given to the engine supports (a fact to verify). */
  'unsupported',
  /** A question of the sender that no source of the draft answers. */
  'unanswered',
  /** The draft repeats an internal entry (never to be sent as it is). */
  'internal',
  /** A point the AI provider itself asked the owner to check. */
  'engine',
] as const;
export const draftCheckSchema = z.object({ kind: z.enum(DRAFT_CHECK_KINDS), text: z.string() });
export type DraftCheck = z.infer<typeof draftCheckSchema>;

export const draftReviewSchema = z.object({
  sources: z.array(draftSourceSchema),
  checks: z.array(draftCheckSchema),
  /** Every question of the sender shares its subject with a source the draft used. */
  allAnswered: z.boolean(),
});
export type DraftReview = z.infer<typeof draftReviewSchema>;

/**
 * What the owner did with an AI draft (issue 39, item 6), from the similarity of what they sent to
 * the draft (the same measure as the go-live report's): sent unchanged, edited, rewritten, or
 * discarded (deleted, or never sent within `DRAFT_UNUSED_DAYS`).
 */
export const DRAFT_OUTCOMES = ['unchanged', 'edited', 'rewritten', 'discarded'] as const;
export type DraftOutcome = (typeof DRAFT_OUTCOMES)[number];
/** At or above: sent as written (a greeting's name or a typo fixed). */
export const UNCHANGED_SIMILARITY = 0.95;
/** Below: what was sent keeps less than half of the draft's words. */
export const REWRITTEN_BELOW = 0.5;
/** A draft neither sent nor deleted after this many days counts as discarded. */
export const DRAFT_UNUSED_DAYS = 7;

export function sentDraftOutcome(draft: string, sent: string): { outcome: DraftOutcome; similarity: number } {
  const similarity = textSimilarity(draft, sent);
  const outcome = similarity >= UNCHANGED_SIMILARITY ? 'unchanged' : similarity >= REWRITTEN_BELOW ? 'edited' : 'rewritten';
  return { outcome, similarity };
}

const count = z.number().int().nonnegative();
/** GET /api/email-settings/draft-usage: per category (null: mail in no category), what became of its AI drafts. */
export const draftUsageSchema = z.object({
  categories: z.array(
    z.object({
      categoryId: z.string().nullable(),
      name: z.string().nullable(),
      unchanged: count,
      edited: count,
      rewritten: count,
      discarded: count,
      /** Written less than DRAFT_UNUSED_DAYS ago, not sent or deleted yet. */
      waiting: count,
    }),
  ),
});
export type DraftUsage = z.infer<typeof draftUsageSchema>;
