import { z } from 'zod';

/** What a new owner has done of what makes the assistant work, in the order the card proposes it. */
export const GETTING_STARTED_STEPS = ['mailbox', 'categories', 'knowledge', 'firstDraft'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

export const gettingStartedSchema = z.object({
  mailbox: z.boolean(),
  categories: z.boolean(),
  knowledge: z.boolean(),
  /** The assistant has written a first draft or reply for the mailbox. */
  firstDraft: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;

/** The first step not done yet, or null when every one is. */
export const nextGettingStartedStep = (done: GettingStarted): GettingStartedStep | null =>
  GETTING_STARTED_STEPS.find((step) => !done[step]) ?? null;
