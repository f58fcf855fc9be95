/** Query keys of the profile feature. The enterprise categories, per language, have a root of their own. */
export const profileKeys = {
  profile: ['profile'] as const,
  enterpriseCategories: (lang: string) => ['enterprise-categories', lang] as const,
  /** The caller's AI engine (issue 39, item 5); its usage sits under it, so invalidating this refreshes both. */
  aiProvider: ['ai-provider'] as const,
  aiUsage: ['ai-provider', 'usage'] as const,
};
