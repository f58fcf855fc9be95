import { mailSettingSchema, type MailSetting } from '@app/shared/mail-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailSettingsKeys } from './keys';

export const getMailSetting = () => apiRequest('/api/email-settings', { schema: mailSettingSchema.nullable() });

const RUNNING_BATCH = ['pending', 'processing'];
const RUNNING_CATEGORIZE = ['QUEUED', 'FETCHING', 'ANALYZING', 'REFINING', 'FINALIZING'];
/** A running batch is polled this often, so its progress shows as it goes. */
export const POLL_MS = 3000;

/** Whether a batch job of the setting is still running (its status is then polled). */
export function hasRunningBatch(setting: MailSetting | null | undefined) {
  if (!setting) return false;
  const batch = setting.isSyncEnabled && RUNNING_BATCH.includes((setting.batchStatus ?? '').toLowerCase());
  const categorize = RUNNING_CATEGORIZE.includes((setting.batchCategorizeStatus ?? '').toUpperCase());
  return batch || categorize;
}

export const mailSettingQueryOptions = queryOptions({
  queryKey: mailSettingsKeys.setting(),
  queryFn: getMailSetting,
  refetchInterval: (query) => (hasRunningBatch(query.state.data) ? POLL_MS : false),
});

/** GET /api/email-settings: the connected mail account, or null. */
export function useMailSetting() {
  return useQuery(mailSettingQueryOptions);
}
