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
  /**
   * The mail the owner left in the inbox over the same range, judged the same way (never learned
   * from): what the assistant would have moved, apart from the figures above since mail left in the
   * inbox may simply not be sorted yet. Absent from reports made before it was measured.
   */
  inbox: z
    .object({
      /** The inbox's folder id, to open the messages. */
      folder: z.string(),
      judged: z.number().int(),
      /** Taken for spam: held by the pipeline rather than filed. */
      heldAsSpam: z.number().int(),
      /** Per category, how many it would have moved there; largest first. */
      moved: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
      /** The newest messages it would have moved (at most 100). */
      examples: z.array(
        z.object({
          date: z.string().nullable(),
          from: z.object({ name: z.string(), address: z.string() }).nullable(),
          subject: z.string(),
          uid: z.string(),
          assistant: z.object({ id: z.string(), name: z.string() }),
        }),
      ),
    })
    .optional(),
  /**
   * The mail that arrived since the replay, filed by the assistant as it came (rules excluded): it is
   * folded into the figures above as it arrives; a message the owner moved out is a disagreement.
   */
  live: z.object({ filed: z.number().int(), corrected: z.number().int() }).optional(),
});
export type AccuracyReport = z.infer<typeof accuracyReportSchema>;

export const DISAGREEMENTS_KEPT = 100;

/**
 * With an AI provider every judgement costs credits: the replay runs only when the owner asks, after
 * seeing what it may cost, on at most this many of their newest filed messages (issue 36).
 */
export const AI_REPLAY_MAX_MESSAGES = 200;

/** GET /api/email-settings/accuracy/replay: what measuring with the AI provider may cost. */
export const accuracyReplayOfferSchema = z.object({
  /** The newest filed messages it judges at most. */
  messages: z.number().int(),
  creditsPerMessage: z.number().int(),
  /** What it costs at most: messages × creditsPerMessage (it stops earlier when the credits run out). */
  maxCredits: z.number().int(),
  /** The credits left this period; null when the plan goes on past zero (billed as extra credits). */
  balance: z.number().int().nullable(),
  /** Asked already: it runs at the next initialisation, which starts at once. */
  requested: z.boolean(),
});
export type AccuracyReplayOffer = z.infer<typeof accuracyReplayOfferSchema>;

/** Per category, what the assistant filed as mail arrived since the replay, and what the owner corrected. */
export interface LiveFigures {
  categoryId: string;
  /** Filed here by the assistant since the replay. */
  filed: number;
  /** Of those, moved elsewhere (or back) by the owner since. */
  corrected: number;
  /** Filed elsewhere by the assistant, moved here by the owner since. */
  movedIn: number;
}

/**
 * The replay's figures brought up to date with the mail filed since (issue 36: "brought up to date
 * incrementally as mail arrives and corrections are learned"): a message the assistant filed and the
 * owner left is an agreement, one they moved is a disagreement, counted like the replayed ones.
 */
export function withLiveFigures(report: AccuracyReport, live: LiveFigures[]): AccuracyReport {
  if (live.length === 0) return report;
  const of = new Map(live.map((l) => [l.categoryId, l]));
  let filed = 0;
  let corrected = 0;
  const categories = report.categories.map((c) => {
    const l = of.get(c.categoryId);
    if (!l) return c;
    filed += l.filed;
    corrected += l.corrected;
    const kept = l.filed - l.corrected;
    const chosen = c.chosen + l.filed;
    const agreed = c.agreed + kept;
    const ownerFiled = c.filed + kept + l.movedIn;
    return {
      ...c,
      filed: ownerFiled,
      chosen,
      agreed,
      precision: chosen ? agreed / chosen : null,
      recall: ownerFiled ? agreed / ownerFiled : null,
    };
  });
  return {
    ...report,
    judged: report.judged + filed,
    agreed: report.agreed + filed - corrected,
    categories,
    live: { filed, corrected },
  };
}
