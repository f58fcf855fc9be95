/** Query keys of the help guide: what the user has set up so far. */
export const helpGuideKeys = {
  gettingStarted: ['getting-started'] as const,
};
