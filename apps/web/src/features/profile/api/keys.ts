/** Query keys of the profile feature. The enterprise categories, per language, have a root of their own. */
export const profileKeys = {
  profile: ['profile'] as const,
  enterpriseCategories: (lang: string) => ['enterprise-categories', lang] as const,
};
