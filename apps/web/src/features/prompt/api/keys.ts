/** Query keys of the prompt feature: the user's one prompt. */
export const promptKeys = {
  prompt: ['user-prompt'] as const,
};
