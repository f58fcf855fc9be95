/**
 * What a new owner has done of what makes the assistant work, in the order the Getting started button
 * proposes it. Without zod: every signed-in screen reads it (the server's route has the schema).
 */
export const GETTING_STARTED_STEPS = ['mailbox', 'categories', 'knowledge', 'firstDraft'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

/** `firstDraft`: the assistant has written a first draft or reply for the mailbox. */
export type GettingStarted = Record<GettingStartedStep, boolean>;

/** The first step not done yet, or null when every one is. */
export const nextGettingStartedStep = (done: GettingStarted): GettingStartedStep | null =>
  GETTING_STARTED_STEPS.find((step) => !done[step]) ?? null;
