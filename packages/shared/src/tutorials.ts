/**
 * The tutorials page (spec 02 §2, §3 tutorial, §9): eight entries in this order. Their video
 * addresses come from the server's configuration (`TUTORIAL_VIDEOS`); an entry without one is hidden.
 * The product ships videos for six of them, none for the Gmail connection and the Gmail plugin.
 */
export const TUTORIAL_IDS = [
  'gmail-connection',
  'outlook-connection',
  'smtp-connection',
  'classification',
  'responses',
  'knowledge-base',
  'instructions',
  'gmail-plugin',
] as const;
export type TutorialId = (typeof TUTORIAL_IDS)[number];

export const isTutorialId = (value: string): value is TutorialId => (TUTORIAL_IDS as readonly string[]).includes(value);
