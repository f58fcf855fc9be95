import { z } from 'zod';

/** How long a dry run can be asked for, in days (issue 36: "for a chosen number of days"). */
export const DRY_RUN_MAX_DAYS = 30;
export const DRY_RUN_PAGE_SIZE = 50;

/** What the assistant would have done with one message, as recorded during the dry run. */
export const dryRunActionSchema = z.object({
  kind: z.enum(['move', 'mark_spam', 'draft', 'reply', 'forward']),
  /** `dry_run`: it would have done it; `skipped`: it would have held it back (`detail` says why). */
  status: z.enum(['dry_run', 'skipped', 'pending', 'started', 'done', 'in_doubt', 'failed']),
  detail: z.string().nullable(),
  /** The folder a move or a draft would have gone to (its path). */
  folder: z.string().nullable(),
  /** The recipients of a reply or a forward. */
  to: z.array(z.string()),
  /** The text the assistant would have written (drafts and replies). */
  text: z.string().nullable(),
});

export const dryRunItemSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  from: z.object({ name: z.string(), address: z.string().nullable() }),
  subject: z.string(),
  /** The folder the message is in (dry run moves nothing) and its id there: the webmail opens it. */
  folder: z.string(),
  uid: z.string(),
  /** The category the assistant chose (null: none, left where it arrived). */
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  reason: z.string().nullable(),
  skipReason: z.string().nullable(),
  actions: z.array(dryRunActionSchema),
  verdict: z.enum(['right', 'wrong']).nullable(),
});
export type DryRunItem = z.infer<typeof dryRunItemSchema>;

/** GET /api/email-settings/dry-run: the dry run's state and what it recorded, newest first. */
export const dryRunPageSchema = z.object({
  until: z.string().nullable(),
  items: z.array(dryRunItemSchema),
  total: z.number().int(),
  reviewed: z.number().int(),
  wrong: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type DryRunPage = z.infer<typeof dryRunPageSchema>;

export const dryRunQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const dryRunParamSchema = z.object({ id: z.uuid('mailSettings.dryRun.validation.unknown') });

/**
 * PUT /api/email-settings/dry-run/{id}: the owner's review. `wrong` says where the message belongs
 * (`categoryId`, or null for none): a correction the engine learns before the next message.
 */
export const dryRunVerdictSchema = z.discriminatedUnion('verdict', [
  z.object({ verdict: z.literal('right') }),
  z.object({ verdict: z.literal('wrong'), categoryId: z.uuid('mailSettings.dryRun.validation.category').nullable() }),
]);
export type DryRunVerdict = z.infer<typeof dryRunVerdictSchema>;
