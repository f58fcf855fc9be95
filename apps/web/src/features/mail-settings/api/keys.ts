/** Query keys of the mail-settings feature (everything under one root, so one invalidation refreshes all). */
export const mailSettingsKeys = {
  all: ['mail-settings'] as const,
  setting: () => [...mailSettingsKeys.all, 'setting'] as const,
  defaultConfigs: () => [...mailSettingsKeys.all, 'default-configs'] as const,
  activity: () => [...mailSettingsKeys.all, 'activity'] as const,
  categories: () => [...mailSettingsKeys.all, 'categories'] as const,
  dryRun: () => [...mailSettingsKeys.all, 'dry-run'] as const,
  dryRunPage: (page: number) => [...mailSettingsKeys.dryRun(), page] as const,
  accuracy: () => [...mailSettingsKeys.all, 'accuracy'] as const,
  accuracyReplay: () => [...mailSettingsKeys.all, 'accuracy-replay'] as const,
  draftUsage: () => [...mailSettingsKeys.all, 'draft-usage'] as const,
  mailboxes: (settingId: string) => [...mailSettingsKeys.all, 'mailboxes', settingId] as const,
  discovery: (email: string) => [...mailSettingsKeys.all, 'discovery', email] as const,
};
